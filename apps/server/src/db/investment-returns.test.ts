import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { investmentReturns } from '@portal/contracts';
import {
  buildTestApp,
  createInvestment,
  createProject,
  createUser,
  type TestContext,
} from '../../test/helpers';
import { investmentReturnsSql, monthlyReturnsTotal } from './investment-returns';
import { investments, monthlyReturns } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('investmentReturnsSql', () => {
  it("gives what the contracts' investmentReturns gives, with and without monthly returns, to the cent", async () => {
    const user = await createUser(ctx.db);
    const cases: { returns: string; monthly: Record<string, string> }[] = [
      { returns: '55.55', monthly: {} },
      { returns: '55.55', monthly: { '2025-01': '0.10', '2025-02': '0.20' } },
      { returns: '0', monthly: { '2025-01': '1234.56' } },
      { returns: '10.00', monthly: { '2025-03': '0.00' } },
    ];
    for (const c of cases) {
      const project = await createProject(ctx.db);
      const inv = await createInvestment(ctx.db, user.id, project.id, {
        returns: c.returns,
        monthly: c.monthly,
      });
      const [row] = await ctx.db
        .select({ total: investmentReturnsSql, months: monthlyReturnsTotal })
        .from(investments)
        .where(eq(investments.id, inv.id));
      const rows = await ctx.db
        .select({ month: monthlyReturns.month, amount: monthlyReturns.amount })
        .from(monthlyReturns)
        .where(eq(monthlyReturns.projectId, project.id));
      const expected = investmentReturns({ returns: c.returns, monthlyReturns: rows });
      expect(Number(row!.total), JSON.stringify(c)).toBe(expected);
      expect(row!.months === null, JSON.stringify(c)).toBe(rows.length === 0);
    }
  });
});
