import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTranslator } from '@portal/i18n';
import { users } from '../db/schema';
import { createUser } from '../../test/helpers';
import { useMailTest } from '../../test/smtp-sink';
import { MAIL_KINDS, mailLanguage, renderMail } from './templates';

const mt = useMailTest();

/** Intl writes no-break spaces (U+00A0, U+202F) where a reader sees a space. */
const plain = (s: string | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

describe('emails in the recipient’s language', () => {
  it('are written in each one’s users.locale, as it is when the message is sent', async () => {
    const en = await createUser(mt.ctx.db, { name: 'Emma Lindqvist' });
    const de = await createUser(mt.ctx.db, { name: 'Jürgen Groß', locale: 'de' });
    const nb = await createUser(mt.ctx.db, { name: 'Øyvind Åsheim', locale: 'nb' });
    const later = await createUser(mt.ctx.db, { name: 'Lea Wechsel', locale: 'de' });
    await mt.ctx.db.transaction((tx) =>
      mt.ctx.deps.mailer.queueMany(
        tx,
        'distribution',
        { userIds: [en.id, de.id, nb.id, later.id] },
        { project: 'Fjord Lodge', amountCents: 123450, paymentDate: '2026-03-05', capital: false },
      ),
    );
    // The outbox lists each subject in its recipient's language.
    const queued = (
      (await mt.ctx.db.execute(
        sql`select u.name, m.subject from mail_messages m join users u on u.id = m.user_id order by u.name`,
      )) as unknown as { rows: { name: string; subject: string }[] }
    ).rows;
    expect(queued).toEqual([
      { name: 'Emma Lindqvist', subject: 'Payout from Fjord Lodge' },
      { name: 'Jürgen Groß', subject: 'Ausschüttung von Fjord Lodge' },
      { name: 'Lea Wechsel', subject: 'Ausschüttung von Fjord Lodge' },
      { name: 'Øyvind Åsheim', subject: 'Utbetaling fra Fjord Lodge' },
    ]);
    // One changes their language before the message goes: it is sent in the new one.
    await mt.ctx.db.update(users).set({ locale: 'nb' }).where(eq(users.id, later.id));
    expect(await mt.drain()).toBe(4);

    const [english] = mt.sink.to(en.email);
    expect(english!.subject).toBe('Payout from Fjord Lodge');
    expect(english!.text).toContain('Hello Emma Lindqvist,');
    expect(english!.text).toContain(
      'Fjord Lodge has made a distribution. Your share is €1,234.50, paid on March 5, 2026 to the bank account in your profile.',
    );
    expect(english!.text).toContain(
      'Stop these emails (Payouts and statements): http://portal.test/unsubscribe',
    );
    expect(english!.html).toContain('<html lang="en">');
    expect(english!.html).toContain('>Unsubscribe from payouts and statements emails</a>');

    const [german] = mt.sink.to(de.email);
    expect(german!.subject).toBe('Ausschüttung von Fjord Lodge');
    const deText = plain(german!.text);
    expect(deText).toContain('Guten Tag Jürgen Groß,');
    expect(deText).toContain(
      'Fjord Lodge hat eine Ausschüttung vorgenommen. Ihr Anteil beträgt 1.234,50 € und wird am 5. März 2026 auf das Bankkonto in Ihrem Profil gezahlt.',
    );
    expect(deText).toContain('Ihre Auszahlungen ansehen: http://portal.test/dashboard');
    expect(deText).toContain(
      'Diese E-Mails abbestellen (Auszahlungen und Abrechnungen): http://portal.test/unsubscribe',
    );
    expect(deText).not.toContain('Payout');
    expect(german!.html).toContain('<html lang="de">');
    expect(plain(String(german!.html))).toContain('Ihr Anteil beträgt 1.234,50 €');
    expect(german!.html).toContain('>E-Mails zu Auszahlungen und Abrechnungen abbestellen</a>');
    expect(german!.html).toContain('>E-Mail-Einstellungen</a>');

    for (const mail of [mt.sink.to(nb.email)[0], mt.sink.to(later.email)[0]]) {
      expect(mail!.subject).toBe('Utbetaling fra Fjord Lodge');
      const nbText = plain(mail!.text);
      expect(nbText).toMatch(/^Hei (Øyvind Åsheim|Lea Wechsel),/);
      expect(nbText).toContain(
        'Fjord Lodge har gjort en utdeling. Din andel er 1 234,50 €, utbetalt 5. mars 2026 til bankkontoen i profilen din.',
      );
      expect(nbText).toContain('Se utbetalingene dine: http://portal.test/dashboard');
      expect(nbText).toContain('Stopp disse e-postene (Utbetalinger og kontoutskrifter):');
      expect(mail!.html).toContain('<html lang="nb">');
      expect(mail!.html).toContain('>Meld deg av e-post om utbetalinger og kontoutskrifter</a>');
    }
    // The outbox keeps the subject the message was sent with.
    const [sent] = await mt.ctx.db
      .select({ subject: sql<string>`subject` })
      .from(sql`mail_messages`)
      .where(sql`user_id = ${later.id}::uuid`);
    expect(sent!.subject).toBe('Utbetaling fra Fjord Lodge');
  });
});

describe('the templates in German and Norwegian', () => {
  it('write plurals, dates and the booking a decision is about in the language', async () => {
    const i18n = await createTranslator();
    const [en, de, nb] = (['en', 'de', 'nb'] as const).map((l) => mailLanguage(i18n, l));
    const booking = {
      approved: true,
      project: 'Fjord Lodge',
      summary: 'personal stay request for 3 nights (Dec 14 → Dec 17, 2026) at Fjord Lodge',
      type: 'personal' as const,
      nights: ['2026-12-14', '2026-12-15', '2026-12-16'],
    };
    expect(MAIL_KINDS.bookingDecision.content(booking, en!).paragraphs).toEqual([
      'Your personal stay request for 3 nights (Dec 14 → Dec 17, 2026) at Fjord Lodge was approved.',
    ]);
    expect(MAIL_KINDS.bookingDecision.subject(booking, de!)).toBe(
      'Ihre Buchung bei Fjord Lodge wurde bestätigt',
    );
    expect(MAIL_KINDS.bookingDecision.content({ ...booking, note: 'Willkommen!' }, de!).paragraphs).toEqual([
      'Ihre Anfrage (Eigenaufenthalt) für 3 Nächte (14. Dez. 2026 → 17. Dez. 2026) bei Fjord Lodge wurde bestätigt.',
      'Hinweis des Teams: Willkommen!',
    ]);
    expect(MAIL_KINDS.bookingDecision.content({ ...booking, approved: false }, nb!).paragraphs).toEqual([
      'Din forespørsel (eget opphold) om 3 netter (14. des. 2026 → 17. des. 2026) hos Fjord Lodge ble avslått.',
    ]);

    const expiring = { project: 'Fjord Lodge', projectId: 'p1', expiresAt: '2026-12-31', daysLeft: 1 };
    expect(MAIL_KINDS.nightsExpiring.content({ ...expiring, nights: 1 }, en!).paragraphs[0]).toBe(
      '1 unused cabin night at Fjord Lodge expires on December 31, 2026 (in 1 day). Book it before it is lost.',
    );
    expect(
      MAIL_KINDS.nightsExpiring.content({ ...expiring, nights: 4, daysLeft: 0 }, de!).paragraphs[0],
    ).toBe(
      '4 ungenutzte Hüttennächte bei Fjord Lodge verfallen am 31. Dezember 2026 (heute). Buchen Sie sie, bevor sie verloren gehen.',
    );
    expect(
      MAIL_KINDS.nightsExpiring.content({ ...expiring, nights: 1, daysLeft: 5 }, nb!).paragraphs[0],
    ).toBe(
      '1 ubrukt hyttenatt hos Fjord Lodge utløper 31. desember 2026 (om 5 dager). Book den før den går tapt.',
    );

    expect(MAIL_KINDS.pendingApprovals.subject({ signups: 1, bookings: 2 }, en!)).toBe(
      'Waiting for you: 1 sign-up and 2 bookings',
    );
    expect(MAIL_KINDS.pendingApprovals.content({ signups: 0, bookings: 3 }, de!).paragraphs).toEqual([
      'Auf einen Administrator warten: 3 Buchungsanfragen.',
    ]);

    const nbMail = renderMail({
      language: nb!,
      name: null,
      subject: MAIL_KINDS.passwordChanged.subject({}, nb!),
      category: 'security',
      content: MAIL_KINDS.passwordChanged.content({}, nb!),
      actionUrl: 'http://portal.test/forgot-password',
      preferencesUrl: 'http://portal.test/email-preferences',
    });
    expect(nbMail.text.split('\n')).toEqual([
      'Hei,',
      '',
      'Passordet til Investor Portal-kontoen din ble akkurat endret.',
      '',
      'Hvis dette ikke var deg, må du tilbakestille passordet ditt med en gang og kontakte support: noen andre kan ha tilgang til kontoen din.',
      '',
      'Tilbakestill passordet: http://portal.test/forgot-password',
      '',
      '-- ',
      'Du får denne e-posten fordi den gjelder sikkerheten til Investor Portal-kontoen din.',
      'Velg hvilke andre e-poster du får: http://portal.test/email-preferences',
      'Investor Portal',
    ]);
    expect(nbMail.html).toContain('<title>Passordet ditt ble endret</title>');
  });
});
