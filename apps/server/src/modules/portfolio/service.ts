import { sql } from 'drizzle-orm';
import type { AdjustmentKind, ProjectStatus } from '@portal/contracts';
import { queryRows, type DbOrTx } from '../../db/client';
import { dayCameSql, incomePaidSql } from '../../db/investment-returns';
import {
  adjustments,
  capitalReturns,
  investments,
  monthlyReturns,
  projects,
  rentalIncomes,
} from '../../db/schema';
import type { Holding } from './performance-figures';

/** What every amount paid to the investor carries: its row, its project, its amount and whether it is paid. */
interface Flow {
  id: string;
  projectId: string;
  projectName: string;
  projectStatus: ProjectStatus;
  /** A numeric string, as the database gives it. */
  amount: string;
  /** Its day has come (UTC, by the database's clock): the rule of `incomePaidSql` and `dayCameSql`. */
  paid: boolean;
}

/** A monthly return: paid on its payment date, else on the last day of its month. */
interface MonthlyFlow extends Flow {
  month: string;
  paymentDate: string | null;
}

/** A return of capital or rental income, paid on its date. */
export interface DatedFlow extends Flow {
  date: string;
}

/** An adjustment (positive or negative) on its date: an income one counts as income, a capital one as capital. */
interface AdjustmentFlow extends DatedFlow {
  kind: AdjustmentKind;
  reason: string;
}

/** One investment with its project's flows, as every consumer of the holdings reads it. */
interface PortfolioHolding extends Holding {
  investmentId: string;
  roi: string | null;
  monthly: readonly MonthlyFlow[];
  capital: readonly DatedFlow[];
  rental: readonly DatedFlow[];
  adjustments: readonly AdjustmentFlow[];
}

/** An investor's holdings, and every amount paid to them (whether or not its project's investment is recorded). */
export interface Portfolio {
  /** One per investment, by start date (none last), then project name. */
  holdings: PortfolioHolding[];
  monthly: MonthlyFlow[];
  capital: DatedFlow[];
  rental: DatedFlow[];
  adjustments: AdjustmentFlow[];
}

/** One row of the query: an investment or a flow, told apart by `kind`. */
interface Row {
  kind: 'investment' | 'monthly' | 'capital' | 'rental' | 'adjustment';
  id: string;
  projectId: string;
  projectName: string;
  projectStatus: ProjectStatus;
  /** An investment's start date; a flow's payment date. */
  date: string | null;
  month: string | null;
  amount: string;
  /** An investment's returns field. */
  returns: string | null;
  roi: string | null;
  adjustmentKind: AdjustmentKind | null;
  reason: string | null;
  paid: boolean | null;
  /** An investment's place (by start date, then project name). */
  position: number | null;
}

/**
 * One investor's holdings: their investments, each with its project's monthly returns, returns of capital,
 * rental income and adjustments, and those flows as lists. One query whatever their number; every amount
 * as the database's exact numeric string.
 */
export async function loadPortfolio(db: DbOrTx, userId: string): Promise<Portfolio> {
  const rows = await queryRows<Row>(
    db,
    sql`select 'investment' as "kind", ${investments.id}::text as "id", ${investments.projectId}::text as "projectId",
          ${projects.name} as "projectName", ${projects.status} as "projectStatus", ${investments.startDate}::text as "date",
          null::text as "month", ${investments.amount}::text as "amount", ${investments.returns}::text as "returns",
          ${investments.roi}::text as "roi", null::text as "adjustmentKind", null::text as "reason", null::boolean as "paid",
          (row_number() over (order by ${investments.startDate} asc, ${projects.name} asc))::int as "position"
        from ${investments} join ${projects} on ${projects.id} = ${investments.projectId}
        where ${investments.userId} = ${userId}
      union all
      select 'monthly', ${monthlyReturns.id}::text, ${monthlyReturns.projectId}::text, ${projects.name}, ${projects.status},
          ${monthlyReturns.paymentDate}::text, ${monthlyReturns.month}, ${monthlyReturns.amount}::text, null, null, null, null,
          ${incomePaidSql}, null
        from ${monthlyReturns} join ${projects} on ${projects.id} = ${monthlyReturns.projectId}
        where ${monthlyReturns.userId} = ${userId}
      union all
      select 'capital', ${capitalReturns.id}::text, ${capitalReturns.projectId}::text, ${projects.name}, ${projects.status},
          ${capitalReturns.paymentDate}::text, null, ${capitalReturns.amount}::text, null, null, null, null,
          ${dayCameSql(sql`${capitalReturns.paymentDate}`)}, null
        from ${capitalReturns} join ${projects} on ${projects.id} = ${capitalReturns.projectId}
        where ${capitalReturns.userId} = ${userId}
      union all
      select 'rental', ${rentalIncomes.id}::text, ${rentalIncomes.projectId}::text, ${projects.name}, ${projects.status},
          ${rentalIncomes.paymentDate}::text, null, ${rentalIncomes.amount}::text, null, null, null, null,
          ${dayCameSql(sql`${rentalIncomes.paymentDate}`)}, null
        from ${rentalIncomes} join ${projects} on ${projects.id} = ${rentalIncomes.projectId}
        where ${rentalIncomes.userId} = ${userId}
      union all
      select 'adjustment', ${adjustments.id}::text, ${adjustments.projectId}::text, ${projects.name}, ${projects.status},
          ${adjustments.paymentDate}::text, null, ${adjustments.amount}::text, null, null, ${adjustments.kind}, ${adjustments.reason},
          ${dayCameSql(sql`${adjustments.paymentDate}`)}, null
        from ${adjustments} join ${projects} on ${projects.id} = ${adjustments.projectId}
        where ${adjustments.userId} = ${userId}`,
  );
  const portfolio: Portfolio = { holdings: [], monthly: [], capital: [], rental: [], adjustments: [] };
  const invested: Row[] = [];
  for (const r of rows) {
    const flow = {
      id: r.id,
      projectId: r.projectId,
      projectName: r.projectName,
      projectStatus: r.projectStatus,
      amount: r.amount,
      paid: !!r.paid,
    };
    if (r.kind === 'investment') invested.push(r);
    else if (r.kind === 'monthly') portfolio.monthly.push({ ...flow, month: r.month!, paymentDate: r.date });
    else if (r.kind === 'adjustment')
      portfolio.adjustments.push({ ...flow, date: r.date!, kind: r.adjustmentKind!, reason: r.reason! });
    else portfolio[r.kind].push({ ...flow, date: r.date! });
  }
  const byProject = <T extends Flow>(flows: readonly T[]) => {
    const map = new Map<string, T[]>();
    for (const f of flows) {
      const list = map.get(f.projectId);
      if (list) list.push(f);
      else map.set(f.projectId, [f]);
    }
    return (projectId: string) => map.get(projectId) ?? [];
  };
  const monthly = byProject(portfolio.monthly);
  const capital = byProject(portfolio.capital);
  const rental = byProject(portfolio.rental);
  const adjusted = byProject(portfolio.adjustments);
  portfolio.holdings = invested
    .sort((a, b) => a.position! - b.position!)
    .map((i) => ({
      investmentId: i.id,
      projectId: i.projectId,
      name: i.projectName,
      invested: i.amount,
      startDate: i.date,
      undatedReturns: i.returns!,
      roi: i.roi,
      monthly: monthly(i.projectId),
      capital: capital(i.projectId),
      rental: rental(i.projectId),
      adjustments: adjusted(i.projectId),
    }));
  return portfolio;
}
