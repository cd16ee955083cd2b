import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { monthlyReturns, statementPublications } from '../../db/schema';
import { bearer, createHolding, useAdminApp } from '../../../test/helpers';
import { blockMoneyEdits } from './service';

/**
 * A publish and an edit at the same moment, on PostgreSQL's several connections (server-pg only): the
 * edit cannot slip in between the publication's check and its commit.
 */
const ctx = useAdminApp();

describe('final is final while a period is being published', () => {
  it('an edit that comes while a period is published waits for it, then finds the period locked (409)', async () => {
    const { user, project } = await createHolding(ctx.db, {
      amount: '1000.00',
      startDate: '2024-01-01',
      monthly: { '2025-08': '50.00' },
    });
    let edit: PromiseLike<{ statusCode: number; json: () => { message: string } }> | undefined;
    await ctx.db.transaction(async (tx) => {
      // What publishing does: the lock, then the period claimed; the edit arrives before the commit.
      await blockMoneyEdits(tx);
      await tx.insert(statementPublications).values({
        period: '2025-Q3',
        publishedAt: new Date('2025-10-05T09:00:00Z'),
        recipients: 0,
        emailed: 0,
        batchId: crypto.randomUUID(),
        total: 1,
        status: 'running',
      });
      edit = ctx.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}/returns`,
        headers: bearer(ctx.admin.token),
        payload: { projectId: project.id, month: '2025-08', amount: 999.99 },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const res = await edit!;
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'Q3 2025 statements were published on Oct 5, 2025: returns in that period cannot be changed. Record an adjustment instead.',
    );
    const [row] = await ctx.db
      .select({ amount: monthlyReturns.amount })
      .from(monthlyReturns)
      .where(and(eq(monthlyReturns.userId, user.id), eq(monthlyReturns.month, '2025-08')));
    expect(row?.amount).toBe('50.00');
  });
});
