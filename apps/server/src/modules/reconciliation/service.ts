import { and, eq, inArray, sql } from 'drizzle-orm';
import { toCents, todayIso } from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import {
  bankImports,
  bankTransactions,
  cabinAllowances,
  capitalCallLines,
  distributionAllocations,
  distributions,
  investments,
  subscriptions,
} from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { recordAudit } from '../audit/service';
import { notifyUsers } from '../notifications/notify';
import { matchTransactions, type Decision, type MatchableTransaction } from './match';

/**
 * Reconciliation (ADR 028): a bank file's transactions applied to the rows they pay or confirm: call
 * lines, payouts of final distributions, and, when a subscription's calls are paid in full, its
 * investment. A shared service below the domains: `bankStatements` and `capitalCalls` call it.
 */

/** A transaction as read from a bank file (camt.ts), with what the database keeps of it. */
interface StatementTransaction extends MatchableTransaction {
  bookedOn: string | null;
  remittance: string;
  counterparty: { name: string | null; iban: string | null };
}

export interface StatementImport {
  fileName: string;
  kind: string;
  sha256: string;
  transactions: readonly StatementTransaction[];
}

export interface ImportOutcome {
  entries: number;
  matched: number;
  unmatched: { amount: number; reference: string; counterparty: string; bookedOn: string | null }[];
  duplicates: number;
}

const CHUNK = 500;
const chunks = <T>(rows: readonly T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
};
const euros = (cents: number) => (cents / 100).toFixed(2);

interface LineState {
  id: string;
  subscriptionId: string;
  reference: string;
  owedCents: number;
  paidCents: number;
  paidOn: string | null;
}

/** The call lines of these references, locked (a payment of another import at the same time waits). */
async function lockLinesByReference(tx: DbOrTx, references: string[]): Promise<LineState[]> {
  if (references.length === 0) return [];
  const rows = await queryRows<{
    id: string;
    subscription_id: string;
    reference: string;
    amount: string;
    paid: string;
    paid_on: string | null;
  }>(
    tx,
    sql`select id, subscription_id, reference, amount, paid, paid_on from ${capitalCallLines}
        where reference = any(${sql.param(references)}::text[]) order by id for update`,
  );
  return rows.map((r) => ({
    id: r.id,
    subscriptionId: r.subscription_id,
    reference: r.reference,
    owedCents: toCents(r.amount),
    paidCents: toCents(r.paid),
    paidOn: r.paid_on ? String(r.paid_on).slice(0, 10) : null,
  }));
}

/** Adds payments to lines (in order), sets the day each was paid in full, and answers the overpayments. */
async function payLines(
  tx: DbOrTx,
  lines: Map<string, LineState>,
  payments: { lineId: string; amountCents: number; bookedOn: string | null }[],
): Promise<{ overpaid: number[]; subscriptions: Set<string> }> {
  const touched = new Set<string>();
  const overpaid = payments.map((p) => {
    const line = lines.get(p.lineId)!;
    const before = Math.max(0, line.paidCents - line.owedCents);
    line.paidCents += p.amountCents;
    const after = Math.max(0, line.paidCents - line.owedCents);
    if (line.paidOn === null && line.paidCents >= line.owedCents) line.paidOn = p.bookedOn ?? todayIso();
    touched.add(line.id);
    return after - before;
  });
  const changed = [...touched].map((id) => lines.get(id)!);
  for (const part of chunks(changed, 5000)) {
    const col = <T>(f: (l: LineState) => T) => sql.param(part.map(f));
    await tx.execute(sql`update ${capitalCallLines} as l set paid = v.paid, paid_on = v.paid_on
      from unnest(${col((l) => l.id)}::uuid[], ${col((l) => euros(l.paidCents))}::numeric[],
        ${col((l) => l.paidOn)}::date[]) as v(id, paid, paid_on)
      where l.id = v.id`);
  }
  return { overpaid, subscriptions: new Set(changed.map((l) => l.subscriptionId)) };
}

