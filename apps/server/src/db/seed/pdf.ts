import { PDFDocument, rgb } from 'pdf-lib';
import type { Locale } from '@portal/i18n';
import { embedFonts } from '../../lib/pdf-fonts';
import { translator } from '../../lib/translator';

/**
 * A small but real PDF for the demo documents, in the fonts of the statements (DejaVu Sans, embedded as
 * the subset used, so Ø, Å and ß print). The title and lines stand for what an admin uploads and are
 * printed as written; the portal's own words are in `locale`, the language of the investor the document
 * belongs to (English for a project's documents).
 */
export async function makePdf(title: string, lines: string[], locale: Locale = 'en'): Promise<Buffer> {
  const t = (await translator()).getFixedT(locale, 'pdf');
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor('Investor Portal');
  doc.setLanguage(locale);
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const { font, bold, writable } = await embedFonts(doc);
  const clean = (text: string) => [...text].map((c) => (writable.has(c.codePointAt(0)!) ? c : '?')).join('');
  const page = doc.addPage([595, 842]);
  page.drawRectangle({ x: 0, y: 782, width: 595, height: 60, color: rgb(0.09, 0.33, 0.29) });
  page.drawText('Investor Portal', { x: 48, y: 805, size: 16, font: bold, color: rgb(1, 1, 1) });
  page.drawText(clean(title), {
    x: 48,
    y: 730,
    size: 20,
    font: bold,
    color: rgb(0.1, 0.1, 0.12),
    maxWidth: 500,
  });
  let y = 690;
  for (const line of lines) {
    page.drawText(clean(line), { x: 48, y, size: 11, font, color: rgb(0.2, 0.2, 0.24), maxWidth: 500 });
    y -= 20;
  }
  page.drawText(clean(t('demo.footer')), { x: 48, y: 60, size: 9, font, color: rgb(0.45, 0.45, 0.5) });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
