import { sql } from 'drizzle-orm';
import type { Locale } from '@portal/i18n';
import type { TFunction } from 'i18next';
import type { DbOrTx } from '../../db/client';
import { distributionAllocations, users } from '../../db/schema';
import { byLocale, sqlEuros, translator } from '../../lib/translator';
import { notifyFrom } from '../notifications/notify';

/** Where a notice's amount goes, written by the database for each investor. */
const AMOUNT = '\u0000amount\u0000';

/**
 * Tells each investor paid by run `id` (an allocation above zero), in their language, with their own
 * amount made in the database from the allocations: the euros as the language writes them (sqlEuros).
 * `message(t, locale, amount)` writes the notice with `amount` where the amount goes; `title(t)` its title.
 */
export async function noticeToInvestorsPaid(
  tx: DbOrTx,
  id: string,
  notice: {
    message: (t: TFunction<'mail'>, locale: Locale, amount: string) => string;
    title: (t: TFunction<'mail'>) => string;
    type: 'success' | 'warning';
    createdBy: string;
  },
): Promise<void> {
  const i18n = await translator();
  const message = (locale: Locale) => {
    const [before, after] = notice.message(i18n.getFixedT(locale, 'mail'), locale, AMOUNT).split(AMOUNT);
    return sql`${before ?? ''}::text || ${sqlEuros(locale, sql`a.amount`)} || ${after ?? ''}::text`;
  };
  await notifyFrom(
    tx,
    sql`select a.user_id, ${byLocale(sql`u.locale`, message)}
      from ${distributionAllocations} a join ${users} u on u.id = a.user_id
      where a.distribution_id = ${id}::uuid and a.amount > 0`,
    {
      title: byLocale(sql`${users.locale}`, (locale) => notice.title(i18n.getFixedT(locale, 'mail'))),
      type: notice.type,
      link: '/',
      createdBy: notice.createdBy,
    },
  );
}
