import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import {
  RETURNS_IMPORT_COLUMNS,
  RETURNS_IMPORT_MAX_ROWS,
  RETURNS_IMPORT_OPTIONAL_COLUMNS,
  incomePaymentDate,
  incomePaymentDateProblem,
  monthEnd,
  monthAfterEndProblem,
  monthBeforeStartProblem,
  monthLabel,
  monthNotBegunProblem,
  type ReturnsImportRow,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { investmentEndedOnSql } from '../../db/investment-returns';
import { capitalReturns, investments, monthlyReturns } from '../../db/schema';
import { BadRequestError, coded, ConflictError, isUniqueViolation } from '../../lib/errors';
import { recordAudit } from '../audit/service';
import { lockReason, publishedPeriods } from '../locks/service';

type Kind = 'income' | 'capital';
type Column = (typeof RETURNS_IMPORT_COLUMNS)[number] | (typeof RETURNS_IMPORT_OPTIONAL_COLUMNS)[number];
/** Every column a header may name, as written there (compared lower-cased). */
const ALL_COLUMNS: readonly Column[] = [...RETURNS_IMPORT_COLUMNS, ...RETURNS_IMPORT_OPTIONAL_COLUMNS];

/** A data row of the file as written: its line and its cells by column. */
interface Line {
  row: number;
  cells: Record<Column, string>;
  /** A problem with the line as a whole (too few or too many values). */
  shape?: string;
}

/** A row that passed every check: what it writes. */
interface Checked {
  userId: string;
  projectId: string;
  month: string;
  amount: string;
  kind: Kind;
  /** The day it is paid, when the row gives one. */
  paymentDate: string | null;
}

export interface ImportOutcome {
  rows: ReturnsImportRow[];
  /** Rows with a problem. */
  bad: number;
  written: number;
}

/** Rows written per insert statement. */
const CHUNK = 2_000;

/** The file's text: UTF-8 (a byte order mark is dropped by the parser); anything else is not a CSV. */
function csvText(file: Buffer): string {
  if (file.length === 0) throw new BadRequestError(coded('distributions.file_empty'));
  if (file.includes(0)) throw new BadRequestError(coded('distributions.file_not_csv'));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw new BadRequestError(coded('distributions.file_not_utf8'));
  }
}

/**
 * Reads the file into its data rows, each with its line number. A file that is not CSV, a header that is
 * not `investor,project,month,amount,kind` (in any order, with `paymentDate` or without), no rows or too
 * many are refused as a whole.
 */
function readReturnsCsv(file: Buffer): Line[] {
  const text = csvText(file);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (err) {
    const problem = err instanceof Error ? err.message : String(err);
    throw new BadRequestError(coded('distributions.file_invalid_csv', { problem }));
  }
  const [head, ...data] = records;
  if (!head) throw new BadRequestError(coded('distributions.file_empty'));
  const header = head.record.map((h) => h.toLowerCase());
  const expected = RETURNS_IMPORT_COLUMNS.join(',');
  const unknown = header.filter((h) => !ALL_COLUMNS.some((c) => c.toLowerCase() === h));
  const missing = RETURNS_IMPORT_COLUMNS.filter((c) => !header.includes(c));
  const repeated = header.filter((h, i) => header.indexOf(h) !== i);
  if (unknown.length || missing.length || repeated.length) {
    const problems = [
      missing.length && `misses ${missing.join(', ')}`,
      unknown.length && `has unknown columns ${unknown.map((u) => `"${u}"`).join(', ')}`,
      repeated.length && `repeats ${[...new Set(repeated)].join(', ')}`,
    ].filter(Boolean);
    throw new BadRequestError(
      coded('distributions.header_wrong', { problems: problems.join(' and '), expected }),
    );
  }
  if (data.length === 0) throw new BadRequestError(coded('distributions.file_no_rows'));
  if (data.length > RETURNS_IMPORT_MAX_ROWS)
    throw new BadRequestError(
      coded('distributions.file_too_many_rows', { rows: data.length, max: RETURNS_IMPORT_MAX_ROWS }),
    );
  const at = Object.fromEntries(ALL_COLUMNS.map((c) => [c, header.indexOf(c.toLowerCase())])) as Record<
    Column,
    number
  >;
  return data.map(({ record, info }) => ({
    row: info.lines,
    cells: Object.fromEntries(ALL_COLUMNS.map((c) => [c, at[c] < 0 ? '' : (record[at[c]] ?? '')])) as Record<
      Column,
      string
    >,
    ...(record.length !== header.length && {
      shape: `The line has ${record.length} values, the header ${header.length}`,
    }),
  }));
}

