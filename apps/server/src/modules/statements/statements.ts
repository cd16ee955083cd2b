import { eq } from 'drizzle-orm';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { DEFAULT_LOCALE, en, formatFor, type Locale } from '@portal/i18n';
import {
  fromCents,
  incomePaidOn,
  toCents,
  type Statement,
  type StatementPeriodInfo,
} from '@portal/contracts';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { translator } from '../../lib/translator';
import { embedFonts, wrap } from '../../lib/pdf-fonts';
import { performanceFigures, type Holding } from '../portfolio/performance-figures';
import { loadPortfolio } from '../portfolio/service';

/** The last day of each quarter (the same every year). */
const QUARTER_END = ['03-31', '06-30', '09-30', '12-31'] as const;

/** A period's dates: '2025-Q3' → 2025-07-01 to 2025-09-30, '2025' → the calendar year. Assumes the format. */
export function periodInfo(period: string): StatementPeriodInfo {
  const year = period.slice(0, 4);
  if (period.length === 4) return { period, kind: 'annual', from: `${year}-01-01`, to: `${year}-12-31` };
  const q = Number(period.slice(6));
  const firstMonth = String(q * 3 - 2).padStart(2, '0');
  return { period, kind: 'quarterly', from: `${year}-${firstMonth}-01`, to: `${year}-${QUARTER_END[q - 1]}` };
}

/** The day a holding is held from: its start date, or without one the month of its first monthly return. */
function heldFrom(h: Holding): string | null {
  if (h.startDate) return h.startDate;
  let first: string | null = null;
  for (const m of h.monthly) if (!first || m.month < first) first = m.month;
  return first ? `${first}-01` : null;
}

/**
 * Every quarter and year that has ended (its last day before `today`) in which one of the holdings was
 * held, newest first by last day; a year comes before its fourth quarter.
 */
export function statementPeriods(holdings: readonly Holding[], today: string): StatementPeriodInfo[] {
  let first: string | null = null;
  for (const h of holdings) {
    const from = heldFrom(h);
    if (from && (!first || from < first)) first = from;
  }
  return periodsSince(first, today);
}

/** Every quarter and year that has ended since `first` (a day), newest first as above. */
export function periodsSince(first: string | null, today: string): StatementPeriodInfo[] {
  if (!first) return [];
  const out: StatementPeriodInfo[] = [];
  const lastYear = Number(today.slice(0, 4));
  for (let y = Number(first.slice(0, 4)); y <= lastYear; y++) {
    const year = String(y).padStart(4, '0');
    for (let q = 1; q <= 4; q++) {
      const p = periodInfo(`${year}-Q${q}`);
      if (p.to >= first && p.to < today) out.push(p);
    }
    const p = periodInfo(year);
    if (p.to < today) out.push(p);
  }
  return out.sort((a, b) => b.to.localeCompare(a.to) || (a.kind === 'annual' ? -1 : 1));
}

/** The cents of a statement's figures. */
interface Figures {
  openingCapital: number;
  contributions: number;
  capitalReturned: number;
  income: number;
  closingCapital: number;
}

const euros = (f: Figures) => ({
  openingCapital: fromCents(f.openingCapital),
  contributions: fromCents(f.contributions),
  capitalReturned: fromCents(f.capitalReturned),
  income: fromCents(f.income),
  closingCapital: fromCents(f.closingCapital),
});

/**
 * The statement of the holdings for a period (pure: the caller checks that it has ended). Only holdings
 * held by the period's last day are in it; null when there are none. Money is summed in whole cents.
 */
