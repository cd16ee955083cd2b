import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LedgerVerification } from '@portal/contracts';
import { queryRows, type Db, type DbOrTx } from '../../db/client';

/**
 * The ledger's verification (apps/server/src/modules/ledger/README.md). The database appends one link
 * per money entry written or deleted (migration 0029); this walks the links in order, recomputing each
 * hash from the one before it, and then holds every entry's last link against its row as it is now.
 */

/** The hash before the first link. */
export const GENESIS_HASH = '0'.repeat(64);

/** The advisory lock under which the chain is appended (migration 0029's `ledger_append`). */
const LEDGER_LOCK = 72_707_371;

/**
 * Takes the chain's lock for the rest of the transaction, before any row lock: a write of money that
 * checks other rows first (a capital adjustment reading the capital returned) then waits for the chain
 * here, never while holding a row another money write needs, so the two cannot deadlock.
 */
export async function holdLedger(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LEDGER_LOCK})`);
}

/** Links read a query: the walk keeps one page in memory, however long the chain. */
const PAGE = 5_000;

/** One link's hash, as ledger_hash() computes it in the database. */
export function ledgerHash(
  prevHash: string,
  entryTable: string,
  entryId: string,
  action: string,
  canonical: string | null,
): string {
  return crypto
    .createHash('sha256')
    .update(`${prevHash}\n${entryTable}\n${entryId}\n${action}\n${canonical ?? ''}`, 'utf8')
    .digest('hex');
}

/** One row of ledger_chain as the walk reads it (`seq` as text: a bigint). */
export interface Link {
  seq: string;
  entry_table: string;
  entry_id: string;
  action: string;
  canonical: string | null;
  prev_hash: string;
  hash: string;
}

interface Break {
  at: number;
  problem: string;
}

/** The first link whose number, previous hash or hash is not what the links before it make it. */
async function walkChain(db: DbOrTx): Promise<Break | null> {
  let expected = 1;
  let prev = GENESIS_HASH;
  for (;;) {
    const links = await queryRows<Link>(
      db,
      sql`select seq::text as seq, entry_table, entry_id, action, canonical, prev_hash, hash
            from ledger_chain where seq >= ${expected} order by ledger_chain.seq limit ${PAGE}`,
    );
    for (const link of links) {
      const seq = Number(link.seq);
      if (seq !== expected) return { at: expected, problem: `Chain entry ${expected} is missing` };
      const hash = ledgerHash(prev, link.entry_table, link.entry_id, link.action, link.canonical);
      if (link.prev_hash !== prev || link.hash !== hash)
        return {
          at: seq,
          problem: `${link.entry_table} ${link.entry_id}: chain entry ${seq} does not match its hash`,
        };
      prev = link.hash;
      expected++;
    }
    if (links.length < PAGE) return null;
  }
}

type Mismatch = 'differs' | 'gone' | 'deleted' | 'unchained';

const MISMATCH: Record<Mismatch, string> = {
  differs: 'the row differs from its chained version',
  gone: 'the row is gone, but the chain has no delete for it',
  deleted: 'the row is there, but the chain has it deleted',
  unchained: 'the row is not in the chain',
};

/**
 * The first entry (by its last link) whose row is not as last chained: changed, gone without a delete,
 * back after one, or never chained (after every link). Done in the database, over the entries' last links.
 */
async function compareRows(db: DbOrTx, entries: number): Promise<Break | null> {
  const [row] = await queryRows<{
    seq: string | null;
    entry_table: string;
    entry_id: string;
    mismatch: Mismatch;
  }>(
    db,
    sql`with latest as (
          select distinct on (entry_table, entry_id) entry_table, entry_id, seq, action, canonical
            from ledger_chain order by entry_table, entry_id, seq desc)
        select l.seq::text as seq,
               coalesce(l.entry_table, v.entry_table) as entry_table,
               coalesce(l.entry_id, v.entry_id) as entry_id,
               case when l.seq is null then 'unchained'
                    when v.entry_id is null then 'gone'
                    when l.action = 'delete' then 'deleted'
                    else 'differs' end as mismatch
          from latest l
          full join ledger_live_entries v on v.entry_table = l.entry_table and v.entry_id = l.entry_id
         where l.seq is null
            or (v.entry_id is null and l.action = 'write')
            or (v.entry_id is not null and l.action = 'delete')
            or (l.action = 'write' and v.canonical is distinct from l.canonical)
         order by l.seq nulls last, 2, 3
         limit 1`,
  );
  if (!row) return null;
  return {
    at: row.seq === null ? entries + 1 : Number(row.seq),
    problem: `${row.entry_table} ${row.entry_id}: ${MISMATCH[row.mismatch]}`,
  };
}

/**
 * Whether the chain is whole and every money entry is as last chained; if not, where it first breaks.
 * One snapshot for the walk and the comparison, so that a write committed meanwhile is not a break.
 */
export async function verifyLedger(db: Db): Promise<LedgerVerification> {
  return db.transaction(
    async (tx) => {
      const [count] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ledger_chain`);
      const entries = count?.n ?? 0;
      const breaks = [await walkChain(tx), await compareRows(tx, entries)].filter((b): b is Break => !!b);
      const first = breaks.sort((a, b) => a.at - b.at)[0];
      return first
        ? { ok: false, entries, firstBrokenAt: first.at, problem: first.problem }
        : { ok: true, entries };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
