import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PASSWORD_RESET_SENT_MESSAGE } from '@portal/contracts';
import { passwordResets } from '../../db/schema';
import { createAfterAnswer, type AfterAnswer } from '../../lib/after-answer';
import { buildTestApp, countQueries, createUser, type TestContext } from '../../../test/helpers';

/** Holds the work started after the answers until `release()`, so a test sees what the answer alone did. */
function heldAfterAnswer(): AfterAnswer & { release(): Promise<void>; held: number } {
  const real = createAfterAnswer();
  const waiting: (() => void)[] = [];
  return {
    get held() {
      return waiting.length;
    },
    run(work, onError) {
      real.run(() => new Promise<void>((go) => waiting.push(go)).then(work), onError);
    },
    settled: () => real.settled(),
    async release() {
      waiting.splice(0).forEach((go) => go());
      await real.settled();
    },
  };
}

let ctx: TestContext;
const later = heldAfterAnswer();

beforeAll(async () => {
  ctx = await buildTestApp({}, { afterAnswer: later });
});
afterAll(async () => {
  await later.release();
  await ctx.close();
});

const ask = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });

describe('POST /api/auth/password-reset', () => {
  it('answers before the work, with the same answer and the same queries for an existing and an unknown address', async () => {
    const user = await createUser(ctx.db);
    const answers: Awaited<ReturnType<typeof ask>>[] = [];
    const existing = await countQueries(ctx, async () => answers.push(await ask(user.email)));
    const unknown = await countQueries(ctx, async () => answers.push(await ask('nobody-here@example.test')));
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual([
      [200, { success: true, message: PASSWORD_RESET_SENT_MESSAGE }],
      [200, { success: true, message: PASSWORD_RESET_SENT_MESSAGE }],
    ]);
    // Neither answer read or wrote anything: nothing in it depends on whether the account exists.
    expect({ existing, unknown }).toEqual({ existing: 0, unknown: 0 });
    expect(later.held).toBe(2);
    expect(await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toEqual([]);

    // The work then done makes the link for the account only.
    await later.release();
    const links = await ctx.db.select().from(passwordResets);
    expect(links.map((l) => l.userId)).toEqual([user.id]);
  });
});
