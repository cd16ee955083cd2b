import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { createDeps } from '../runtime';
import { createUser, testConfig } from '../../test/helpers';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';

/** The embedded database keeps queued jobs across a restart of the server process. */
let sink: SmtpSink;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-jobs-restart-'));

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('jobs on the embedded database', () => {
  it('are still there after the process stops, and run when it starts again', async () => {
    const dataDir = path.join(dir, 'db');
    const config = testConfig({ smtpUrl: sink.url, dataDir: dir });
    // Always the embedded database, whichever project runs it (so migrated here, not from the snapshot).
    const first = await openDatabase({ dataDir });
    const before = createDeps(config, first, { work: false });
    await before.jobs.start();
    const ann = await createUser(first.db, { name: 'Ann Investor' });
    await first.db.transaction((tx) =>
      before.mailer.queueMany(tx, 'announcement', { userIds: [ann.id] }, { title: 'Kept', message: 'Hi' }),
    );
    await before.jobs.stop();
    await first.close();
    expect(sink.messages).toHaveLength(0);

    const second = await openDatabase({ dataDir, migrate: false });
    const after = createDeps(config, second, { work: true, pollingSeconds: 0.5 });
    await after.jobs.start();
    try {
      await expect.poll(() => sink.to(ann.email).length, { timeout: 15_000 }).toBe(1);
      expect(sink.to(ann.email)[0]!.subject).toBe('Kept');
    } finally {
      await after.jobs.stop();
      await second.close();
    }
  });
});