/**
 * Adds the nights a funded subscription earns by its offering's rule to the investor's allowance in the
 * project (created when they hold none), valid at least `months` from `from`: an allowance that runs
 * longer keeps its expiry.
 */
async function grantCabinNights(
  tx: DbOrTx,
  userId: string,
  projectId: string,
  grant: { nights: number; from: string; months: number },
) {
  if (grant.nights <= 0) return;
  const expires = sql`(${grant.from}::date + make_interval(months => ${grant.months}))::date`;
  await tx.execute(sql`insert into ${cabinAllowances} (user_id, project_id, total_nights, expires_at)
      values (${userId}, ${projectId}, ${grant.nights}, ${expires})
      on conflict (user_id, project_id) do update set
        total_nights = ${cabinAllowances}.total_nights + excluded.total_nights,
        expires_at = greatest(${cabinAllowances}.expires_at, excluded.expires_at),
        updated_at = now()`);
}

/**
 * Funds the subscriptions whose calls add up to 100 % and are all paid in full: status `funded`, the
 * investment created (amount = the subscription, start date = the day the last payment was booked), the
 * cabin nights of the offering's rule granted (grantCabinNights) and
 * the investor told. Each subscription is locked first, so that two imports fund it once.
 */
async function fundPaidSubscriptions(
  tx: DbOrTx,
  mailer: Mailer,
  subscriptionIds: Iterable<string>,
): Promise<string[]> {
  const ids = [...new Set(subscriptionIds)].sort();
  if (ids.length === 0) return [];
  await queryRows(
    tx,
    sql`select id from ${subscriptions} where id = any(${sql.param(ids)}::uuid[]) order by id for update`,
  );
  const ready = await queryRows<{
    id: string;
    user_id: string;
    amount: string;
    project_id: string;
    project_name: string;
    last_paid: string;
    nights_per_10000: number;
    allowance_months: number;
  }>(
    tx,
    sql`select s.id, s.user_id, s.amount, o.project_id, p.name as project_name,
          o.nights_per_10000, o.allowance_months, max(l.paid_on)::text as last_paid
        from subscriptions s
        join offerings o on o.id = s.offering_id
        join projects p on p.id = o.project_id
        join capital_call_lines l on l.subscription_id = s.id
        join capital_calls c on c.id = l.call_id
        where s.id = any(${sql.param(ids)}::uuid[]) and s.status in ('accepted', 'called')
        group by s.id, s.user_id, s.amount, o.project_id, p.name, o.nights_per_10000, o.allowance_months
        having sum(c.percent) >= 100 and bool_and(l.paid >= l.amount)`,
  );
  const funded: string[] = [];
  for (const s of ready) {
    const startDate = String(s.last_paid).slice(0, 10);
    const [created] = await tx
      .insert(investments)
      .values({ userId: s.user_id, projectId: s.project_id, amount: s.amount, startDate })
      .onConflictDoNothing({ target: [investments.userId, investments.projectId] })
      .returning({ id: investments.id });
    const investmentId =
      created?.id ??
      (
        await tx
          .select({ id: investments.id })
          .from(investments)
          .where(and(eq(investments.userId, s.user_id), eq(investments.projectId, s.project_id)))
          .limit(1)
      )[0]?.id ??
      null;
    await tx
      .update(subscriptions)
      .set({ status: 'funded', fundedAt: new Date(), investmentId, updatedAt: new Date() })
      .where(eq(subscriptions.id, s.id));
    const cents = toCents(s.amount);
    await grantCabinNights(tx, s.user_id, s.project_id, {
      nights: Math.floor((cents * Number(s.nights_per_10000)) / 1_000_000),
      from: startDate,
      months: Number(s.allowance_months),
    });
    await notifyUsers(tx, [s.user_id], {
      title: 'Investment funded',
      message: `Your investment of €${euros(cents)} in ${s.project_name} is funded.`,
      notice: {
        key: 'subscriptionFunded',
        params: { amount: { cents }, project: s.project_name, date: { date: startDate } },
      },
      type: 'success',
      link: '/dashboard',
    });
    await mailer.queue(tx, 'subscriptionFunded', s.user_id, {
      project: s.project_name,
      amountCents: cents,
      startDate,
    });
    funded.push(s.id);
  }
  return funded;
}

