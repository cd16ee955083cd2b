import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { createDeps } from '../runtime';
import { createPgDatabase, testConfig } from '../../test/helpers';

/**
 * Cron schedules with several instances on one PostgreSQL database (its own database: no other instance
 * may take the jobs). Runs in the server-pg project only (*.pg.test.ts).
 */
let url: string;
let drop: () => Promise<void>;
const opened: { database: Database; stop(): Promise<void> }[] = [];

beforeAll(async () => {
  ({ url, drop } = await createPgDatabase());
});
afterAll(async () => {
  for (const o of opened) {
    await o.stop();
    await o.database.close();
  }
  await drop();
});

describe('schedules on several instances', { timeout: 60_000 }, () => {
  it('a scheduled job runs once per schedule slot, however many instances keep the schedule', async () => {
    // Every minute, checked every second by both instances: each would start it many times a minute.
    const options = {
      work: true,
      pollingSeconds: 0.5,
      schedules: { 'daily-reminders': '* * * * *' },
      cronCheckSeconds: 1,
    };
    const runs: string[] = [];
    const instances: Database[] = [];
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ url, poolSize: 4 });
      const deps = createDeps(testConfig({ databaseUrl: url }), database, options);
      deps.jobs.handle('daily-reminders', async (job) => {
        runs.push(job.id);
      });
      await deps.jobs.start();
      const handle = { database, stop: () => deps.jobs.stop() };
      opened.push(handle);
      instances.push(database);
    }
    const slots = async () =>
      (
        (await instances[0]!.db.execute(
          sql`select date_trunc('minute', created_on) as slot, count(*)::int as n
                from (select created_on from pgboss.job where name = 'daily-reminders'
                      union all select created_on from pgboss.archive where name = 'daily-reminders') j
               group by 1 order by 1`,
        )) as unknown as { rows: { slot: string; n: number }[] }
      ).rows;
    const checks = async () =>
      Number(
        (
          (await instances[0]!.db.execute(
            sql`select extract(epoch from cron_on)::float8 as t from pgboss.version`,
          )) as unknown as {
            rows: { t: number | null }[];
          }
        ).rows[0]?.t ?? 0,
      );
    // It runs once; then the schedule is checked again several times (each check moves cron_on on).
    await expect.poll(() => runs.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const seen = new Set<number>();
    await expect
      .poll(
        async () => {
          seen.add(await checks());
          return seen.size;
        },
        { timeout: 20_000, interval: 250 },
      )
      .toBeGreaterThanOrEqual(4);
    const bySlot = await slots();
    expect(bySlot.every((s) => s.n === 1)).toBe(true);
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(bySlot.length);
    expect(new Set(runs).size).toBe(runs.length);
  });
});
