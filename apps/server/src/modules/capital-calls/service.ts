import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import {
  toCents,
  todayIso,
  type CapitalCall,
  type CapitalCallInput,
  type OpenCallLine,
} from '@portal/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { capitalCallLines, capitalCalls, offerings, projects, subscriptions, users } from '../../db/schema';
import { allocateProRata } from '../../lib/allocate';
import { creditorReference } from '../../lib/creditor-reference';
import { BadRequestError, coded, NotFoundError } from '../../lib/errors';
import type { JobQueue } from '../../jobs/queue';
import { recordAudit } from '../audit/service';

type CallRow = typeof capitalCalls.$inferSelect;
type LineRow = typeof capitalCallLines.$inferSelect;

const euros = (cents: number) => (cents / 100).toFixed(2);

/** What a call of `percent` (two decimals) of `totalCents` is, in whole cents, half a cent up. */
function calledCents(percent: number, totalCents: number): number {
  const basis = BigInt(Math.round(percent * 100)); // hundredths of a percent
  return Number((BigInt(totalCents) * basis * 2n + 10_000n) / 20_000n);
}

function assertPercent(percent: number) {
  const hundredths = Math.round(percent * 100);
  if (!(percent > 0 && percent <= 100) || Math.abs(hundredths - percent * 100) > 1e-6)
    throw new BadRequestError(coded('reconciliation.call_percent_invalid'));
}

export interface CreatedCall {
  call: CallRow;
  lines: LineRow[];
  projectId: string;
  projectName: string;
}

/**
 * Calls `percent` of every accepted (or already called, not yet funded) subscription of an offering, in
 * one transaction with the offering locked, so that two calls at once cannot pass 100 % together. The
 * lines are split by the largest-remainder rule over the subscriptions' amounts and so add up to the
 * call's total exactly; each gets its number from the lines' sequence first, and with it its creditor
 * reference. The subscriptions called become `called`, and the call's `call-notices` job is queued.
 */
export async function createCall(
  db: Db,
  jobs: Pick<JobQueue, 'send'>,
  actorId: string,
  offeringId: string,
  input: CapitalCallInput,
): Promise<CreatedCall> {
  assertPercent(input.percent);
  return db.transaction(async (tx) => {
    const [offering] = await tx
      .select({ id: offerings.id, projectId: offerings.projectId, projectName: projects.name })
      .from(offerings)
      .innerJoin(projects, eq(projects.id, offerings.projectId))
      .where(eq(offerings.id, offeringId))
      .for('update', { of: offerings })
      .limit(1);
    if (!offering) throw new NotFoundError('Offering');
    const [called] = await queryRows<{ hundredths: number }>(
      tx,
      sql`select coalesce(sum(round(percent * 100)), 0)::int as hundredths from ${capitalCalls}
          where offering_id = ${offeringId}::uuid`,
    );
    const left = 10_000 - Number(called?.hundredths ?? 0);
    if (Math.round(input.percent * 100) > left)
      throw new BadRequestError(coded('reconciliation.call_over_100', { left: left / 100 }));

    const subs = await tx
      .select({ id: subscriptions.id, userId: subscriptions.userId, amount: subscriptions.amount })
      .from(subscriptions)
      .where(
        and(eq(subscriptions.offeringId, offeringId), inArray(subscriptions.status, ['accepted', 'called'])),
      )
      .orderBy(asc(subscriptions.id));
    if (subs.length === 0) throw new BadRequestError(coded('reconciliation.call_nothing_accepted'));
    const acceptedCents = subs.reduce((s, x) => s + toCents(x.amount), 0);
    const totalCents = calledCents(input.percent, acceptedCents);
    const split = allocateProRata(
      totalCents,
      subs.map((s) => ({ investorId: s.id, investedCents: toCents(s.amount) })),
    );

    const [call] = await tx
      .insert(capitalCalls)
      .values({
        offeringId,
        percent: input.percent.toFixed(2),
        dueOn: input.dueOn,
        total: euros(totalCents),
        createdBy: actorId,
      })
      .returning();
    const numbers = await queryRows<{ n: string }>(
      tx,
      sql`select nextval(pg_get_serial_sequence('capital_call_lines', 'number'))::text as n
          from generate_series(1, ${subs.length}::int)`,
    );
    const lines: LineRow[] = [];
    for (let i = 0; i < subs.length; i += 1000) {
      const part = subs.slice(i, i + 1000);
      lines.push(
        ...(await tx
          .insert(capitalCallLines)
          .values(
            part.map((s, k) => {
              const n = numbers[i + k]!.n;
              return {
                callId: call!.id,
                subscriptionId: s.id,
                userId: s.userId,
                amount: euros(split[i + k]!.amountCents),
                number: Number(n),
                reference: creditorReference(n),
              };
            }),
          )
          .returning()),
      );
    }
    await tx
      .update(subscriptions)
      .set({ status: 'called', calledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(subscriptions.offeringId, offeringId), eq(subscriptions.status, 'accepted')));
    // The notices go out through the job queue, sent with the call: none is lost to a crash after the
    // commit, and the admin's answer does not wait for a PDF per investor.
    await jobs.send('call-notices', { callId: call!.id }, { db: tx });
    await recordAudit(tx, {
      actorId,
      action: 'create',
      entity: 'capital_call',
      entityId: call!.id,
      details: {
        offeringId,
        projectId: offering.projectId,
        percent: input.percent,
        dueOn: input.dueOn,
        amount: totalCents / 100,
        investors: lines.length,
      },
    });
    return { call: call!, lines, projectId: offering.projectId, projectName: offering.projectName };
  });
}