export function buildStatement(
  holdings: readonly Holding[],
  investor: { name: string; investorId: string | null },
  info: StatementPeriodInfo,
): Statement | null {
  const { from, to } = info;
  const held = holdings.filter((h) => {
    const start = heldFrom(h);
    return start !== null && start <= to;
  });
  if (held.length === 0) return null;
  const totals: Figures = {
    openingCapital: 0,
    contributions: 0,
    capitalReturned: 0,
    income: 0,
    closingCapital: 0,
  };
  const projects = held.map((h) => {
    const start = heldFrom(h)!;
    const invested = toCents(h.invested);
    let returnedBefore = 0;
    let capitalReturned = 0;
    // An adjustment counts in the period in which it is made: a published period never changes.
    const adjusted = (h.adjustments ?? [])
      .filter((a) => toCents(a.amount) !== 0)
      .map((a) => ({ ...a, cents: toCents(a.amount) }))
      .sort((a, b) => a.date.localeCompare(b.date));
    const capitalEntries = [
      ...(h.capital ?? []).map((c) => ({ date: c.date, cents: toCents(c.amount) })),
      ...adjusted.filter((a) => a.kind === 'capital'),
    ];
    for (const c of capitalEntries) {
      if (c.date < from) returnedBefore += c.cents;
      else if (c.date <= to) capitalReturned += c.cents;
    }
    const inPeriod = adjusted.filter((a) => a.date >= from && a.date <= to);
    const adjustedIncome = inPeriod.filter((a) => a.kind === 'income').reduce((s, a) => s + a.cents, 0);
    // Cash by the day it was paid (a capital account statement's rule): a month's income paid after the
    // period is in the next statement, under the month it was earned in.
    const byMonth = new Map<string, number>();
    for (const m of h.monthly) {
      const paid = incomePaidOn(m);
      if (paid >= from && paid <= to) byMonth.set(m.month, (byMonth.get(m.month) ?? 0) + toCents(m.amount));
    }
    const months = [...byMonth].sort(([a], [b]) => a.localeCompare(b));
    const rental = (h.rental ?? [])
      .filter((r) => r.date >= from && r.date <= to && toCents(r.amount) !== 0)
      .map((r) => ({ date: r.date, cents: toCents(r.amount) }))
      .sort((a, b) => a.date.localeCompare(b.date));
    const openingCapital = (start < from ? invested : 0) - returnedBefore;
    const contributions = start >= from ? invested : 0;
    const f: Figures = {
      openingCapital,
      contributions,
      capitalReturned,
      income:
        months.reduce((s, [, cents]) => s + cents, 0) +
        rental.reduce((s, r) => s + r.cents, 0) +
        adjustedIncome,
      closingCapital: openingCapital + contributions - capitalReturned,
    };
    for (const k of Object.keys(totals) as (keyof Figures)[]) totals[k] += f[k];
    return {
      projectId: h.projectId,
      name: h.name,
      ...euros(f),
      incomeByMonth: months.map(([month, cents]) => ({ month, amount: fromCents(cents) })),
      rentalIncome: rental.map((r) => ({ date: r.date, amount: fromCents(r.cents) })),
      adjustments: inPeriod.map((a) => ({
        date: a.date,
        kind: a.kind,
        reason: a.reason,
        amount: fromCents(a.cents),
      })),
    };
  });
  return {
    ...info,
    investorName: investor.name,
    investorId: investor.investorId,
    projects,
    totals: euros(totals),
    xirr: performanceFigures(held, to).xirr,
  };
}

export const today = () => new Date().toISOString().slice(0, 10);

/**
 * The caller's statement for a period (a valid one: the route's schema checked it). A period that has not
 * ended, or in which the caller held nothing, is not found, as another investor's would be.
 */
export async function loadStatement(db: DbOrTx, userId: string, period: string): Promise<Statement> {
  const info = periodInfo(period);
  if (info.to >= today()) throw new NotFoundError('Statement');
  const [[investor], holdings] = await Promise.all([
    db.select({ name: users.name, investorId: users.investorId }).from(users).where(eq(users.id, userId)),
    loadPortfolio(db, userId).then((p) => p.holdings),
  ]);
  const statement = investor && buildStatement(holdings, investor, info);
  if (!statement) throw new NotFoundError('Statement');
  return statement;
}

/** The file name of a statement: statement-{investorId}-{period}.pdf. */
export const statementFileName = (investorId: string | null, userId: string, period: string) =>
  `statement-${(investorId ?? userId).replace(/[^A-Za-z0-9_-]/g, '')}-${period}.pdf`;

/** What a statement of a period not published yet says under its title (in English). */
export const PRELIMINARY_NOTE = en.pdf.statement.preliminary;

const PAGE = { width: 595, height: 842, margin: 48 };
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);

/**
 * The statement as a PDF in the investor's language (`users.locale`): real text (extractable) in DejaVu
 * Sans, embedded as the subset of glyphs used, which writes the whole of Latin Extended (Ø, Å, ß, Ł, Ő,
 * Č …); a character it lacks is written as '?'. Every figure is the JSON's, formatted as the language
 * writes money (€1,234.50, 1.234,50 €, 1 234,50 €). Pages are added as the projects need them. A
 * statement of a period not published yet says it is preliminary, under its title and on every page's
 * footer. English statements write days as the JSON does (2025-09-30); the other languages write them out.
 */
