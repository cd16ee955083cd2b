import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUser } from '../../test/helpers';
import { useMailTest } from '../../test/smtp-sink';

/** The rate limit of email, at 60 a minute (one a second). */
const mt = useMailTest({ mailRatePerMinute: 60 });

describe('the rate limit', () => {
  it('spaces a broadcast at MAIL_RATE_PER_MINUTE after what is already queued; security email goes at once', async () => {
    const readers = [];
    for (let i = 0; i < 3; i++) readers.push(await createUser(mt.ctx.db));
    await mt.broadcast({ userIds: readers.map((r) => r.id), email: true });
    await mt.broadcast({ userIds: [readers[0]!.id], email: true });
    await mt.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: readers[1]!.email },
    });
    // The reset's link is made after its answer (its time must not tell whether the account exists).
    await mt.ctx.deps.afterAnswer.settled();
    const rows = (
      (await mt.ctx.db.execute(
        sql`select kind, extract(epoch from send_after - created_at)::float8 as wait,
                   extract(epoch from (select max(job.start_after) from pgboss.job job where job.data->>'messageId' = m.id::text) - send_after)::float8 as job_lag
              from mail_messages m order by send_after`,
      )) as unknown as { rows: { kind: string; wait: number; job_lag: number }[] }
    ).rows;
    // One a second: the first broadcast's three, then the second's one after them; the reset at once.
    expect(rows.map((r) => r.kind)).toEqual([
      'passwordReset',
      'announcement',
      'announcement',
      'announcement',
      'announcement',
    ]);
    const waits = rows.slice(1).map((r) => Math.round(r.wait));
    expect(waits[0]).toBe(1);
    expect(waits[1]).toBe(2);
    expect(waits[2]).toBe(3);
    expect(waits[3]).toBeGreaterThanOrEqual(4);
    expect(Math.round(rows[0]!.wait)).toBe(0);
    // Each message's job waits for its turn.
    expect(rows.every((r) => Math.abs(r.job_lag) < 0.01)).toBe(true);
  });
});
