import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import { translator } from '../../lib/translator';
import { bearer, createUser, useTestApp } from '../../../test/helpers';
import { stayDates } from '@portal/contracts';
import { renderNotice } from './notices';
import { notifyUsers } from './notify';

const ctx = useTestApp();

const rental = {
  title: 'Rental income recorded',
  message: '€1,234.50 from 3 rented nights at Aurora, paid on Mar 2, 2026.',
  notice: {
    key: 'rentalPaid' as const,
    params: { amount: { cents: 123450 }, count: 3, project: 'Aurora', date: { date: '2026-03-02' } },
  },
};

/** The formatter writes no-break spaces inside amounts and days; here they read as spaces. */
const plain = <T extends { title: string; message: string } | null>(n: T): T =>
  n && {
    ...n,
    title: n.title.replace(/[\u00a0\u202f]/g, ' '),
    message: n.message.replace(/[\u00a0\u202f]/g, ' '),
  };

const listOf = async (token: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return (
    res.json() as { data: { notifications: { title: string; message: string }[] } }
  ).data.notifications.map(plain);
};

describe('a notice the server writes', () => {
  it('is written in German and Norwegian, amounts and days in the language’s own way', async () => {
    const i18n = await translator();
    const { params } = rental.notice;
    expect(plain(renderNotice(i18n, 'de', 'rentalPaid', params))).toEqual({
      title: 'Mieteinnahmen erfasst',
      message: '1.234,50 € aus 3 vermieteten Nächten in Aurora, gezahlt am 2. März 2026.',
    });
    expect(
      plain(
        renderNotice(i18n, 'nb', 'nightsExpiring', {
          count: 1,
          project: 'Fjell',
          date: { date: '2026-05-31' },
        }),
      ),
    ).toMatchObject({
      title: 'Hyttenetter utløper',
      message: expect.stringMatching(/^1 ubrukt hyttenatt på Fjell utløper /),
    });
    expect(renderNotice(i18n, 'en', 'bankChanged', { holder: 'Emma', iban: 'DE** 1234' })?.message).toBe(
      'Distributions will be paid to Emma, DE** 1234. If you did not make this change, contact support at once.',
    );
    expect(renderNotice(i18n, 'de', 'noSuchNotice', {})).toBeNull();
    // A stay as its check-in → check-out, the days in the reader's way; English as the swap wrote it.
    const swap = { offered: { nights: ['2026-12-14', '2026-12-15'] }, requested: { nights: ['2027-01-04'] } };
    expect(plain(renderNotice(i18n, 'de', 'swapDeclined', swap))).toEqual({
      title: 'Tauschangebot abgelehnt',
      message: 'Ihr Angebot 14. Dez. 2026 → 16. Dez. 2026 gegen 4. Jan. 2027 → 5. Jan. 2027 wurde abgelehnt.',
    });
    // An admin's note is added as written.
    expect(
      renderNotice(i18n, 'nb', 'activityDeclined', {
        perk: 'Sauna',
        date: { date: '2026-12-14' },
        count: 2,
        project: 'Fjell',
        note: ' Fullt den dagen.',
      })?.message,
    ).toMatch(/^Forespørselen din om Sauna .+ \(2 personer\) på Fjell ble avslått\. Fullt den dagen\.$/);
    expect(renderNotice(i18n, 'en', 'swapDeclined', swap)?.message).toBe(
      `Your offer of ${stayDates(swap.offered.nights)} for ${stayDates(swap.requested.nights)} was declined.`,
    );
  });

  it('is shown to each reader in their language, the English stored text to English readers', async () => {
    const de = await createUser(ctx.db, { locale: 'de' });
    const nb = await createUser(ctx.db, { locale: 'nb' });
    const en = await createUser(ctx.db);
    await notifyUsers(ctx.db, [de.id, nb.id, en.id], rental);
    const [stored] = await ctx.db.select().from(notifications).where(eq(notifications.userId, de.id));
    expect(stored).toMatchObject({ title: rental.title, message: rental.message, messageKey: 'rentalPaid' });

    expect(await listOf(await ctx.signIn(de))).toMatchObject([
      {
        title: 'Mieteinnahmen erfasst',
        message: '1.234,50 € aus 3 vermieteten Nächten in Aurora, gezahlt am 2. März 2026.',
      },
    ]);
    expect((await listOf(await ctx.signIn(nb)))[0]).toMatchObject({
      title: 'Leieinntekt registrert',
      message: expect.stringMatching(/^1 234,50 € fra 3 utleide netter på Aurora, utbetalt /),
    });
    expect(await listOf(await ctx.signIn(en))).toMatchObject([
      { title: rental.title, message: rental.message },
    ]);
  });

  it('written before notices (or by an admin) is shown as stored, in any language', async () => {
    const de = await createUser(ctx.db, { locale: 'de' });
    await notifyUsers(ctx.db, [de.id], { title: 'Swap offer', message: 'An investor offers their stay.' });
    const token = await ctx.signIn(de);
    expect(await listOf(token)).toMatchObject([
      { title: 'Swap offer', message: 'An investor offers their stay.' },
    ]);
    // A name this version does not know is shown as stored too.
    await ctx.db
      .update(notifications)
      .set({ messageKey: 'retired', params: {} })
      .where(eq(notifications.userId, de.id));
    expect(await listOf(token)).toMatchObject([{ title: 'Swap offer' }]);
  });
});
