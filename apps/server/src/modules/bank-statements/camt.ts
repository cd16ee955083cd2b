import { createHash } from 'node:crypto';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { compactReference, isCreditorReference, referencesIn } from '../../lib/creditor-reference';

/**
 * Reading a bank's ISO 20022 cash-management files: `camt.053` (the end-of-day statement) and `camt.054`
 * (a debit or credit notification), of any version from 001.02 on. Only what reconciliation needs is
 * read: each transaction's amount and direction, the day it was booked, the bank's own reference, the
 * payment's references (structured creditor reference, end-to-end id, free text), the other party, and a
 * returned payment's reason.
 *
 * One entry (`Ntry`) may hold several transactions (`TxDtls`, a batch booked as one sum); each becomes a
 * `BankTransaction` of its own with its own amount, since each pays a different line.
 */

type CamtKind = 'camt.053' | 'camt.054';

interface BankTransaction {
  /**
   * What identifies the transaction across files, so that importing it again is recognised: the bank's
   * reference of the entry (`AcctSvcrRef`), with the transaction's number when the entry holds several
   * (or the transaction's own `AcctSvcrRef`). An entry without one is known by a hash of what it says.
   */
  key: string;
  direction: 'credit' | 'debit';
  /** The transaction's amount in whole cents, always positive (`direction` says which way). */
  amountCents: number;
  currency: string;
  /** `BOOK` entries are final; pending (`PDNG`) and information-only (`INFO`) ones are not money yet. */
  booked: boolean;
  /** The day the bank booked it (`BookgDt`), else its value day, as YYYY-MM-DD. */
  bookedOn: string | null;
  /** A reversal of an earlier entry (`RvslInd`). */
  reversal: boolean;
  /** Valid creditor references: the structured ones first, then those typed into the free text. */
  references: string[];
  /** The free-text remittance information, lines joined by a space. */
  remittance: string;
  /** The payer's end-to-end id, unless the bank says it was not provided. */
  endToEndId: string | null;
  /** The other party: the payer of a credit, the payee of a debit. */
  counterparty: { name: string | null; iban: string | null };
  /** A returned payment's reason code (`RtrInf/Rsn/Cd`, e.g. `AC04` closed account). */
  returnReason: string | null;
}

export interface CamtFile {
  kind: CamtKind;
  /** The IBAN of the account the file reports on. */
  account: string | null;
  transactions: BankTransaction[];
}

/** Why a file could not be read: a reason and, for a bad entry, its number (1-based) in the file. */
export class CamtError extends Error {
  constructor(
    readonly reason: 'malformed' | 'not_camt' | 'doctype' | 'entry_amount' | 'entry_direction',
    readonly entry?: number,
  ) {
    super(`camt: ${reason}${entry ? ` (entry ${entry})` : ''}`);
    this.name = 'CamtError';
  }
}

