import { saveBlob } from './api';

export type CsvValue = string | number | boolean | null | undefined;

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection); text such
// cells get a leading apostrophe. Numbers are left alone, so that -5 stays a number.
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let s = String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 CSV: a header row, then one row a record, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Downloads CSV text as a file; the byte-order mark lets spreadsheet apps read € and accents. */
export function downloadCsv(filename: string, csv: string) {
  saveBlob(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }), filename);
}
