import { sql, type SQL } from 'drizzle-orm';
import { investments, rentalIncomes } from './schema';

/**
 * An investment's monthly returns summed, as the triggers keep it on the row (migration 0006), or null
 * when it has none.
 */
export const monthlyReturnsTotal = sql<
  string | null
>`case when ${investments.monthsRecorded} > 0 then ${investments.returnsFromMonths} end`;

/**
 * An investment's returns in SQL, the rule of the contracts' `investmentReturns`: its monthly returns
 * when there are any, else its returns field. One row an investment is read, whatever the months.
 */
export const investmentReturnsSql = sql<string>`coalesce(${monthlyReturnsTotal}, ${investments.returns})`;

/** The day it is in UTC: income and capital count from their payment date (ADR 014). */
const todayUtc = sql`(now() at time zone 'utc')::date`;

/**
 * Rental income paid so far (its payment date come, UTC), summed as a numeric string ('0' when none):
 * the investors' share of their rentals, income like a monthly return. `where` narrows the rows of
 * `rental_incomes` (alias `ri`): one investor's, one project's; without it, everyone's.
 */
export const paidRentalIncomeSql = (where?: SQL) =>
  sql<string>`(select coalesce(sum(ri.amount), 0)::text from ${rentalIncomes} ri where ri.payment_date <= ${todayUtc}${
    where ? sql` and ${where}` : sql``
  })`;
