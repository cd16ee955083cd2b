import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { createDeps } from '../runtime';
import { createPgDatabase, createUser, testConfig, type TestUser } from '../../test/helpers';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';

/**
 * The job queue on PostgreSQL with several instances: each working the same queue, sending the same
 * outbox. Runs in the server-pg project only (*.pg.test.ts).
 */
let sink: SmtpSink;
let url: string;
let drop: () => Promise<void>;
const opened: { database: Database; stop(): Promise<void> }[] = [];

beforeAll(async () => {
  sink = await startSmtpSink();
  ({ url, drop } = await createPgDatabase());
});
afterAll(async () => {
  for (const o of opened) {
    await o.stop();
    await o.database.close();
  }
  await sink.close();
  await drop();
});

/** One instance: its own connection pool, queue and mailer, working the queue or not. */
async function instance(work: boolean) {
  const database = await openDatabase({ url, poolSize: 4 });
  const config = testConfig({ smtpUrl: sink.url, databaseUrl: url });
  const deps = createDeps(config, database, { work, pollingSeconds: 0.5 });
  await deps.jobs.start();
  const handle = { database, stop: () => deps.jobs.stop() };
  opened.push(handle);
  return { ...deps, database, handle };
}

const statuses = async (database: Database) =>
  (
    (await database.db.execute(
      sql`select status, count(*)::int as n from mail_messages group by status order by status`,
    )) as unknown as { rows: { status: string; n: number }[] }
  ).rows;

describe('the job queue on PostgreSQL', { timeout: 60_000 }, () => {
  it('jobs queued while no worker runs survive the process and run when one starts', async () => {
    const web = await instance(false);
    const users: TestUser[] = [];
    for (let i = 0; i < 5; i++) users.push(await createUser(web.database.db, { name: `Queued ${i}` }));
    await web.database.db.transaction((tx) =>
      web.mailer.queueMany(
        tx,
        'announcement',
        { userIds: users.map((u) => u.id) },
        { title: 'Queued', message: 'Hi' },
      ),
    );
    // The process goes away with the jobs queued.
    await web.handle.stop();
    await web.database.close();
    opened.splice(opened.indexOf(web.handle), 1);
    expect(sink.messages).toHaveLength(0);

    const worker = await instance(true);
    await expect.poll(() => sink.messages.length, { timeout: 20_000 }).toBe(5);
    // A message is marked sent once the SMTP server has answered, just after the sink has it.
    await expect
      .poll(() => statuses(worker.database), { timeout: 10_000 })
      .toEqual([{ status: 'sent', n: 5 }]);
    await worker.handle.stop();
  });

  it('two instances working one queue send each message exactly once', async () => {
    sink.messages.length = 0;
    const a = await instance(true);
    await instance(true); // a second instance works the same queue
    const users: TestUser[] = [];
    for (let i = 0; i < 60; i++) users.push(await createUser(a.database.db, { name: `Reader ${i}` }));
    await a.database.db.execute(sql`delete from mail_messages`);
    const queued = await a.database.db.transaction((tx) =>
      a.mailer.queueMany(
        tx,
        'announcement',
        { userIds: users.map((u) => u.id) },
        { title: 'Once', message: 'Hi' },
      ),
    );
    expect(queued).toEqual({ queued: 60, skipped: 0 });
    await expect.poll(() => sink.messages.length, { timeout: 30_000 }).toBe(60);
    const ids = sink.messages.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(60);
    expect(new Set(sink.messages.map((m) => m.to && [m.to].flat()[0]!.text)).size).toBe(60);
    await expect.poll(() => statuses(a.database), { timeout: 10_000 }).toEqual([{ status: 'sent', n: 60 }]);
  });
});
