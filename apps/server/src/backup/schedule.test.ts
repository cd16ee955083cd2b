import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createDeps } from '../runtime';
import { createUser, isPg, openTestDatabase, testConfig } from '../../test/helpers';
import { drillRestore } from './backup';
import { backupsToPrune, lastBackupAt, runScheduledBackup } from './schedule';

/**
 * Backups on a schedule (issue 37): written from the running database (the embedded one while it stays
 * open), kept with retention, recorded for /metrics, and restorable (a drill of what was written).
 */
const archive = (iso: string) => ({
  name: `investor-portal-${iso.replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.tar.gz`,
  at: new Date(iso),
});

describe('which backups are pruned', () => {
  it('keeps the newest of each of the last 7 days and of the last 3 months, and nothing else', () => {
    const all = [];
    // Two backups a day (03:00 and 15:00) from 1 January to 20 March.
    for (
      let d = new Date('2026-01-01T00:00:00Z');
      d <= new Date('2026-03-20T00:00:00Z');
      d.setUTCDate(d.getUTCDate() + 1)
    )
      for (const hour of ['03', '15'])
        all.push(archive(`${d.toISOString().slice(0, 10)}T${hour}:00:00.000Z`));
    const pruned = new Set(backupsToPrune(all, { daily: 7, monthly: 3 }));
    const keptNames = all.filter((a) => !pruned.has(a.name)).map((a) => a.name.slice(16, 29));
    expect(keptNames.sort()).toEqual(
      [
        // The newest of January and of February; March's newest is 20 March's.
        '2026-01-31T15',
        '2026-02-28T15',
        ...['14', '15', '16', '17', '18', '19', '20'].map((d) => `2026-03-${d}T15`),
      ].sort(),
    );
    expect(pruned.size).toBe(all.length - 9);
  });

  it('always keeps the newest, even with nothing else to keep, and ignores names that are not backups', () => {
    const one = archive('2026-05-01T03:00:00.000Z');
    expect(backupsToPrune([one], { daily: 1, monthly: 0 })).toEqual([]);
    expect(backupsToPrune([], { daily: 1, monthly: 0 })).toEqual([]);
  });
});

describe(`a scheduled backup (${isPg ? 'PostgreSQL' : 'embedded, while it runs'})`, () => {
  let database: Database;
  let dir: string;
  let config: ReturnType<typeof testConfig>;
  const scratch: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scheduled-'));
    config = testConfig({
      ...(isPg && { databaseUrl: database.url }),
      backups: { schedule: '0 2 * * *', dir, keepDaily: 2, keepMonthly: 0 },
    });
    scratch.push(dir, config.dataDir);
    await createUser(database.db, { email: 'kept@example.test' });
  });
  afterAll(async () => {
    await database.close();
    for (const d of scratch) fs.rmSync(d, { recursive: true, force: true });
  });

  it('writes an archive that restores, records it for /metrics, and prunes by the retention', async () => {
    expect(await lastBackupAt(database.db)).toBeNull();
    const days = ['2026-06-01T02:00:00.000Z', '2026-06-02T02:00:00.000Z', '2026-06-03T02:00:00.000Z'];
    for (const day of days) await runScheduledBackup(config, database, new Date(day));
    // Two days kept (BACKUP_KEEP_DAILY=2): the first day's archive is gone.
    expect(fs.readdirSync(dir).sort()).toEqual([
      'investor-portal-2026-06-02T02-00-00Z.tar.gz',
      'investor-portal-2026-06-03T02-00-00Z.tar.gz',
    ]);
    expect((await lastBackupAt(database.db))?.toISOString()).toBe(days[2]);
    const drill = await drillRestore(
      { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
      path.join(dir, 'investor-portal-2026-06-03T02-00-00Z.tar.gz'),
    );
    expect(drill.manifest.tables.find((t) => t.name === 'users')!.rows).toBeGreaterThanOrEqual(1);
    // The database kept answering, and is still open.
    expect(await createUser(database.db, { email: 'after@example.test' })).toBeTruthy();
  }, 120_000);

  it("runs as the job queue's backups job (the schedule sends it once per slot across instances)", async () => {
    // Not working the queue itself: the test runs the job (a worker would take it at once).
    const deps = createDeps(config, database, { work: false });
    await deps.jobs.start();
    try {
      await deps.jobs.send('backups', {});
      expect(await deps.jobs.drain('backups')).toBe(1);
      // Today's archive, and the newest before it; 2 June's is pruned (BACKUP_KEEP_DAILY=2).
      const today = new Date().toISOString().slice(0, 10);
      const after = fs.readdirSync(dir).sort();
      expect(after).toHaveLength(2);
      expect(after[0]).toBe('investor-portal-2026-06-03T02-00-00Z.tar.gz');
      expect(after[1]).toMatch(new RegExp(`^investor-portal-${today}T`));
      expect(Date.now() - (await lastBackupAt(database.db))!.getTime()).toBeLessThan(60_000);
    } finally {
      await deps.jobs.stop();
    }
  }, 120_000);
});