const lineAnswer = (l: LineRow, investorName?: string) => ({
  _id: l.id,
  subscriptionId: l.subscriptionId,
  userId: l.userId,
  ...(investorName !== undefined ? { investorName } : {}),
  amount: toCents(l.amount) / 100,
  paid: toCents(l.paid) / 100,
  paidOn: l.paidOn,
  reference: l.reference,
});

export const presentCall = (c: CallRow, lines: { line: LineRow; name?: string }[]): CapitalCall => ({
  _id: c.id,
  offeringId: c.offeringId,
  percent: Number(c.percent),
  dueOn: c.dueOn,
  total: toCents(c.total) / 100,
  createdAt: c.createdAt.toISOString(),
  lines: lines.map((l) => lineAnswer(l.line, l.name)),
});

/** An offering's calls, oldest first, with their lines (and what is paid so far). */
export async function listCalls(db: DbOrTx, offeringId: string): Promise<CapitalCall[]> {
  const [offering] = await db
    .select({ id: offerings.id })
    .from(offerings)
    .where(eq(offerings.id, offeringId))
    .limit(1);
  if (!offering) throw new NotFoundError('Offering');
  const calls = await db
    .select()
    .from(capitalCalls)
    .where(eq(capitalCalls.offeringId, offeringId))
    .orderBy(asc(capitalCalls.createdAt));
  if (calls.length === 0) return [];
  const lines = await db
    .select({ line: capitalCallLines, name: users.name })
    .from(capitalCallLines)
    .innerJoin(users, eq(users.id, capitalCallLines.userId))
    .where(
      inArray(
        capitalCallLines.callId,
        calls.map((c) => c.id),
      ),
    )
    .orderBy(asc(capitalCallLines.number));
  return calls.map((c) =>
    presentCall(
      c,
      lines.filter((l) => l.line.callId === c.id),
    ),
  );
}

const openColumns = {
  line: capitalCallLines,
  offeringId: capitalCalls.offeringId,
  dueOn: capitalCalls.dueOn,
  projectName: projects.name,
  investorName: users.name,
};
type OpenRow = {
  line: LineRow;
  offeringId: string;
  dueOn: string;
  projectName: string;
  investorName: string;
};

const presentOpen = (r: OpenRow): OpenCallLine => ({
  _id: r.line.id,
  callId: r.line.callId,
  offeringId: r.offeringId,
  projectName: r.projectName,
  userId: r.line.userId,
  investorName: r.investorName,
  amount: toCents(r.line.amount) / 100,
  paid: toCents(r.line.paid) / 100,
  dueOn: r.dueOn,
  reference: r.line.reference,
  remindedAt: r.line.remindedAt?.toISOString() ?? null,
});

/** Call lines not paid in full; with `overdueOn`, only those due before that day. */
export async function openLines(db: DbOrTx, overdueOn?: string): Promise<OpenCallLine[]> {
  const rows = await db
    .select(openColumns)
    .from(capitalCallLines)
    .innerJoin(capitalCalls, eq(capitalCalls.id, capitalCallLines.callId))
    .innerJoin(offerings, eq(offerings.id, capitalCalls.offeringId))
    .innerJoin(projects, eq(projects.id, offerings.projectId))
    .innerJoin(users, eq(users.id, capitalCallLines.userId))
    .innerJoin(subscriptions, eq(subscriptions.id, capitalCallLines.subscriptionId))
    .where(
      and(
        isNull(capitalCallLines.paidOn),
        sql`${capitalCallLines.paid} < ${capitalCallLines.amount}`,
        sql`${subscriptions.status} <> 'cancelled'`,
        overdueOn ? lt(capitalCalls.dueOn, overdueOn) : undefined,
      ),
    )
    .orderBy(asc(capitalCalls.dueOn), asc(capitalCallLines.number))
    .limit(1000);
  return rows.map(presentOpen);
}

export const overdueLines = (db: DbOrTx, today = todayIso()) => openLines(db, today);