/** Elements that may repeat: always read as lists, so that one and many look alike. */
const LISTS = new Set(['Stmt', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'CdtrRefInf']);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#',
  // Amounts, references and ids stay text: '0100.50' is not a number to be rounded, nor '00123' an int.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => LISTS.has(name),
});

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
/** The child at `path`, or undefined. */
function at(node: unknown, ...path: string[]): unknown {
  let cur = node;
  for (const key of path) {
    if (Array.isArray(cur)) cur = cur[0];
    if (!isNode(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}
/** An element's text (with or without attributes). */
function text(node: unknown): string | null {
  if (Array.isArray(node)) return text(node[0]);
  if (typeof node === 'string') return node.trim() || null;
  if (isNode(node) && typeof node['#'] === 'string') return node['#'].trim() || null;
  return null;
}
const list = (node: unknown): unknown[] => (Array.isArray(node) ? node : node === undefined ? [] : [node]);
const textAt = (node: unknown, ...path: string[]) => text(at(node, ...path));

/** '1234.5' -> 123450 cents; more than two decimals must be zeros. */
function cents(amount: string | null): number | null {
  const m = amount?.match(/^(\d{1,15})(?:\.(\d{1,5}))?$/);
  if (!m) return null;
  const fraction = (m[2] ?? '').padEnd(2, '0');
  if (/[^0]/.test(fraction.slice(2))) return null;
  return Number(m[1]) * 100 + Number(fraction.slice(0, 2));
}

/** A party's name and account: v02 writes `Dbtr/Nm`, v08 on `Dbtr/Pty/Nm`. */
function party(parties: unknown, role: 'Dbtr' | 'Cdtr') {
  const who = at(parties, role);
  return {
    name: textAt(who, 'Nm') ?? textAt(who, 'Pty', 'Nm'),
    iban: textAt(parties, `${role}Acct`, 'Id', 'IBAN'),
  };
}

/** The status of an entry: `<Sts>BOOK</Sts>` (v02) or `<Sts><Cd>BOOK</Cd></Sts>` (v08 on). */
const status = (entry: unknown) => textAt(entry, 'Sts', 'Cd') ?? textAt(entry, 'Sts');

/** Reads a `camt.053` or `camt.054` file, or throws a `CamtError` saying what is wrong with it. */
export function parseCamt(xml: string): CamtFile {
  // Bank files never declare a DTD; one that does is refused rather than given to the entity expander.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new CamtError('doctype');
  if (XMLValidator.validate(xml) !== true) throw new CamtError('malformed');
  const doc = at(parser.parse(xml), 'Document');
  const statement = at(doc, 'BkToCstmrStmt');
  const notification = at(doc, 'BkToCstmrDbtCdtNtfctn');
  const kind: CamtKind | null = statement ? 'camt.053' : notification ? 'camt.054' : null;
  if (!kind) throw new CamtError('not_camt');
  const reports = list(kind === 'camt.053' ? at(statement, 'Stmt') : at(notification, 'Ntfctn'));

  const transactions: BankTransaction[] = [];
  let account: string | null = null;
  let number = 0;
  for (const report of reports) {
    account ??= textAt(report, 'Acct', 'Id', 'IBAN');
    for (const entry of list(at(report, 'Ntry'))) {
      number++;
      transactions.push(...entryTransactions(entry, number, account));
    }
  }
  return { kind, account, transactions };
}

function entryTransactions(entry: unknown, number: number, account: string | null): BankTransaction[] {
  const indicator = textAt(entry, 'CdtDbtInd');
  if (indicator !== 'CRDT' && indicator !== 'DBIT') throw new CamtError('entry_direction', number);
  const entryAmount = cents(textAt(entry, 'Amt'));
  if (entryAmount === null) throw new CamtError('entry_amount', number);
  const currency = (at(entry, 'Amt') as Node | undefined)?.['@Ccy'];
  const direction = indicator === 'CRDT' ? 'credit' : 'debit';
  const bookedOn =
    textAt(entry, 'BookgDt', 'Dt') ??
    textAt(entry, 'BookgDt', 'DtTm')?.slice(0, 10) ??
    textAt(entry, 'ValDt', 'Dt') ??
    null;
  const entryRef = textAt(entry, 'AcctSvcrRef');
  const details = list(at(entry, 'NtryDtls')).flatMap((d) => list(at(d, 'TxDtls')));
  const many = details.length > 1;

  return (details.length ? details : [undefined]).map((tx, i) => {
    const amountCents = many
      ? cents(textAt(tx, 'AmtDtls', 'TxAmt', 'Amt') ?? textAt(tx, 'Amt'))
      : entryAmount;
    if (amountCents === null) throw new CamtError('entry_amount', number);
    const parties = at(tx, 'RltdPties');
    const counterparty = party(parties, direction === 'credit' ? 'Dbtr' : 'Cdtr');
    const remittance = list(at(tx, 'RmtInf', 'Ustrd'))
      .map(text)
      .filter((x): x is string => !!x)
      .join(' ');
    const structured = list(at(tx, 'RmtInf', 'Strd'))
      .flatMap((s) => list(at(s, 'CdtrRefInf')))
      .map((r) => textAt(r, 'Ref'))
      .filter((r): r is string => !!r && isCreditorReference(r))
      .map(compactReference);
    const references = [...new Set([...structured, ...referencesIn(remittance)])];
    const e2e = textAt(tx, 'Refs', 'EndToEndId');
    const endToEndId = e2e && e2e.toUpperCase() !== 'NOTPROVIDED' ? e2e : null;
    const reversal = textAt(entry, 'RvslInd') === 'true';
    const base = {
      direction,
      amountCents,
      currency: typeof currency === 'string' ? currency : 'EUR',
      booked: status(entry) === 'BOOK',
      bookedOn,
      reversal,
      references,
      remittance,
      endToEndId,
      counterparty,
      returnReason: textAt(tx, 'RtrInf', 'Rsn', 'Cd'),
    } satisfies Omit<BankTransaction, 'key'>;
    const txRef = textAt(tx, 'Refs', 'AcctSvcrRef');
    const key =
      (many ? txRef : null) ??
      (entryRef ? (many ? `${entryRef}/${i + 1}` : entryRef) : null) ??
      `sha256:${createHash('sha256')
        .update(JSON.stringify([account, number, i, base]))
        .digest('hex')}`;
    return { key, ...base };
  });
}
