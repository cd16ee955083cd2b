import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { formatFor, LOCALES } from '@portal/i18n';
import { notifications } from '../../db/schema';
import { rowsOf } from '../notifications/notify';
import { sqlEuros } from '../../lib/translator';
import { bearer, createInvestment, createProject, createUser, useAdminApp } from '../../../test/helpers';

const ctx = useAdminApp();

const call = (method: 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(ctx.admin.token), payload });

/** Intl writes no-break spaces (U+00A0, U+202F) where a reader sees a space. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('a final distribution tells each investor in their language', () => {
  it('writes the title and the message, with their own amount, as the language does', async () => {
    const project = await createProject(ctx.db, { name: 'Fjord Lodge' });
    const holders = {
      en: await createUser(ctx.db, { name: 'Emma' }),
      de: await createUser(ctx.db, { name: 'Jürgen', locale: 'de' }),
      nb: await createUser(ctx.db, { name: 'Øystein', locale: 'nb' }),
    };
    for (const u of Object.values(holders))
      await createInvestment(ctx.db, u.id, project.id, { amount: '5000.00' });
    const runs: string[] = [];
    for (const kind of ['income', 'capital'] as const) {
      const draft = await call('POST', '/api/distributions', {
        projectId: project.id,
        period: '2025-06',
        kind,
        amount: 3703.5,
        paymentDate: '2025-07-15',
      });
      expect(draft.statusCode).toBe(201);
      runs.push(draft.json().data._id);
      expect((await call('POST', `/api/distributions/${draft.json().data._id}/finalize`)).statusCode).toBe(
        200,
      );
    }
    const told = async (userId: string) =>
      (
        await ctx.db
          .select({ title: notifications.title, message: notifications.message })
          .from(notifications)
          .where(eq(notifications.userId, userId))
      )
        .map((n) => ({ title: n.title, message: plain(n.message) }))
        .sort((a, b) => a.title.localeCompare(b.title));
    expect(await told(holders.en.id)).toEqual([
      {
        title: 'Distribution',
        message: 'A distribution of €1,234.50 for Fjord Lodge, Jun 2025, will be paid on Jul 15, 2025.',
      },
      {
        title: 'Return of capital',
        message: 'A return of capital of €1,234.50 for Fjord Lodge, Jun 2025, will be paid on Jul 15, 2025.',
      },
    ]);
    expect(await told(holders.de.id)).toEqual([
      {
        title: 'Ausschüttung',
        message:
          'Eine Ausschüttung von 1.234,50 € für Fjord Lodge, Juni 2025, wird am 15. Juli 2025 gezahlt.',
      },
      {
        title: 'Kapitalrückzahlung',
        message:
          'Eine Kapitalrückzahlung von 1.234,50 € für Fjord Lodge, Juni 2025, wird am 15. Juli 2025 gezahlt.',
      },
    ]);
    expect(await told(holders.nb.id)).toEqual([
      {
        title: 'Tilbakebetaling av kapital',
        message:
          'En tilbakebetaling av kapital på 1 234,50 € for Fjord Lodge, juni 2025, utbetales 15. juli 2025.',
      },
      {
        title: 'Utdeling',
        message: 'En utdeling på 1 234,50 € for Fjord Lodge, juni 2025, utbetales 15. juli 2025.',
      },
    ]);
    // Reversed: told again, in the language.
    const reversed = await call('POST', `/api/distributions/${runs[0]}/reverse`, { reason: 'Wrong shares' });
    expect(reversed.statusCode).toBe(200);
    const reversal = async (userId: string) =>
      (await told(userId)).find(
        (n) =>
          !['Distribution', 'Ausschüttung', 'Utdeling'].includes(n.title) &&
          /revers|storn|tilbakeført/.test(n.message),
      );
    expect(await reversal(holders.en.id)).toEqual({
      title: 'Distribution reversed',
      message:
        'The distribution of €1,234.50 for Fjord Lodge, Jun 2025, was reversed: Wrong shares. It is taken back by an adjustment dated today.',
    });
    expect(await reversal(holders.de.id)).toEqual({
      title: 'Ausschüttung storniert',
      message:
        'Die Ausschüttung von 1.234,50 € für Fjord Lodge, Juni 2025, wurde storniert: Wrong shares. Sie wird durch eine Korrektur mit heutigem Datum zurückgebucht.',
    });
    expect(await reversal(holders.nb.id)).toEqual({
      title: 'Utdeling tilbakeført',
      message:
        'Utdelingen på 1 234,50 € for Fjord Lodge, juni 2025, ble tilbakeført: Wrong shares. Den trekkes tilbake med en justering datert i dag.',
    });
  });

  it('has the database write euros exactly as the formatting module does', async () => {
    const values = ['0.00', '0.01', '7.50', '999.99', '1000.00', '1234.50', '1234567.89', '98765432101.23'];
    for (const locale of LOCALES) {
      const [row] = rowsOf<{ written: string[] }>(
        await ctx.db.execute(
          sql`select array_agg(${sqlEuros(locale, sql`v::numeric`)} order by ord) as written
                from unnest(${sql.param(values)}::text[]) with ordinality as x(v, ord)`,
        ),
      );
      const cents = values.map((v) => Math.round(Number(v) * 100));
      expect(row!.written, locale).toEqual(cents.map((c) => formatFor(locale).cents(c)));
    }
  });
});