/** '1234.5' → '1234.50'; a problem in words when it is not an amount above 0 with at most 2 decimals. */
function amountOf(raw: string): { value: string } | { error: string } {
  if (!raw) return { error: 'Amount is missing' };
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(raw);
  if (!m) return { error: `Amount "${raw}" must be a number such as 1234.50 (no signs or separators)` };
  const decimals = m[2] ?? '';
  if (decimals.length > 2) return { error: `Amount ${raw} must have at most 2 decimals` };
  const value = `${BigInt(m[1]!)}.${decimals.padEnd(2, '0')}`;
  if (value === '0.00') return { error: 'Amount must be more than 0' };
  return { value };
}

const json = (value: unknown) => JSON.stringify(value);

/** Investors by lower-cased email and investor ID, for every key of the file in one query. */
async function findInvestors(db: DbOrTx, keys: string[]) {
  const rows = await queryRows<{ id: string; email: string; investor_id: string | null }>(
    db,
    sql`select id, email, investor_id from users
        where lower(email) in (select jsonb_array_elements_text(${json(keys)}::jsonb))
           or lower(investor_id) in (select jsonb_array_elements_text(${json(keys)}::jsonb))`,
  );
  const byKey = new Map<string, string>();
  for (const r of rows) {
    byKey.set(r.email.toLowerCase(), r.id);
    if (r.investor_id) byKey.set(r.investor_id.toLowerCase(), r.id);
  }
  return byKey;
}

/**
 * Projects by id and by name in any case ('aurora lakeside cabins' is Aurora Lakeside Cabins), in one
 * query; a name two projects share (in any case) is ambiguous. Names are keyed lower-cased.
 */
