import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a PDF shows, as a reader's PDF viewer extracts it (pdf.js): each run of text drawn apart
 * (a label, an amount) on a line of its own, page after page.
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const lines: string[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items) if ('str' in item && item.str.trim() !== '') lines.push(item.str);
    }
  } finally {
    await doc.destroy();
  }
  return lines.join('\n');
}
