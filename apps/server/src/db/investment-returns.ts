import { sql, type SQL } from 'drizzle-orm';
import { adjustments, capitalReturns, investments, monthlyReturns, rentalIncomes } from './schema';

/** The day it is in UTC: income and capital count from their payment date (ADR 014, ADR 020). */
const todayUtc = sql`(now() at time zone 'utc')::date`;

/**
 * Whether a row of `monthly_returns` is paid: its day (`paid_on`: its payment date, else the last day of its
 * month) has come. The contracts' `paidMonthlyReturns` is the same rule.
 */
export const incomePaidSql = sql`${monthlyReturns.paidOn} <= ${todayUtc}`;

/**
 * The investment's monthly returns not yet paid, counted and summed (correlated to the `investments` row
 * of the outer query). Few rows: those of the months to come and of a distribution paid later, read
 * through the investment's own months.
 */
const unpaidOfInvestment = (what: SQL) =>
  sql`(select ${what} from ${monthlyReturns} u where u.user_id = ${investments.userId} and u.project_id = ${investments.projectId} and u.paid_on > ${todayUtc})`;

/**
 * An investment's paid monthly returns summed, or null when none is paid yet: the roll-up of every month
 * that the triggers keep on the row (migration 0006) less the months not yet paid, so that no month ever
 * recorded is read again.
 */
export const monthlyReturnsTotal = sql<
  string | null
>`case when ${investments.monthsRecorded} > ${unpaidOfInvestment(
  sql`count(*)`,
)} then ${investments.returnsFromMonths} - ${unpaidOfInvestment(sql`coalesce(sum(u.amount), 0)`)} end`;

/**
 * An investment's returns in SQL, the rule of the contracts' `investmentReturns` over its paid monthly
 * returns: their sum when there are any, else its returns field. One row an investment is read, whatever
 * the months.
 */
export const investmentReturnsSql = sql<string>`coalesce(${monthlyReturnsTotal}, ${investments.returns})`;

/**
 * `investmentReturnsSql` summed over the investments of a query on `investments` (every one, or those of
 * project `projectId`), for totals over many investors: the roll-ups summed as if every month were paid,
 * less a correction for the investments that have months not yet paid, found through the `paid_on` index.
 * An investment with some months paid loses the unpaid ones; one with none paid counts its returns field
 * instead of its months. The cost follows the months not yet paid, not the months ever recorded.
 */
export const investmentReturnsSumSql = (projectId: string | null) => {
  const inProject = sql`(${projectId}::uuid is null or ${investments.projectId} = ${projectId}::uuid)`;
  const allMonthsPaid = sql`coalesce(case when ${investments.monthsRecorded} > 0 then ${investments.returnsFromMonths} end, ${investments.returns})`;
  return sql<string>`(coalesce(sum(${allMonthsPaid}) filter (where ${inProject}), 0) - ${unpaidMonthsCorrectionSql(projectId)})`;
};

/**
 * What `investmentReturnsSumSql` subtracts from the roll-ups summed as if every month were paid (every
 * investment's, or project `projectId`'s): the months not yet paid, or for an investment with none paid,
 * its months less its returns field. A scalar subquery, read through the `paid_on` index.
 */
export const unpaidMonthsCorrectionSql = (projectId: string | null) => sql<string>`(
    select coalesce(sum(case when d.n < i.months_recorded then d.total else i.returns_from_months - i.returns end), 0)
      from (select m.user_id, m.project_id, count(*) as n, sum(m.amount) as total
              from ${monthlyReturns} m
             where m.paid_on > ${todayUtc} and (${projectId}::uuid is null or m.project_id = ${projectId}::uuid)
             group by 1, 2) d
      join ${investments} i on i.user_id = d.user_id and i.project_id = d.project_id
  )`;

/** Whether a day (a `date` column or expression) has come, in UTC. */
export const dayCameSql = (day: SQL) => sql`${day} <= ${todayUtc}`;

/**
 * Rental income paid so far (its payment date come, UTC), summed as a numeric string ('0' when none):
 * the investors' share of their rentals, income like a monthly return. `where` narrows the rows of
 * `rental_incomes` (alias `ri`): one investor's, one project's; without it, everyone's.
 */
export const paidRentalIncomeSql = (where?: SQL) =>
  sql<string>`(select coalesce(sum(ri.amount), 0)::text from ${rentalIncomes} ri where ri.payment_date <= ${todayUtc}${
    where ? sql` and ${where}` : sql``
  })`;

/**
 * Adjustments of one kind counted so far (their date come, UTC), summed as a numeric string ('0' when
 * none): income adjustments count with the income, capital ones with the capital returned. `where`
 * narrows the rows of `adjustments` (alias `adj`).
 */
export const paidAdjustmentsSql = (kind: 'income' | 'capital', where?: SQL) =>
  sql<string>`(select coalesce(sum(adj.amount), 0)::text from ${adjustments} adj where adj.kind = ${kind} and adj.payment_date <= ${todayUtc}${
    where ? sql` and ${where}` : sql``
  })`;

/**
 * The day an investment ended, 'YYYY-MM-DD', or null while it runs: the payment date of the return of
 * capital that paid its amount back in full (correlated to the `investments` row of the outer query).
 * An investment has no end date of its own; its capital returned is its end. The outer columns are
 * named with their table, since a query on one table names its own columns bare.
 */
export const investmentEndedOnSql = sql<string | null>`(select max(c.payment_date)::text from (
    select payment_date, amount from ${capitalReturns} where user_id = investments.user_id and project_id = investments.project_id
    union all
    select payment_date, amount from ${adjustments} where kind = 'capital' and user_id = investments.user_id and project_id = investments.project_id
  ) c
  having investments.amount > 0 and sum(c.amount) >= investments.amount)`;