interface PayoutRow {
  payoutId: string;
  distributionId: string;
  userId: string;
  endToEndId: string;
  amountCents: number;
}

async function payoutsByEndToEnd(tx: DbOrTx, ids: string[]): Promise<PayoutRow[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({
      distributionId: distributionAllocations.distributionId,
      userId: distributionAllocations.userId,
      endToEndId: distributionAllocations.endToEndId,
      amount: distributionAllocations.amount,
    })
    .from(distributionAllocations)
    .innerJoin(distributions, eq(distributions.id, distributionAllocations.distributionId))
    .where(and(inArray(distributionAllocations.endToEndId, ids), eq(distributions.status, 'final')));
  return rows.map((r) => ({
    payoutId: `${r.distributionId}:${r.userId}`,
    distributionId: r.distributionId,
    userId: r.userId,
    endToEndId: r.endToEndId!,
    amountCents: toCents(r.amount),
  }));
}

const MATCHED = new Set<Decision['kind']>(['call_payment', 'payout_booked', 'payout_returned']);

/**
 * Imports a bank file's transactions in one transaction. Each is inserted under its key first (ON
 * CONFLICT DO NOTHING): one known already, also from an import running at the same time (the unique
 * index makes it wait), is a duplicate and changes nothing. The new ones are matched against the locked
 * call lines and the payouts, and applied: payments added to lines, payouts marked booked or returned,
 * subscriptions paid in full funded.
 */
