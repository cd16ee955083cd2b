import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TransactionRollbackError, eq, sql } from 'drizzle-orm';
import { migrationsFolder } from './client';
import { investmentReturnsSql } from './investment-returns';
import { investments, monthlyReturns } from './schema';
import { createHolding, useTestApp } from '../../test/helpers';

const ctx = useTestApp();

describe('the migration that gives income a payment date', () => {
  it('leaves every month written before it paid on its last day, its returns as they were', async () => {
    const file = fs.readdirSync(migrationsFolder()).find((f) => f.endsWith('_income_payment_date.sql'))!;
    const statements = fs
      .readFileSync(path.join(migrationsFolder(), file), 'utf8')
      .split('--> statement-breakpoint');
    expect(statements.length).toBeGreaterThanOrEqual(3);

    const { user, project, investment: inv } = await createHolding(ctx.db, { returns: '9.99' });

    let seen: {
      months: { month: string; paymentDate: string | null; paidOn: string }[];
      returns: string;
    } | null = null;
    await ctx.db
      .transaction(async (tx) => {
        // Nor the ledger chain of migration 0029, which came later and reads payment_date.
        await tx.execute(sql`set local portal.ledger = 'off'`);
        await tx.execute(sql`drop view ledger_live_entries`);
        // As before the migration: monthly returns without a payment date, written then.
        await tx.execute(sql`alter table monthly_returns drop constraint monthly_returns_payment_date_check`);
        await tx.execute(sql`drop index monthly_returns_paid_on_idx`);
        await tx.execute(sql`alter table monthly_returns drop column paid_on`);
        await tx.execute(sql`alter table monthly_returns drop column payment_date`);
        // Nor the totals of migration 0022, which came later and read paid_on.
        await tx.execute(sql`alter table monthly_returns disable trigger monthly_returns_totals_insert`);
        await tx.execute(sql`alter table investments disable trigger investments_totals_update`);
        await tx.execute(sql`insert into monthly_returns (user_id, project_id, month, amount)
          values (${user.id}, ${project.id}, '2024-02', 10.10), (${user.id}, ${project.id}, '2025-12', 20.20)`);
        for (const step of statements) await tx.execute(sql.raw(step));
        seen = {
          months: await tx
            .select({
              month: monthlyReturns.month,
              paymentDate: monthlyReturns.paymentDate,
              paidOn: monthlyReturns.paidOn,
            })
            .from(monthlyReturns)
            .where(eq(monthlyReturns.projectId, project.id))
            .orderBy(monthlyReturns.month),
          returns: (
            await tx
              .select({ returns: investmentReturnsSql })
              .from(investments)
              .where(eq(investments.id, inv.id))
          )[0]!.returns,
        };
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    expect(seen!.months).toEqual([
      { month: '2024-02', paymentDate: null, paidOn: '2024-02-29' },
      { month: '2025-12', paymentDate: null, paidOn: '2025-12-31' },
    ]);
    expect(Number(seen!.returns)).toBe(30.3);
  });
});
