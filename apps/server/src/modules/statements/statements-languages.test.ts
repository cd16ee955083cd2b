import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { statementFiles, users } from '../../db/schema';
import { bearer, createInvestment, createProject, createUser, useAdminApp } from '../../../test/helpers';
import { pdfText } from '../../../test/pdf-text';

const ctx = useAdminApp();

/** Intl writes no-break spaces (U+00A0, U+202F) where a reader sees a space. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

let german: { id: string; token: string };
let norwegian: { id: string; token: string };

beforeAll(async () => {
  const db = ctx.db;
  const lodge = await createProject(db, { name: 'Hőforrás Lodge' });
  const holder = async (name: string, locale: 'de' | 'nb') => {
    const u = await createUser(db, { name, locale });
    // Invested within 2025-Q3, with September's return.
    await createInvestment(db, u.id, lodge.id, {
      amount: '1234.50',
      startDate: '2025-08-01',
      monthly: { '2025-09': '25.05' },
    });
    return { id: u.id, token: await ctx.signIn(u) };
  };
  german = await holder('Łukasz Čapek-Groß', 'de');
  norwegian = await holder('Øystein Åsgård', 'nb');
});

const pdfOf = async (token: string, period: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/statements/${period}/pdf`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
};

describe('a statement PDF in the investor’s language', () => {
  it('is German for a German investor: headings, amounts, days and names as written', async () => {
    const lines = plain(await pdfText(await pdfOf(german.token, '2025-Q3'))).split('\n');
    expect(lines[0]).toBe('Abrechnung des Kapitalkontos');
    // The preliminary note, broken where the page ends.
    expect(lines.slice(1, 3).join(' ')).toBe(
      'Vorläufig: Dieser Zeitraum ist noch nicht veröffentlicht, seine Zahlen können sich noch ändern.',
    );
    expect(lines).toContain('Quartal 2025-Q3: 1. Juli 2025 bis 30. September 2025');
    expect(lines).toContain('Anleger: Łukasz Čapek-Groß');
    expect(lines).toContain('Hőforrás Lodge');
    // Each label, then its amount.
    const after = (label: string) => lines[lines.indexOf(label) + 1];
    expect(after('Anfangskapital')).toBe('0,00 €');
    expect(after('Einlagen')).toBe('1.234,50 €');
    expect(after('Kapitalrückzahlungen')).toBe('0,00 €');
    expect(after('Erträge')).toBe('25,05 €');
    expect(after('Erträge für Sept. 2025')).toBe('25,05 €');
    expect(after('Endkapital')).toBe('1.234,50 €');
    expect(lines).toContain('Summen');
    expect(lines.some((l) => l.startsWith('Portfolio-XIRR zum 30. September 2025: '))).toBe(true);
    expect(lines).toContain('Investor Portal - Abrechnung 2025-Q3 (vorläufig) - Seite 1 von 1');
    const text = lines.join('\n');
    expect(text).not.toContain('?');
    expect(text).not.toMatch(/Opening|Income|Investor:/);
  });

  it('is Norwegian for a Norwegian investor, also once published and stored', async () => {
    const publish = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/statements/2025-Q3/publish',
      headers: bearer(ctx.admin.token),
    });
    expect(publish.statusCode).toBe(200);
    await ctx.deps.jobs.drain('statements');
    const pdf = await pdfOf(norwegian.token, '2025-Q3');
    const [stored] = await ctx.db
      .select()
      .from(statementFiles)
      .where(eq(statementFiles.userId, norwegian.id));
    expect(crypto.createHash('sha256').update(pdf).digest('hex')).toBe(stored!.sha256);

    const lines = plain(await pdfText(pdf)).split('\n');
    expect(lines[0]).toBe('Kapitalkontoutskrift');
    expect(lines).toContain('Kvartal 2025-Q3: 1. juli 2025 til 30. september 2025');
    expect(lines).toContain('Investor: Øystein Åsgård');
    const after = (label: string) => lines[lines.indexOf(label) + 1];
    expect(after('Innskudd')).toBe('1 234,50 €');
    expect(after('Inntekter for sep. 2025')).toBe('25,05 €');
    expect(after('Utgående kapital')).toBe('1 234,50 €');
    expect(lines).toContain('Totalt');
    expect(lines).toContain('Investor Portal - kontoutskrift 2025-Q3 - side 1 av 1');
    expect(lines.join('\n')).not.toContain('?');
    expect(lines.join('\n')).not.toContain('Foreløpig');

    // A language chosen after publishing changes no stored statement.
    await ctx.db.update(users).set({ locale: 'en' }).where(eq(users.id, norwegian.id));
    expect(Buffer.compare(await pdfOf(norwegian.token, '2025-Q3'), pdf)).toBe(0);
  });
});
