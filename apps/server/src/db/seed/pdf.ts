import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** A small but real PDF for the demo documents. */
export async function makePdf(title: string, lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setAuthor('Investor Portal');
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const page = doc.addPage([595, 842]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawRectangle({ x: 0, y: 782, width: 595, height: 60, color: rgb(0.09, 0.33, 0.29) });
  page.drawText('Investor Portal', { x: 48, y: 805, size: 16, font: bold, color: rgb(1, 1, 1) });
  page.drawText(title, { x: 48, y: 730, size: 20, font: bold, color: rgb(0.1, 0.1, 0.12) });
  let y = 690;
  for (const line of lines) {
    page.drawText(line, { x: 48, y, size: 11, font, color: rgb(0.2, 0.2, 0.24), maxWidth: 500 });
    y -= 20;
  }
  page.drawText('This document was generated for the demo data of the Investor Portal.', {
    x: 48,
    y: 60,
    size: 9,
    font,
    color: rgb(0.45, 0.45, 0.5),
  });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}
