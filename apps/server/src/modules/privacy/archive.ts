import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FileStorage } from '../../storage/file-storage';
import { neutralizeFormula } from '../audit/csv';

/** A file of the investor's own (a document, a statement, an identity document), read when it is written. */
export interface ArchiveFile {
  /** Its path in the archive ('documents/Subscription agreement.pdf'). */
  path: string;
  open(): Promise<Readable | Buffer>;
}

/**
 * Everything the portal holds about one person, as the composition root gathers it (`personal-data.ts`):
 * `sections` become `data.json` (each one as the API answers it) and a CSV per section, `files` are
 * copied as they are.
 */
export interface PersonalData {
  sections: Record<string, unknown>;
  files: ArchiveFile[];
}

type Row = Record<string, unknown>;

/** A nested object as dotted columns ('bankAccount.iban'); a list inside a row as its JSON. */
function flatten(value: Row, prefix = '', out: Row = {}): Row {
  for (const [k, v] of Object.entries(value)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object' && !Array.isArray(v)) flatten(v as Row, key, out);
    else out[key] = v;
  }
  return out;
}

const cell = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : typeof v === 'number' || typeof v === 'boolean'
      ? String(v)
      : neutralizeFormula(typeof v === 'string' ? v : JSON.stringify(v));

/**
 * A section as CSV: a list as a row per item, an object as one row; the columns are every key any row
 * has, in the order first met. Cells a spreadsheet would run as a formula are quoted as text.
 */
function sectionCsv(value: unknown): string | null {
  const items = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : null;
  if (!items) return null;
  const rows = items.map((item): Row =>
    item && typeof item === 'object' && !Array.isArray(item) ? flatten(item as Row) : { value: item },
  );
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  if (!columns.length) return '';
  return stringify([columns, ...rows.map((r) => columns.map((c) => cell(r[c])))], {
    record_delimiter: '\r\n',
  });
}

/** A path inside the archive made unique: 'a.pdf', then 'a (2).pdf'. */
function uniquePaths() {
  const taken = new Set<string>();
  return (path: string) => {
    const dot = path.lastIndexOf('.');
    const [base, ext] = dot > path.lastIndexOf('/') ? [path.slice(0, dot), path.slice(dot)] : [path, ''];
    let candidate = path;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/**
 * Writes the archive into the file storage as it is made, entry by entry (a stored file is streamed
 * through, so a large document is never held whole): `data.json`, `csv/<section>.csv`, then the files.
 * Answers its storage key and size; on a failure nothing is left stored.
 */
export async function writeArchive(
  storage: FileStorage,
  data: PersonalData,
): Promise<{ key: string; size: number }> {
  const out = new PassThrough();
  // A failure below destroys `out` with its error, which the storage's pipeline reports (when it has
  // not begun reading yet, there is no other listener: the error must not go unhandled).
  out.on('error', () => undefined);
  const zip = new Zip((err, chunk, final) => {
    if (err) return void out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  const stored = storage.put(out, { extension: 'zip' });
  // Read below; a failure of the writing is reported there, not as an unhandled rejection.
  stored.catch(() => undefined);
  /** Waits while the storage is behind, so that the archive is not buffered whole. */
  const drained = async () => {
    if (out.writableNeedDrain) await once(out, 'drain');
  };
  try {
    const text = (name: string, content: string) => {
      const entry = new ZipDeflate(name, { level: 6 });
      zip.add(entry);
      entry.push(utf8(content), true);
    };
    text('data.json', `${JSON.stringify(data.sections, null, 2)}\n`);
    for (const [name, value] of Object.entries(data.sections)) {
      const csv = sectionCsv(value);
      if (csv !== null) text(`csv/${name}.csv`, csv);
      await drained();
    }
    const unique = uniquePaths();
    for (const file of data.files) {
      // Documents, PDFs and images are compressed already: stored as they are.
      const entry = new ZipPassThrough(unique(file.path));
      zip.add(entry);
      const body = await file.open();
      if (Buffer.isBuffer(body)) entry.push(body, true);
      else {
        for await (const chunk of body) {
          entry.push(chunk as Buffer);
          await drained();
        }
        entry.push(new Uint8Array(0), true);
      }
      await drained();
    }
    zip.end();
  } catch (err) {
    zip.terminate();
    out.destroy(err as Error);
  }
  const { key, size } = await stored;
  return { key, size };
}
