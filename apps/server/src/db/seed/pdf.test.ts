import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { makePdf } from './pdf';

const text = (pdf: Buffer) => pdf.toString('latin1');

describe('a demo document PDF', () => {
  it('embeds the statements’ font (DejaVu Sans, a subset) and no standard Helvetica', async () => {
    const pdf = await makePdf('Skatteoppgave 2025 — Ørjan Åsheim', ['Straße 5, Tromsø', 'Łódź'], 'nb');
    expect(text(pdf)).toContain('/FontFile2');
    expect([...new Set(text(pdf).match(/\/BaseFont \/[\w-]+/g))].sort()).toEqual([
      expect.stringMatching(/^\/BaseFont \/DejaVuSans-\d+$/),
      expect.stringMatching(/^\/BaseFont \/DejaVuSans-Bold-\d+$/),
    ]);
    expect(text(pdf)).not.toContain('Helvetica');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe('Skatteoppgave 2025 — Ørjan Åsheim');
    expect(doc.getPageCount()).toBe(1);
  });

  it('is in the language of the investor it belongs to, English otherwise', async () => {
    expect(text(await makePdf('Steuerbescheinigung', [], 'de'))).toContain('/Lang (de)');
    expect(text(await makePdf('Investment Agreement', []))).toContain('/Lang (en)');
  });
});
