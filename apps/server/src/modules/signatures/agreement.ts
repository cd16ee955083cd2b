import crypto from 'node:crypto';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { formatFor, type Locale } from '@portal/i18n';
import { embedFonts, wrap } from '../../lib/pdf-fonts';
import { translator } from '../../lib/translator';

const PAGE = { width: 595, height: 842, margin: 56 };
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);

/** What the subscription agreement says: the offering, the subscription and the investor. */
export interface AgreementFacts {
  subscriptionId: string;
  project: string;
  investorName: string;
  investorId: string | null;
  /** The investor's postal address as one line, or null when the profile has none. */
  address: string | null;
  amount: number;
  minimum: number;
  maximum: number;
  closesOn: string;
  /** The day the subscription was made (ISO). */
  date: string;
}

/** What the signature page records (ADR 028). */
export interface SignatureFacts {
  name: string;
  signedAt: Date;
  ipAddress: string;
  userAgent: string;
  agreementSha256: string;
}

export const sha256 = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

/** A page writer: text lines from the top, wrapped, in the embedded fonts. */
async function writer(doc: PDFDocument) {
  const { font, bold, writable } = await embedFonts(doc);
  const clean = (text: string) => [...text].map((c) => (writable.has(c.codePointAt(0)!) ? c : '?')).join('');
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const width = PAGE.width - 2 * PAGE.margin;
  return {
    line(text: string, opts: { size?: number; bold?: boolean; muted?: boolean; gap?: number } = {}) {
      const size = opts.size ?? 10.5;
      const f = opts.bold ? bold : font;
      for (const l of wrap(clean(text), f, size, width)) {
        if (y < PAGE.margin + size) {
          page = doc.addPage([PAGE.width, PAGE.height]);
          y = PAGE.height - PAGE.margin;
        }
        page.drawText(l, { x: PAGE.margin, y, size, font: f, color: opts.muted ? MUTED : INK });
        y -= size * 1.45;
      }
      y -= opts.gap ?? 4;
    },
  };
}

/** The subscription agreement, generated in the investor's language (the `pdf` messages, `signing.*`). */
export async function agreementPdf(facts: AgreementFacts, locale: Locale): Promise<Uint8Array> {
  const t = (await translator()).getFixedT(locale, 'pdf');
  const f = formatFor(locale);
  const money = (v: number) => f.money(v, { cents: true });
  const doc = await PDFDocument.create();
  doc.setTitle(t('signing.documentTitle', { project: facts.project }));
  doc.setAuthor('Investor Portal');
  doc.setLanguage(locale);
  const w = await writer(doc);
  w.line(t('signing.title'), { size: 18, bold: true, gap: 14 });
  w.line(t('signing.project', { project: facts.project }), { bold: true, gap: 10 });
  w.line(t('signing.investor', { name: facts.investorName }));
  w.line(t('signing.investorId', { id: facts.investorId ?? '-' }));
  w.line(t('signing.address', { address: facts.address ?? '-' }));
  w.line(t('signing.amount', { amount: money(facts.amount) }));
  w.line(t('signing.date', { date: f.date(facts.date.slice(0, 10), 'long') }));
  w.line(t('signing.reference', { id: facts.subscriptionId }), { muted: true, size: 9, gap: 14 });
  for (const paragraph of [
    t('signing.terms1', { project: facts.project, amount: money(facts.amount) }),
    t('signing.terms2', {
      minimum: money(facts.minimum),
      maximum: money(facts.maximum),
      closesOn: f.date(facts.closesOn, 'long'),
    }),
    t('signing.terms3'),
    t('signing.terms4'),
  ])
    w.line(paragraph, { gap: 10 });
  w.line(t('signing.unsigned'), { muted: true, size: 9 });
  return doc.save({ useObjectStreams: false });
}

/** The agreement with a signature page appended: the evidence of the simple electronic signature. */
export async function signedPdf(
  agreement: Uint8Array,
  s: SignatureFacts,
  locale: Locale,
): Promise<Uint8Array> {
  const t = (await translator()).getFixedT(locale, 'pdf');
  const doc = await PDFDocument.load(agreement, { updateMetadata: false });
  doc.setModificationDate(s.signedAt);
  const w = await writer(doc);
  w.line(t('signing.pageTitle'), { size: 16, bold: true, gap: 12 });
  w.line(t('signing.pageIntro'), { gap: 12 });
  w.line(t('signing.signedBy', { name: s.name }));
  w.line(t('signing.signedAt', { time: s.signedAt.toISOString().replace('T', ' ').slice(0, 19) }));
  w.line(t('signing.ipAddress', { ip: s.ipAddress }));
  w.line(t('signing.userAgent', { agent: s.userAgent || '-' }));
  w.line(t('signing.agreementHash'), { gap: 0 });
  w.line(s.agreementSha256, { size: 9, gap: 12 });
  w.line(t('signing.pageNote'), { muted: true, size: 9 });
  return doc.save({ useObjectStreams: false });
}