async function findProjects(db: DbOrTx, keys: string[]) {
  const rows = await queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from projects
        where id::text in (select lower(k) from jsonb_array_elements_text(${json(keys)}::jsonb) k)
           or lower(name) in (select lower(k) from jsonb_array_elements_text(${json(keys)}::jsonb) k)`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const byName = new Map<string, { id: string; name: string }[]>();
  for (const r of rows) {
    const key = r.name.toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), r]);
  }
  return { byId, byName };
}

const pairKey = (userId: string, projectId: string) => `${userId}|${projectId}`;

/** Which of these (user, project) pairs hold an investment, with its start and end, in one query. */
async function findHoldings(db: DbOrTx, pairs: { u: string; p: string }[]) {
  const held = new Map<string, { startDate: string | null; endedOn: string | null }>();
  if (!pairs.length) return held;
  const rows = await queryRows<{
    user_id: string;
    project_id: string;
    start_date: string | null;
    ended_on: string | null;
  }>(
    db,
    sql`select ${investments.userId} as user_id, ${investments.projectId} as project_id,
               ${investments.startDate}::text as start_date, ${investmentEndedOnSql} as ended_on
          from ${investments}
          join jsonb_to_recordset(${json(pairs)}::jsonb) as k(u uuid, p uuid)
            on ${investments.userId} = k.u and ${investments.projectId} = k.p`,
  );
  for (const r of rows)
    held.set(pairKey(r.user_id, r.project_id), { startDate: r.start_date, endedOn: r.ended_on });
  return held;
}

/** Which of these (user, project, month) already have a monthly return, in one query. */
async function findRecorded(db: DbOrTx, keys: { u: string; p: string; m: string }[]) {
  if (!keys.length) return new Set<string>();
  const rows = await queryRows<{ user_id: string; project_id: string; month: string }>(
    db,
    sql`select r.user_id, r.project_id, r.month from monthly_returns r
        join jsonb_to_recordset(${json(keys)}::jsonb) as k(u uuid, p uuid, m text)
          on r.user_id = k.u and r.project_id = k.p and r.month = k.m`,
  );
  return new Set(rows.map((r) => `${pairKey(r.user_id, r.project_id)}|${r.month}`));
}

/**
 * Checks every row against the database (four queries for the whole file): each row's problems in
 * words, and what the good rows would write.
 */
async function checkLines(db: DbOrTx, lines: Line[], today: Date) {
  const investorKeys = [...new Set(lines.map((l) => l.cells.investor.toLowerCase()).filter(Boolean))];
  const projectKeys = [...new Set(lines.map((l) => l.cells.project).filter(Boolean))];
  const [investors, projects] = await Promise.all([
    findInvestors(db, investorKeys),
    findProjects(db, projectKeys),
  ]);

  const errors = new Map<number, string[]>();
  const problem = (row: number, message: string) => errors.set(row, [...(errors.get(row) ?? []), message]);
  const parsed: (Partial<Checked> & { row: number })[] = [];
  for (const { row, cells, shape } of lines) {
    if (shape) problem(row, shape);
    const out: Partial<Checked> & { row: number } = { row };
    if (!cells.investor) problem(row, 'Investor is missing');
    else {
      out.userId = investors.get(cells.investor.toLowerCase());
      if (!out.userId) problem(row, `No investor has the ID or email "${cells.investor}"`);
    }
    if (!cells.project) problem(row, 'Project is missing');
    else {
      const named = projects.byName.get(cells.project.toLowerCase()) ?? [];
      const byId = projects.byId.get(cells.project.toLowerCase());
      if (byId) out.projectId = byId.id;
      else if (named.length === 1) out.projectId = named[0]!.id;
      else if (named.length > 1)
        problem(row, `${named.length} projects are named "${cells.project}": give the project's id`);
      else problem(row, `No project has the id or name "${cells.project}"`);
    }
    if (!cells.month) problem(row, 'Month is missing');
    else if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(cells.month))
      problem(row, `Month "${cells.month}" must be YYYY-MM`);
    else {
      const notBegun = monthNotBegunProblem(cells.month, today);
      if (notBegun) problem(row, notBegun);
      else out.month = cells.month;
    }
    const amount = amountOf(cells.amount);
    if ('error' in amount) problem(row, amount.error);
    else out.amount = amount.value;
    const kind = cells.kind.toLowerCase() || 'income';
    if (kind !== 'income' && kind !== 'capital')
      problem(row, `Kind "${cells.kind}" must be income or capital`);
    else out.kind = kind;
    out.paymentDate = null;
    if (cells.paymentDate) {
      const problemOfDate = !incomePaymentDate.safeParse(cells.paymentDate).success
        ? `Payment date "${cells.paymentDate}" must be a date, YYYY-MM-DD`
        : out.month
          ? incomePaymentDateProblem(out.month, cells.paymentDate)
          : null;
      if (problemOfDate) problem(row, problemOfDate);
      else out.paymentDate = cells.paymentDate;
    }
    parsed.push(out);
  }

  const resolved = parsed.filter((p) => p.userId && p.projectId);
  const pairs = [...new Map(resolved.map((p) => [pairKey(p.userId!, p.projectId!), p])).values()];
  const incomeKeys = resolved.filter((p) => p.month && p.kind === 'income');
  const [holdings, recorded, publishedOn] = await Promise.all([
    findHoldings(
      db,
      pairs.map((p) => ({ u: p.userId!, p: p.projectId! })),
    ),
    findRecorded(
      db,
      incomeKeys.map((p) => ({ u: p.userId!, p: p.projectId!, m: p.month! })),
    ),
    publishedPeriods(db),
  ]);
  const firstLine = new Map<string, number>();
  for (const p of resolved) {
    const pair = pairKey(p.userId!, p.projectId!);
    if (!holdings.has(pair)) problem(p.row, 'This investor holds no investment in this project');
    const held = holdings.get(pair);
    const outside =
      p.month && held
        ? (monthBeforeStartProblem(p.month, held.startDate) ?? monthAfterEndProblem(p.month, held.endedOn))
        : null;
    if (outside) problem(p.row, outside);
    if (!p.month || !p.kind) continue;
    // Not into a period whose statements the investors were given.
    const locked = lockReason(
      { run: null, publication: publishedOn(p.paymentDate ?? monthEnd(p.month)) },
      `The ${monthLabel(p.month)} ${p.kind === 'income' ? 'return' : 'return of capital'}`,
      'returns',
    );
    if (locked) problem(p.row, locked);
    const same = `${pair}|${p.month}|${p.kind}`;
    const first = firstLine.get(same);
    if (first !== undefined) problem(p.row, `The same investor, project, month and kind as line ${first}`);
    else firstLine.set(same, p.row);
    if (p.kind === 'income' && recorded.has(`${pair}|${p.month}`))
      problem(p.row, `A return for ${monthLabel(p.month)} is already recorded for this investor and project`);
  }

  const rows: ReturnsImportRow[] = parsed.map(({ row }) => {
    const list = errors.get(row);
    return list ? { row, ok: false, error: list.join('; ') } : { row, ok: true };
  });
  const good = errors.size ? [] : (parsed as Checked[]);
  return { rows, bad: errors.size, good };
}