export async function statementPdf(
  s: Statement,
  opts: { preliminary?: boolean; locale?: Locale } = {},
): Promise<Uint8Array> {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  const t = (await translator()).getFixedT(locale, 'pdf');
  const f = formatFor(locale);
  const day = (iso: string) => (locale === 'en' ? iso : f.date(iso, 'long'));
  const money = (amount: number) => f.money(amount, { cents: true });
  const xirr = (value: number | null) =>
    value === null ? t('statement.notAvailable') : f.percent(value * 100);

  const doc = await PDFDocument.create();
  doc.setTitle(t('statement.documentTitle', { period: s.period }));
  doc.setAuthor('Investor Portal');
  const { font, bold, writable } = await embedFonts(doc);
  const clean = (text: string) => [...text].map((c) => (writable.has(c.codePointAt(0)!) ? c : '?')).join('');

  const right = PAGE.width - PAGE.margin;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const text = (t: string, x: number, opts: { size?: number; f?: PDFFont; muted?: boolean } = {}) =>
    page.drawText(clean(t), {
      x,
      y,
      size: opts.size ?? 10,
      font: opts.f ?? font,
      color: opts.muted ? MUTED : INK,
    });
  const amount = (value: string, f: PDFFont = font, size = 10) =>
    page.drawText(value, { x: right - f.widthOfTextAtSize(value, size), y, size, font: f, color: INK });
  /** Moves down a line, onto a new page when this one is full. */
  const down = (by: number, keep = 0) => {
    y -= by;
    if (y - keep < PAGE.margin + 20) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };
  const row = (label: string, value: number, indent = 0, f: PDFFont = font) => {
    text(label, PAGE.margin + indent, { f, muted: indent > 0 });
    amount(money(value), f);
    down(15);
  };
  const adjustment = (a: { reason: string; date: string; amount: number }) =>
    row(t('statement.adjustment', { reason: a.reason, date: day(a.date) }), a.amount, 16);

  text(t('statement.title'), PAGE.margin, { size: 18, f: bold });
  down(26);
  if (opts.preliminary) {
    for (const line of wrap(clean(t('statement.preliminary')), bold, 11, right - PAGE.margin)) {
      text(line, PAGE.margin, { size: 11, f: bold });
      down(14);
    }
    down(6);
  }
  text(
    t(s.kind === 'annual' ? 'statement.periodYear' : 'statement.periodQuarter', {
      period: s.period,
      from: day(s.from),
      to: day(s.to),
    }),
    PAGE.margin,
    { size: 12 },
  );
  down(22);
  text(t('statement.investor', { name: s.investorName }), PAGE.margin);
  down(15);
  text(t('statement.investorId', { id: s.investorId ?? '-' }), PAGE.margin);
  down(28);

  for (const p of s.projects) {
    down(0, 100);
    text(p.name, PAGE.margin, { size: 12, f: bold });
    down(18);
    row(t('statement.openingCapital'), p.openingCapital);
    row(t('statement.contributions'), p.contributions);
    row(t('statement.capitalReturned'), p.capitalReturned);
    for (const a of (p.adjustments ?? []).filter((x) => x.kind === 'capital')) adjustment(a);
    row(t('statement.income'), p.income);
    for (const m of p.incomeByMonth) row(t('statement.incomeFor', { month: f.month(m.month) }), m.amount, 16);
    for (const r of p.rentalIncome ?? [])
      row(t('statement.rentalIncome', { date: day(r.date) }), r.amount, 16);
    for (const a of (p.adjustments ?? []).filter((x) => x.kind === 'income')) adjustment(a);
    row(t('statement.closingCapital'), p.closingCapital, 0, bold);
    down(12);
  }

  down(0, 110);
  text(t('statement.totals'), PAGE.margin, { size: 12, f: bold });
  down(18);
  row(t('statement.openingCapital'), s.totals.openingCapital);
  row(t('statement.contributions'), s.totals.contributions);
  row(t('statement.capitalReturned'), s.totals.capitalReturned);
  row(t('statement.income'), s.totals.income);
  row(t('statement.closingCapital'), s.totals.closingCapital, 0, bold);
  down(12);
  text(t('statement.xirr', { date: day(s.to), xirr: xirr(s.xirr) }), PAGE.margin, { f: bold });
  down(24);
  // The notes' lines break where the message says, and again where a line is wider than the page.
  for (const paragraph of t('statement.notes').split('\n'))
    for (const line of wrap(clean(paragraph), font, 8, right - PAGE.margin)) {
      text(line, PAGE.margin, { size: 8, muted: true });
      down(11);
    }

  const pages = doc.getPages();
  pages.forEach((p, i) =>
    p.drawText(
      clean(
        t(opts.preliminary ? 'statement.footerPreliminary' : 'statement.footer', {
          period: s.period,
          page: f.number(i + 1),
          pages: f.number(pages.length),
        }),
      ),
      {
        x: PAGE.margin,
        y: PAGE.margin - 20,
        size: 8,
        font,
        color: MUTED,
      },
    ),
  );
  return doc.save({ useObjectStreams: false });
}
