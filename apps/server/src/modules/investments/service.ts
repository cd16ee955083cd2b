import { sql } from 'drizzle-orm';
import { PAYOUTS_MAX, derivePayouts, type DerivedPayout, type PayoutSource } from '@portal/contracts';
import { queryRows, type DbOrTx } from '../../db/client';
import { adjustments, capitalReturns, monthlyReturns, projects, rentalIncomes } from '../../db/schema';

/**
 * The investor's payouts (one query): their monthly returns, their rental income, their returns of
 * capital and their adjustments, newest first, at most PAYOUTS_MAX of each.
 */
export async function listPayouts(db: DbOrTx, userId: string, today: string): Promise<DerivedPayout[]> {
  const rows = await queryRows<PayoutSource>(
    db,
    sql`(select ${monthlyReturns.id} as "id", ${monthlyReturns.projectId} as "projectId", ${projects.name} as "projectName",
          ${projects.status} as "projectStatus", ${monthlyReturns.month} as "month", ${monthlyReturns.amount}::text as "amount",
          'income' as "kind", ${monthlyReturns.paymentDate}::text as "date", null as "reason"
        from ${monthlyReturns} join ${projects} on ${projects.id} = ${monthlyReturns.projectId}
        where ${monthlyReturns.userId} = ${userId}
        order by ${monthlyReturns.month} desc, ${monthlyReturns.id} desc
        limit ${PAYOUTS_MAX})
      union all
      (select ${capitalReturns.id}, ${capitalReturns.projectId}, ${projects.name}, ${projects.status},
          to_char(${capitalReturns.paymentDate}, 'YYYY-MM'), ${capitalReturns.amount}::text, 'capital', ${capitalReturns.paymentDate}::text, null
        from ${capitalReturns} join ${projects} on ${projects.id} = ${capitalReturns.projectId}
        where ${capitalReturns.userId} = ${userId}
        order by ${capitalReturns.paymentDate} desc
        limit ${PAYOUTS_MAX})
      union all
      (select ${rentalIncomes.id}, ${rentalIncomes.projectId}, ${projects.name}, ${projects.status},
          to_char(${rentalIncomes.paymentDate}, 'YYYY-MM'), ${rentalIncomes.amount}::text, 'rental', ${rentalIncomes.paymentDate}::text, null
        from ${rentalIncomes} join ${projects} on ${projects.id} = ${rentalIncomes.projectId}
        where ${rentalIncomes.userId} = ${userId}
        order by ${rentalIncomes.paymentDate} desc
        limit ${PAYOUTS_MAX})
      union all
      (select ${adjustments.id}, ${adjustments.projectId}, ${projects.name}, ${projects.status},
          to_char(${adjustments.paymentDate}, 'YYYY-MM'), ${adjustments.amount}::text, 'adjustment', ${adjustments.paymentDate}::text,
          ${adjustments.reason}
        from ${adjustments} join ${projects} on ${projects.id} = ${adjustments.projectId}
        where ${adjustments.userId} = ${userId}
        order by ${adjustments.paymentDate} desc
        limit ${PAYOUTS_MAX})`,
  );
  return derivePayouts(rows, today);
}