/**
 * Writes checked rows: income as monthly returns, capital as returns of capital, each paid on the row's
 * payment date, else on the month's last day.
 */
async function writeRows(tx: DbOrTx, good: Checked[]) {
  const income = good.filter((g) => g.kind === 'income');
  const capital = good.filter((g) => g.kind === 'capital');
  for (let i = 0; i < income.length; i += CHUNK)
    await tx.insert(monthlyReturns).values(
      income.slice(i, i + CHUNK).map((g) => ({
        userId: g.userId,
        projectId: g.projectId,
        month: g.month,
        amount: g.amount,
        paymentDate: g.paymentDate,
      })),
    );
  for (let i = 0; i < capital.length; i += CHUNK)
    await tx.insert(capitalReturns).values(
      capital.slice(i, i + CHUNK).map((g) => ({
        userId: g.userId,
        projectId: g.projectId,
        amount: g.amount,
        paymentDate: g.paymentDate ?? monthEnd(g.month),
        distributionId: null,
      })),
    );
  return { income: income.length, capital: capital.length };
}

/**
 * Imports the rows of a CSV file (see `readReturnsCsv`). A dry run checks every row and writes nothing.
 * A real run checks and writes in one transaction: every row, with the audit row, or none when any row
 * has a problem (`bad` > 0, `written` 0). The roll-up triggers of monthly returns keep the investments'
 * totals right.
 */
export async function importReturns(
  db: Db,
  actorId: string,
  file: Buffer,
  opts: { dryRun: boolean; today?: Date },
): Promise<ImportOutcome> {
  const lines = readReturnsCsv(file);
  const today = opts.today ?? new Date();
  if (opts.dryRun) {
    const { rows, bad } = await checkLines(db, lines, today);
    return { rows, bad, written: 0 };
  }
  try {
    return await db.transaction(async (tx) => {
      const { rows, bad, good } = await checkLines(tx, lines, today);
      if (bad) return { rows, bad, written: 0 };
      const counts = await writeRows(tx, good);
      await recordAudit(tx, {
        actorId,
        action: 'import',
        entity: 'monthly-return',
        details: { rows: good.length, income: counts.income, capital: counts.capital },
      });
      return { rows, bad: 0, written: good.length };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(coded('distributions.import_recorded_meanwhile'));
    throw err;
  }
}
