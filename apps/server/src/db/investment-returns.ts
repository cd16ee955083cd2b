import { sql } from 'drizzle-orm';
import { investments } from './schema';

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
