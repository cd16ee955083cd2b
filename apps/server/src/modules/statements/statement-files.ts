import type { Readable } from 'node:stream';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { StatementListItem, StatementPeriodInfo } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { statementFiles, statementPublications, users } from '../../db/schema';
import { NotFoundError } from '../../lib/errors';
import { localeOf } from '../../lib/translator';
import type { FileStorage } from '../../storage/file-storage';
import { rowsOf } from '../notifications/notify';
import type { Holding } from '../portfolio/performance-figures';
import { loadPortfolio } from '../portfolio/service';
import {
  buildStatement,
  periodInfo,
  statementFileName,
  statementPdf,
  statementPeriods,
  today,
} from './statements';

type StoredStatement = Pick<typeof statementFiles.$inferSelect, 'fileKey' | 'fileSize' | 'sha256'>;

/**
 * Which of these periods are published: a period is from the moment its publishing begins (whatever the
 * job's progress), and its statements are final from then on.
 */
async function publishedOf(db: DbOrTx, periods: readonly string[]): Promise<Set<string>> {
  if (!periods.length) return new Set();
  const rows = await db
    .select({ period: statementPublications.period })
    .from(statementPublications)
    .where(inArray(statementPublications.period, [...periods]));
  return new Set(rows.map((r) => r.period));
}

const stored = {
  fileKey: statementFiles.fileKey,
  fileSize: statementFiles.fileSize,
  sha256: statementFiles.sha256,
};

/** What a statement says of its investor, and the language it is written in (`users.locale`). */
const investorColumns = { name: users.name, investorId: users.investorId, locale: users.locale };
type Investor = { name: string; investorId: string | null; locale: string };

const storedOf = (db: DbOrTx, userId: string, period: string) =>
  db
    .select(stored)
    .from(statementFiles)
    .where(and(eq(statementFiles.userId, userId), eq(statementFiles.period, period)))
    .then((rows) => rows[0]);

/**
 * Renders an investor's statement of a published period and stores it, once: the PDF goes into file
 * storage under a fresh key, then its row is inserted unless one is there already (a download and the
 * job at the same moment); the loser deletes its file and both answer the winner's. Null when the
 * investor held nothing in the period.
 */
async function freeze(
  db: Db,
  storage: FileStorage,
  userId: string,
  info: StatementPeriodInfo,
  known?: { holdings: readonly Holding[]; investor: Investor },
): Promise<StoredStatement | null> {
  const [holdings, investor] = known
    ? [known.holdings, known.investor]
    : await Promise.all([
        loadPortfolio(db, userId).then((p) => p.holdings),
        db
          .select(investorColumns)
          .from(users)
          .where(eq(users.id, userId))
          .then((rows) => rows[0]),
      ]);
  const statement = investor && buildStatement(holdings, investor, info);
  if (!statement) return null;
  const pdf = await statementPdf(statement, { locale: localeOf(investor.locale) });
  const file = await storage.put(Buffer.from(pdf), { extension: 'pdf' });
  let row: StoredStatement | undefined;
  try {
    [row] = await db
      .insert(statementFiles)
      .values({ userId, period: info.period, fileKey: file.key, fileSize: file.size, sha256: file.sha256 })
      .onConflictDoNothing()
      .returning(stored);
  } catch (err) {
    await storage.delete(file.key);
    throw err;
  }
  if (row) return row;
  await storage.delete(file.key);
  return (await storedOf(db, userId, info.period)) ?? null;
}

/**
 * The caller's statements, as `GET /api/statements` answers them: each published (with its stored PDF's
 * SHA-256; one the publishing job has not reached yet is stored now) or preliminary.
 */
export async function listStatements(
  db: Db,
  storage: FileStorage,
  userId: string,
): Promise<StatementListItem[]> {
  const { holdings } = await loadPortfolio(db, userId);
  const periods = statementPeriods(holdings, today());
  const published = await publishedOf(
    db,
    periods.map((p) => p.period),
  );
  const shas = new Map<string, string>();
  if (published.size) {
    const rows = await db
      .select({ period: statementFiles.period, sha256: statementFiles.sha256 })
      .from(statementFiles)
      .where(eq(statementFiles.userId, userId));
    for (const r of rows) shas.set(r.period, r.sha256);
    const missing = periods.filter((p) => published.has(p.period) && !shas.has(p.period));
    if (missing.length) {
      const [investor] = await db.select(investorColumns).from(users).where(eq(users.id, userId));
      for (const p of missing) {
        const file = investor && (await freeze(db, storage, userId, p, { holdings, investor }));
        if (file) shas.set(p.period, file.sha256);
      }
    }
  }
  return periods.map((p) => {
    const sha256 = published.has(p.period) ? shas.get(p.period) : undefined;
    return sha256 ? { ...p, published: true, sha256 } : { ...p, published: false };
  });
}

/**
 * The caller's statement of a period as the PDF download answers it: the stored bytes of a published
 * period (stored now when the publishing job has not reached it yet), else made now and marked
 * preliminary. Not found as `loadStatement` is: a period that has not ended, or one the caller held
 * nothing in.
 */
export async function statementDownload(
  db: Db,
  storage: FileStorage,
  userId: string,
  period: string,
): Promise<{ fileName: string; size: number; body: Readable | Buffer }> {
  const info = periodInfo(period);
  if (info.to >= today()) throw new NotFoundError('Statement');
  const [[investor], published] = await Promise.all([
    db.select(investorColumns).from(users).where(eq(users.id, userId)),
    publishedOf(db, [period]),
  ]);
  if (!investor) throw new NotFoundError('Statement');
  const fileName = statementFileName(investor.investorId, userId, period);
  if (published.has(period)) {
    const file = (await storedOf(db, userId, period)) ?? (await freeze(db, storage, userId, info));
    if (!file) throw new NotFoundError('Statement');
    return { fileName, size: file.fileSize, body: storage.get(file.fileKey) };
  }
  const { holdings } = await loadPortfolio(db, userId);
  const statement = buildStatement(holdings, investor, info);
  if (!statement) throw new NotFoundError('Statement');
  const pdf = Buffer.from(
    await statementPdf(statement, { preliminary: true, locale: localeOf(investor.locale) }),
  );
  return { fileName, size: pdf.length, body: pdf };
}

/** Investors whose statements the job renders and stores per batch (some milliseconds each). */
const STORE_BATCH_SIZE = 100;

/**
 * Stores the statements of a published period that are not stored yet, batch by batch, for every active
 * investor who held an investment by its last day (those the publication told). Walks them by id after
 * `after`, so that one whose statement cannot be made is passed over; answers the last id done, or null
 * when none is left. Yields to the event loop between statements: the rendering is synchronous work.
 */
export async function storeStatementBatch(
  db: Db,
  storage: FileStorage,
  period: string,
  holders: SQL,
  after: string | null,
  size = STORE_BATCH_SIZE,
): Promise<string | null> {
  const info = periodInfo(period);
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      select h.id from (${holders}) h
      where ${after ? sql`h.id > ${after}::uuid` : sql`true`}
        and not exists (select 1 from statement_files f where f.user_id = h.id and f.period = ${period})
      order by h.id limit ${size}`),
  );
  for (const { id } of rows) {
    await freeze(db, storage, id, info);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return rows.length < size ? null : rows.at(-1)!.id;
}
