import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The fonts of the portal's PDFs: DejaVu Sans and DejaVu Sans Bold (the `dejavu-fonts-ttf` package),
 * which write the whole of Latin Extended (Ø, Å, ß, Ł, Ő, Č …) where the standard PDF fonts write only
 * Windows-1252. Each document embeds the subset of glyphs it uses (some kilobytes).
 *
 * The files are found beside the package at run time (resolved from this module, which from the server's
 * bundle is `apps/server/dist`), so the package is a runtime dependency, installed with the server.
 */
const FILES = { font: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf' } as const;

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
type FontkitFont = ReturnType<Fontkit['create']>;

let loaded: { fontkit: Fontkit; bytes: Record<keyof typeof FILES, Uint8Array> } | undefined;

/**
 * The font files, read once, and a fontkit that parses each of them once for the process (pdf-lib asks
 * it again for every document). Its fonts map characters straight to glyphs: pdf-lib uses only the glyphs
 * of a layout, not the positions its shaping computes, and Latin text needs no substitution, while
 * shaping every line with DejaVu's tables took most of a statement's time.
 */
function load() {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const read = (file: string) => fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
  const bytes = { font: read(FILES.font), bold: read(FILES.bold) };
  const parsed = new Map<Uint8Array, FontkitFont>();
  const shared: Fontkit = {
    create(data, postscriptName) {
      let font = parsed.get(data);
      if (!font) {
        font = fontkit.create(data, postscriptName);
        const f = font;
        f.layout = ((text: string) => ({ glyphs: f.glyphsForString(text) })) as unknown as typeof f.layout;
        parsed.set(data, font);
      }
      return font;
    },
  };
  return (loaded = { fontkit: shared, bytes });
}

/** The code points both fonts write. */
let writable: Set<number> | undefined;

/**
 * Embeds the regular and the bold font in a document (as subsets); answers them and the code points they
 * both write (any other character should be written as '?', which they have).
 */
export async function embedFonts(
  doc: PDFDocument,
): Promise<{ font: PDFFont; bold: PDFFont; writable: Set<number> }> {
  const { fontkit: kit, bytes } = load();
  doc.registerFontkit(kit);
  const [font, bold] = await Promise.all([
    doc.embedFont(bytes.font, { subset: true }),
    doc.embedFont(bytes.bold, { subset: true }),
  ]);
  if (!writable) {
    const inBold = new Set(bold.getCharacterSet());
    writable = new Set(font.getCharacterSet().filter((c) => inBold.has(c)));
  }
  return { font, bold, writable };
}

/** A text's lines no wider than `width` at `size`, broken between words (a longer word keeps its line). */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  lines.push(line);
  return lines;
}