export async function importStatement(
  db: Db,
  mailer: Mailer,
  actorId: string,
  file: StatementImport,
): Promise<ImportOutcome> {
  return db.transaction(async (tx) => {
    const [imp] = await tx
      .insert(bankImports)
      .values({
        fileName: file.fileName,
        kind: file.kind,
        sha256: file.sha256,
        entries: file.transactions.length,
        matched: 0,
        duplicates: 0,
        importedBy: actorId,
      })
      .returning({ id: bankImports.id });
    const importId = imp!.id;

    // Insert first: what comes back is new; the rest were imported before.
    const newIds = new Map<string, string>();
    const seen = new Set<string>();
    const unique = file.transactions.filter((t) => !seen.has(t.key) && seen.add(t.key));
    // One statement a few thousand rows, each column an array (unnest): far cheaper than VALUES lists.
    for (const part of chunks(unique, 5000)) {
      const col = <T>(f: (t: StatementTransaction) => T) => sql.param(part.map(f));
      const rows = await queryRows<{ id: string; key: string }>(
        tx,
        sql`insert into ${bankTransactions} (import_id, key, direction, amount, currency, booked_on, reference,
              remittance, counterparty, counterparty_iban, end_to_end_id, return_reason, outcome)
            select ${importId}::uuid, k, d, a::numeric, c, b::date, r, m, p, i, e, x, 'unmatched'
            from unnest(${col((t) => t.key)}::text[], ${col((t) => t.direction)}::text[],
              ${col((t) => euros(t.amountCents))}::text[], ${col((t) => t.currency)}::text[],
              ${col((t) => t.bookedOn)}::text[], ${col((t) => t.references[0] ?? '')}::text[],
              ${col((t) => t.remittance.slice(0, 500))}::text[],
              ${col((t) => (t.counterparty.name ?? '').slice(0, 200))}::text[],
              ${col((t) => t.counterparty.iban)}::text[], ${col((t) => t.endToEndId)}::text[],
              ${col((t) => t.returnReason)}::text[]) as v(k, d, a, c, b, r, m, p, i, e, x)
            on conflict (key) do nothing
            returning id, key`,
      );
      for (const r of rows) newIds.set(r.key, r.id);
    }
    const fresh = unique.filter((t) => newIds.has(t.key));

    const references = [...new Set(fresh.flatMap((t) => t.references))];
    const lines = await lockLinesByReference(tx, references);
    const payouts = await payoutsByEndToEnd(tx, [
      ...new Set(fresh.map((t) => t.endToEndId).filter((x): x is string => !!x)),
    ]);
    const decisions = matchTransactions(
      fresh,
      lines.map((l) => ({
        lineId: l.id,
        reference: l.reference,
        owedCents: l.owedCents,
        paidCents: l.paidCents,
      })),
      payouts,
    );

    const lineById = new Map(lines.map((l) => [l.id, l]));
    const payments = fresh.flatMap((t, i) => {
      const d = decisions[i]!;
      return d.kind === 'call_payment'
        ? [{ index: i, lineId: d.lineId, amountCents: d.amountCents, bookedOn: t.bookedOn }]
        : [];
    });
    const { overpaid, subscriptions: touched } = await payLines(tx, lineById, payments);
    const overpaidAt = new Map(payments.map((p, k) => [p.index, overpaid[k]!]));

    const payoutById = new Map(payouts.map((p) => [p.payoutId, p]));
    for (const [i, d] of decisions.entries()) {
      if (d.kind !== 'payout_booked' && d.kind !== 'payout_returned') continue;
      const p = payoutById.get(d.payoutId)!;
      const on = fresh[i]!.bookedOn ?? todayIso();
      await tx
        .update(distributionAllocations)
        .set(
          d.kind === 'payout_booked'
            ? { bankStatus: 'booked', bankStatusOn: on, returnReason: null }
            : { bankStatus: 'returned', bankStatusOn: on, returnReason: d.reason },
        )
        .where(
          and(
            eq(distributionAllocations.distributionId, p.distributionId),
            eq(distributionAllocations.userId, p.userId),
          ),
        );
    }

    // The decisions, written to the rows inserted above (unmatched ones stay as inserted).
    interface RowUpdate {
      id: string;
      outcome: Decision['kind'];
      why: string | null;
      line: string | null;
      dist: string | null;
      user: string | null;
      over: number;
    }
    const updates = fresh.flatMap((t, i): RowUpdate[] => {
      const d = decisions[i]!;
      if (d.kind === 'unmatched')
        return d.why === 'unknown_reference' || d.why === 'no_reference'
          ? []
          : [
              {
                id: newIds.get(t.key)!,
                outcome: d.kind,
                why: d.why,
                line: null,
                dist: null,
                user: null,
                over: 0,
              },
            ];
      const payout = 'payoutId' in d ? payoutById.get(d.payoutId)! : null;
      return [
        {
          id: newIds.get(t.key)!,
          outcome: d.kind,
          why: null,
          line: d.kind === 'call_payment' ? d.lineId : null,
          dist: payout?.distributionId ?? null,
          user: payout?.userId ?? null,
          over: overpaidAt.get(i) ?? 0,
        },
      ];
    });
    const whyOf = new Map(
      fresh.map((t, i) => {
        const d = decisions[i]!;
        return [t.key, d.kind === 'unmatched' ? d.why : null];
      }),
    );
    for (const part of chunks(updates, 5000)) {
      const col = <T>(f: (u: RowUpdate) => T) => sql.param(part.map(f));
      await tx.execute(sql`update ${bankTransactions} as b set outcome = v.outcome,
          unmatched_why = v.why, call_line_id = v.line, distribution_id = v.dist,
          payout_user_id = v.usr, overpaid = v.over
        from unnest(${col((u) => u.id)}::uuid[], ${col((u) => u.outcome)}::text[], ${col((u) => u.why)}::text[],
          ${col((u) => u.line)}::uuid[], ${col((u) => u.dist)}::uuid[], ${col((u) => u.user)}::uuid[],
          ${col((u) => euros(u.over))}::numeric[]) as v(id, outcome, why, line, dist, usr, over)
        where b.id = v.id`);
    }
    // Unmatched for want of a (known) reference: their reason, in one statement per reason.
    for (const why of ['no_reference', 'unknown_reference'] as const) {
      const ids = fresh.filter((t) => whyOf.get(t.key) === why).map((t) => newIds.get(t.key)!);
      if (ids.length)
        await tx.execute(
          sql`update ${bankTransactions} set unmatched_why = ${why} where id = any(${sql.param(ids)}::uuid[])`,
        );
    }

    await fundPaidSubscriptions(tx, mailer, touched);

    const matched = decisions.filter((d) => MATCHED.has(d.kind)).length;
    const duplicates = file.transactions.length - fresh.length;
    await tx.update(bankImports).set({ matched, duplicates }).where(eq(bankImports.id, importId));
    await recordAudit(tx, {
      actorId,
      action: 'import',
      entity: 'bank_statement',
      entityId: importId,
      details: {
        fileName: file.fileName,
        kind: file.kind,
        entries: file.transactions.length,
        matched,
        duplicates,
      },
    });
    return {
      entries: file.transactions.length,
      matched,
      duplicates,
      unmatched: fresh.flatMap((t, i) =>
        decisions[i]!.kind === 'unmatched'
          ? [
              {
                amount: (t.direction === 'debit' ? -t.amountCents : t.amountCents) / 100,
                reference: t.references[0] ?? t.remittance,
                counterparty: t.counterparty.name ?? '',
                bookedOn: t.bookedOn,
              },
            ]
          : [],
      ),
    };
  });
}

