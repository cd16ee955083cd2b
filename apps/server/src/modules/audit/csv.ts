import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { auditEntityLabel, auditRoleLabel, auditSentence, type AuditEntry } from '@portal/contracts';

const AUDIT_CSV_COLUMNS = [
  'Time (UTC)',
  'Admin',
  'Admin email',
  'Action',
  'Object kind',
  'Object id',
  'Details',
  // Added after the first seven, which stay as they were for whoever reads the file by position.
  'Role',
  'Entry',
] as const;

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a tab or carriage return before one) is
 * prefixed with a single quote, so that it is shown as text (OWASP, "CSV injection").
 */
export function neutralizeFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function row(e: AuditEntry): string[] {
  return [
    e.createdAt,
    e.actor?.name ?? 'Deleted account',
    e.actor?.email ?? '',
    e.action,
    auditEntityLabel(e.entity),
    e.entityId ?? '',
    e.details ? JSON.stringify(e.details) : '',
    auditRoleLabel(e),
    auditSentence(e),
  ].map(neutralizeFormula);
}

/** The entries as CSV (RFC 4180 quoting by csv-stringify, CRLF line ends, a header row). */
export function auditCsv(entries: AsyncIterable<AuditEntry>): Readable {
  const rows = Readable.from(
    (async function* () {
      for await (const e of entries) yield row(e);
    })(),
  );
  return rows.pipe(stringify({ header: true, columns: [...AUDIT_CSV_COLUMNS], record_delimiter: 'windows' }));
}