/**
 * Assigns an unmatched credit to a call line by hand: the payment is applied as a matched one would be
 * (outcome `assigned`), and the subscription funded when that pays it in full. Answers null for an
 * unknown transaction or line; a transaction not unmatched, a debit, or a line of a cancelled or funded
 * subscription is refused by the caller's codes.
 */
export async function assignTransaction(
  db: Db,
  mailer: Mailer,
  actorId: string,
  transactionId: string,
  callLineId: string,
): Promise<
  | { kind: 'not_found'; what: 'transaction' | 'line' }
  | { kind: 'not_unmatched' }
  | { kind: 'debit' }
  | { kind: 'done'; amount: number; overpaid: number; funded: boolean }
> {
  return db.transaction(async (tx) => {
    const [t] = await tx
      .select()
      .from(bankTransactions)
      .where(eq(bankTransactions.id, transactionId))
      .for('update')
      .limit(1);
    if (!t) return { kind: 'not_found', what: 'transaction' } as const;
    if (t.outcome !== 'unmatched') return { kind: 'not_unmatched' } as const;
    if (t.direction !== 'credit') return { kind: 'debit' } as const;
    const [line] = await tx
      .select({ reference: capitalCallLines.reference })
      .from(capitalCallLines)
      .where(eq(capitalCallLines.id, callLineId))
      .limit(1);
    if (!line) return { kind: 'not_found', what: 'line' } as const;
    const [locked] = await lockLinesByReference(tx, [line.reference]);
    const amountCents = toCents(t.amount);
    const lineById = new Map([[locked!.id, locked!]]);
    const { overpaid, subscriptions: touched } = await payLines(tx, lineById, [
      { lineId: locked!.id, amountCents, bookedOn: t.bookedOn },
    ]);
    await tx
      .update(bankTransactions)
      .set({
        outcome: 'assigned',
        callLineId: locked!.id,
        overpaid: euros(overpaid[0]!),
        assignedBy: actorId,
        assignedAt: new Date(),
      })
      .where(eq(bankTransactions.id, t.id));
    const funded = await fundPaidSubscriptions(tx, mailer, touched);
    await recordAudit(tx, {
      actorId,
      action: 'assign',
      entity: 'bank_statement',
      entityId: t.id,
      details: { amount: amountCents / 100, reference: locked!.reference, callLineId: locked!.id },
    });
    return {
      kind: 'done',
      amount: amountCents / 100,
      overpaid: overpaid[0]! / 100,
      funded: funded.length > 0,
    };
  });
}
