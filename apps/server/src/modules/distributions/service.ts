import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  fromCents,
  maskIban,
  monthLabel,
  toCents,
  toMoneyString,
  type DistributionDetail,
  type DistributionInput,
  type DistributionSummary,
} from '@portal/contracts';
import { formatFor, type ErrorCode } from '@portal/i18n';
import type { Db, DbOrTx } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import {
  adjustments,
  capitalReturns,
  distributionAllocations,
  distributions,
  investments,
  monthlyReturns,
  projects,
  users,
} from '../../db/schema';
import {
  BadRequestError,
  coded,
  ConflictError,
  fieldError,
  NotFoundError,
  isUniqueViolation,
} from '../../lib/errors';
import { monthNotBegun, paymentDateBeforeMonth } from '../../lib/month-refusals';
import { iso } from '../../lib/format';
import { investmentEndedOnSql } from '../../db/investment-returns';
import { neutralizeFormula } from '../audit/csv';
import { recordAudit } from '../audit/service';
import type { SecretBox } from '../../lib/secret-box';
import { allocateProRata } from '../../lib/allocate';
import { noticeToInvestorsPaid } from './notice';
import { getPayerAccount } from './payer';
import { buildSepaCreditTransfer, type SepaPayment } from './sepa';

type Input = DistributionInput & { kind: 'income' | 'capital'; note: string | null; amount: number };
type Run = typeof distributions.$inferSelect;

/** A run is for a month that has begun, as a month's return is: one to come would show as paid. */
function assertPeriodBegun(period: string) {
  const refusal = monthNotBegun(period);
  if (refusal) throw fieldError('period', refusal);
}

async function requireProject(db: DbOrTx, projectId: string) {
  const [p] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!p) throw new NotFoundError('Project');
}

/**
 * The allocations of `amountCents` over the project's holders in the run's period, pro rata to what each
 * invested (largest remainder; ties by investor ID, else by the user's id). Investors who hold nothing in
 * it are left out, and so are those whose investment starts after the period or ended before it (their
 * capital returned in full): a month's return is refused for them, so the run pays them nothing.
 */
async function allocate(db: DbOrTx, projectId: string, period: string, amountCents: number) {
  const holders = await db
    .select({ userId: investments.userId, investorId: users.investorId, invested: investments.amount })
    .from(investments)
    .innerJoin(users, eq(users.id, investments.userId))
    .where(
      and(
        eq(investments.projectId, projectId),
        sql`${investments.amount} > 0`,
        sql`(${investments.startDate} is null or to_char(${investments.startDate}, 'YYYY-MM') <= ${period})`,
        sql`coalesce(left(${investmentEndedOnSql}, 7) >= ${period}, true)`,
      ),
    );
  if (holders.length === 0) {
    const [any] = await db
      .select({ id: investments.id })
      .from(investments)
      .where(and(eq(investments.projectId, projectId), sql`${investments.amount} > 0`))
      .limit(1);
    if (any) throw new BadRequestError(coded('distributions.nobody_held_in_month', { month: period }));
  }
  const keyOf = new Map(holders.map((h) => [h.investorId ?? h.userId, h]));
  const allocations = allocateProRata(
    amountCents,
    holders.map((h) => ({ investorId: h.investorId ?? h.userId, investedCents: toCents(h.invested) })),
  );
  return allocations.map((a) => {
    const h = keyOf.get(a.investorId)!;
    return { userId: h.userId, invested: h.invested, amount: toMoneyString(fromCents(a.amountCents)) };
  });
}

/** Writes a run's allocations afresh (a draft being created or changed). */
async function writeAllocations(tx: DbOrTx, runId: string, input: Input) {
  const rows = await allocate(tx, input.projectId, input.period, toCents(input.amount));
  await tx.delete(distributionAllocations).where(eq(distributionAllocations.distributionId, runId));
  if (rows.length)
    // One statement with three array parameters: a run over 10,000 investors would otherwise send
    // 40,000 parameters, which the server's memory felt long after (the RSS).
    await tx.execute(sql`
      insert into ${distributionAllocations} (distribution_id, user_id, invested, amount)
      select ${runId}::uuid, a.user_id, a.invested, a.amount
      from unnest(${sql.param(rows.map((r) => r.userId))}::uuid[], ${sql.param(rows.map((r) => r.invested))}::numeric[], ${sql.param(rows.map((r) => r.amount))}::numeric[])
        as a(user_id, invested, amount)`);
}

/** A run, its project's name and its allocations' counts: the row a summary is made from. */
const summaryColumns = {
  run: distributions,
  projectName: projects.name,
  investorCount: sql<number>`(select count(*)::int from ${distributionAllocations} a where a.distribution_id = ${distributions.id})`,
  missingBankAccounts: sql<number>`(select count(*)::int from ${distributionAllocations} a join ${users} u on u.id = a.user_id where a.distribution_id = ${distributions.id} and u.bank_iban_sealed is null)`,
};

function presentSummary(r: {
  run: Run;
  projectName: string;
  investorCount: number;
  missingBankAccounts: number;
}): DistributionSummary {
  return {
    _id: r.run.id,
    projectId: r.run.projectId,
    projectName: r.projectName,
    period: r.run.period,
    kind: r.run.kind,
    amount: fromCents(toCents(r.run.amount)),
    paymentDate: r.run.paymentDate,
    note: r.run.note,
    status: r.run.status,
    investorCount: Number(r.investorCount),
    missingBankAccounts: Number(r.missingBankAccounts),
    createdAt: iso(r.run.createdAt)!,
    finalizedAt: iso(r.run.finalizedAt),
    reversedAt: iso(r.run.reversedAt),
    reversalReason: r.run.reversalReason,
  };
}

/** Every run, newest period first; of one project when given. */
export async function listDistributions(db: DbOrTx, projectId?: string): Promise<DistributionSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(distributions)
    .innerJoin(projects, eq(projects.id, distributions.projectId))
    .where(projectId ? eq(distributions.projectId, projectId) : undefined)
    .orderBy(desc(distributions.period), desc(distributions.createdAt));
  return rows.map(presentSummary);
}

/** A run with each investor's allocation, largest first (then by investor ID). */
export async function getDistribution(db: DbOrTx, id: string): Promise<DistributionDetail> {
  const [row] = await db
    .select(summaryColumns)
    .from(distributions)
    .innerJoin(projects, eq(projects.id, distributions.projectId))
    .where(eq(distributions.id, id))
    .limit(1);
  if (!row) throw new NotFoundError('Distribution');
  const allocations = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      investorId: users.investorId,
      last4: users.bankIbanLast4,
      invested: distributionAllocations.invested,
      amount: distributionAllocations.amount,
      endToEndId: distributionAllocations.endToEndId,
      bankStatus: distributionAllocations.bankStatus,
      bankStatusOn: distributionAllocations.bankStatusOn,
      returnReason: distributionAllocations.returnReason,
    })
    .from(distributionAllocations)
    .innerJoin(users, eq(users.id, distributionAllocations.userId))
    .where(eq(distributionAllocations.distributionId, id))
    .orderBy(desc(distributionAllocations.amount), asc(users.investorId), asc(users.id));
  const total = allocations.reduce((s, a) => s + toCents(a.invested), 0);
  return {
    ...presentSummary(row),
    allocations: allocations.map((a) => ({
      userId: a.userId,
      name: a.name,
      email: a.email,
      investorId: a.investorId,
      invested: fromCents(toCents(a.invested)),
      share: total > 0 ? Math.round((toCents(a.invested) / total) * 1e6) / 1e6 : 0,
      amount: fromCents(toCents(a.amount)),
      iban: a.last4 ? maskIban(a.last4) : null,
      endToEndId: a.endToEndId,
      bankStatus: a.bankStatus,
      bankStatusOn: a.bankStatusOn,
      returnReason: a.returnReason,
    })),
  };
}

/** The columns a run's input sets. */
const runValues = (input: Input) => ({
  projectId: input.projectId,
  period: input.period,
  kind: input.kind,
  amount: toMoneyString(input.amount),
  paymentDate: input.paymentDate,
  note: input.note,
});

/** Drafts a run: its allocations computed now, pro rata to what each investor holds. */
export async function createDistribution(db: Db, actorId: string, input: Input): Promise<DistributionDetail> {
  assertPeriodBegun(input.period);
  await requireProject(db, input.projectId);
  const id = await db.transaction(async (tx) => {
    const [run] = await tx
      .insert(distributions)
      .values({ ...runValues(input), createdBy: actorId })
      .returning({ id: distributions.id });
    await writeAllocations(tx, run!.id, input);
    await recordAudit(tx, {
      actorId,
      action: 'create',
      entity: 'distribution',
      entityId: run!.id,
      details: input,
    });
    return run!.id;
  });
  return getDistribution(db, id);
}

/**
 * The run, locked for the rest of the transaction; a final one cannot change (money that is final is
 * corrected by an adjustment, which the 409 names when the admin meant to change or delete it).
 */
async function lockDraft(tx: DbOrTx, id: string, doing: keyof typeof REFUSALS): Promise<Run> {
  const [run] = await tx.select().from(distributions).where(eq(distributions.id, id)).for('update').limit(1);
  if (!run) throw new NotFoundError('Distribution');
  if (run.status === 'final') throw new ConflictError(coded(REFUSALS[doing].final));
  if (run.status === 'reversed') throw new ConflictError(coded(REFUSALS[doing].reversed));
  return run;
}

/** What `lockDraft` answers, by what was to be done and the run's status. */
const REFUSALS = {
  change: { final: 'distributions.final_cannot_change', reversed: 'distributions.reversed_cannot_change' },
  delete: { final: 'distributions.final_cannot_delete', reversed: 'distributions.reversed_cannot_delete' },
  finalize: {
    final: 'distributions.final_cannot_finalize',
    reversed: 'distributions.reversed_cannot_finalize',
  },
} as const satisfies Record<string, Record<'final' | 'reversed', ErrorCode>>;

/** Changes a draft and computes its allocations again. */
export async function updateDistribution(db: Db, actorId: string, id: string, input: Input) {
  assertPeriodBegun(input.period);
  await requireProject(db, input.projectId);
  await db.transaction(async (tx) => {
    await lockDraft(tx, id, 'change');
    await tx
      .update(distributions)
      .set({ ...runValues(input), updatedAt: new Date() })
      .where(eq(distributions.id, id));
    await writeAllocations(tx, id, input);
    await recordAudit(tx, {
      actorId,
      action: 'update',
      entity: 'distribution',
      entityId: id,
      details: input,
    });
  });
  return getDistribution(db, id);
}

/** Deletes a draft. */
export async function deleteDistribution(db: Db, actorId: string, id: string) {
  await db.transaction(async (tx) => {
    const run = await lockDraft(tx, id, 'delete');
    await tx.delete(distributions).where(eq(distributions.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'delete',
      entity: 'distribution',
      entityId: id,
      details: { projectId: run.projectId, kind: run.kind, period: run.period, amount: run.amount },
    });
  });
}

/**
 * Makes a draft final, in one transaction: the run's status, each investor's amount (income as that
 * month's return, capital as a return of capital), the audit row and each investor's notification. Two
 * requests at once: the second waits for the first's lock and then finds the run final (409). An
 * investor who already has a return for that month and project stops it all with a 409 that names them.
 */
export async function finalizeDistribution(db: Db, mailer: Mailer, actorId: string, id: string) {
  await db.transaction(async (tx) => {
    const run = await lockDraft(tx, id, 'finalize');
    const [project] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, run.projectId));
    const [paid] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(distributionAllocations)
      .where(and(eq(distributionAllocations.distributionId, id), sql`${distributionAllocations.amount} > 0`));
    const investors = Number(paid?.n ?? 0);
    if (investors === 0) throw new BadRequestError(coded('distributions.nobody_paid'));
    // A draft saved before runs were held to months that have begun.
    assertPeriodBegun(run.period);
    if (run.kind === 'income') {
      // A draft saved before income had a payment date of its own may pay before its month.
      const refusal = paymentDateBeforeMonth(run.period, run.paymentDate);
      if (refusal) throw fieldError('paymentDate', refusal);
      // Those whose month a reversed run of this period paid: that return stays as it was (taken back by
      // the reversal's adjustment), and this run pays them by an adjustment of its own, on its date.
      const reversedMonth = sql`exists (select 1 from ${distributions} r
        join ${distributionAllocations} ra on ra.distribution_id = r.id and ra.user_id = ${monthlyReturns.userId} and ra.amount > 0
        where r.project_id = ${run.projectId}::uuid and r.period = ${run.period} and r.kind = 'income' and r.status = 'reversed')`;
      // The investors paid who have that month already, found in the database from the allocations.
      const taken = await tx
        .select({ name: users.name, investorId: users.investorId })
        .from(monthlyReturns)
        .innerJoin(users, eq(users.id, monthlyReturns.userId))
        .innerJoin(
          distributionAllocations,
          and(
            eq(distributionAllocations.userId, monthlyReturns.userId),
            eq(distributionAllocations.distributionId, id),
            sql`${distributionAllocations.amount} > 0`,
          ),
        )
        .where(
          and(
            eq(monthlyReturns.projectId, run.projectId),
            eq(monthlyReturns.month, run.period),
            sql`not ${reversedMonth}`,
          ),
        )
        .orderBy(asc(users.investorId), asc(users.name));
      if (taken.length) throw new ConflictError(alreadyRecorded(taken, run.period));
      try {
        // Straight from the stored allocations, in the database.
        await tx.execute(sql`
          insert into ${adjustments} (user_id, project_id, kind, amount, reason, corrects, distribution_id, payment_date, created_by)
          select a.user_id, ${run.projectId}::uuid, 'income', a.amount, ${`${monthLabel(run.period)} income, paid again after a reversal`},
            ${monthlyReturns.id}, a.distribution_id, ${run.paymentDate}::date, ${actorId}::uuid
          from ${distributionAllocations} a
          join ${monthlyReturns} on ${monthlyReturns.userId} = a.user_id and ${monthlyReturns.projectId} = ${run.projectId}::uuid and ${monthlyReturns.month} = ${run.period}
          where a.distribution_id = ${id}::uuid and a.amount > 0 and ${reversedMonth}`);
        await tx.execute(sql`
          insert into ${monthlyReturns} (user_id, project_id, month, amount, payment_date)
          select a.user_id, ${run.projectId}::uuid, ${run.period}, a.amount, ${run.paymentDate}::date
          from ${distributionAllocations} a
          where a.distribution_id = ${id}::uuid and a.amount > 0
            and not exists (select 1 from ${monthlyReturns} m where m.user_id = a.user_id and m.project_id = ${run.projectId}::uuid and m.month = ${run.period})`);
      } catch (err) {
        if (isUniqueViolation(err))
          throw new ConflictError(coded('distributions.return_recorded_meanwhile', { month: run.period }));
        throw err;
      }
    } else {
      await tx.execute(sql`
        insert into ${capitalReturns} (user_id, project_id, amount, payment_date, distribution_id)
        select a.user_id, ${run.projectId}::uuid, a.amount, ${run.paymentDate}::date, a.distribution_id
        from ${distributionAllocations} a
        where a.distribution_id = ${id}::uuid and a.amount > 0`);
    }
    await tx
      .update(distributions)
      .set({ status: 'final', finalizedAt: new Date(), finalizedBy: actorId, updatedAt: new Date() })
      .where(eq(distributions.id, id));
    await recordAudit(tx, {
      actorId,
      action: 'finalize',
      entity: 'distribution',
      entityId: id,
      details: { kind: run.kind, period: run.period, amount: run.amount, investors },
    });
    // Each investor's message with their own amount, in their language.
    const income = run.kind === 'income';
    await noticeToInvestorsPaid(tx, id, {
      message: (t, locale, amount) => {
        const f = formatFor(locale);
        return t(income ? 'notice.distribution.income' : 'notice.distribution.capital', {
          amount,
          project: project?.name ?? t('notice.yourProject'),
          month: f.month(run.period),
          date: f.date(run.paymentDate),
        });
      },
      title: (t) => t(income ? 'notice.distribution.incomeTitle' : 'notice.distribution.capitalTitle'),
      type: 'success',
      createdBy: actorId,
    });
    // And by email, to those who did not turn payouts off; the run's id groups them in the outbox.
    await mailer.queueMany(
      tx,
      'distribution',
      {
        from: sql`${distributionAllocations} a join users u on u.id = a.user_id`,
        where: sql`a.distribution_id = ${id}::uuid and a.amount > 0`,
        data: sql`jsonb_build_object('amountCents', round(a.amount * 100)::bigint)`,
      },
      {
        project: project?.name ?? 'your project',
        paymentDate: run.paymentDate,
        capital: run.kind === 'capital',
      },
      id,
    );
  });
  return getDistribution(db, id);
}

function alreadyRecorded(taken: { name: string; investorId: string | null }[], period: string) {
  const names = taken.map((t) => (t.investorId ? `${t.name} (${t.investorId})` : t.name));
  const month = period;
  return names.length > 5
    ? coded('distributions.return_already_recorded_more', {
        month,
        names: names.slice(0, 5).join(', '),
        more: names.length - 5,
      })
    : coded('distributions.return_already_recorded', { month, names: names.join(', ') });
}

/** What an audit entry of a run's file names: the run, for its sentence. */
const runFacts = (run: DistributionDetail) => ({
  projectId: run.projectId,
  kind: run.kind,
  period: run.period,
  amount: run.amount,
});

/**
 * The bank accounts of the given investors who have given one, the IBAN unsealed: for the bank's files
 * only (the payments CSV and the SEPA file), never for a screen.
 */
async function bankAccountsOf(db: DbOrTx, box: SecretBox, userIds: string[]) {
  const rows = userIds.length
    ? await db
        .select({
          userId: users.id,
          sealed: users.bankIbanSealed,
          bic: users.bankBic,
          holder: users.bankHolder,
        })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  return new Map(
    rows
      .filter((a) => a.sealed && a.holder)
      .map((a) => [a.userId, { iban: box.open(a.sealed!), bic: a.bic, holder: a.holder! }]),
  );
}

/**
 * A run's payments as CSV for the company's bank: a header, then one line per investor paid (investor
 * ID, name, email, amount with two decimals, the full IBAN, empty when none is given). UTF-8 with a
 * byte-order mark, so that Excel reads the names' accents right; formula-like cells are neutralized.
 * The download is audited, as the full IBANs leave the server in it.
 */
export async function paymentsCsv(db: DbOrTx, box: SecretBox, actorId: string, id: string) {
  const run = await getDistribution(db, id);
  const paid = run.allocations.filter((a) => a.amount > 0);
  const accounts = await bankAccountsOf(
    db,
    box,
    paid.map((a) => a.userId),
  );
  const rows = paid.map((a) =>
    [a.investorId ?? '', a.name, a.email, toMoneyString(a.amount), accounts.get(a.userId)?.iban ?? ''].map(
      neutralizeFormula,
    ),
  );
  await recordAudit(db, {
    actorId,
    action: 'download',
    entity: 'distribution',
    entityId: id,
    details: { file: 'payments.csv', payments: rows.length, ...runFacts(run) },
  });
  const csv = stringify(rows, {
    bom: true,
    header: true,
    columns: ['Investor ID', 'Name', 'Email', 'Amount (EUR)', 'IBAN'],
    record_delimiter: 'windows',
  });
  return { csv, run };
}

/**
 * Each payout's end-to-end id: the one it was given when a file was first made, kept for good, so that
 * the bank's statement files name the same payout whichever download was sent; else a new one, the run's
 * short id and the investor's (unique for ever: distribution_allocations_end_to_end_key). Written only
 * where still empty, so two downloads at once agree.
 */
async function endToEndIds(
  db: DbOrTx,
  distributionId: string,
  short: string,
  paid: readonly { userId: string; endToEndId: string | null }[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const a of paid) {
    if (a.endToEndId) {
      ids.set(a.userId, a.endToEndId);
      continue;
    }
    const fresh = `${short}-${a.userId.replace(/-/g, '').slice(0, 16).toUpperCase()}`;
    await db
      .update(distributionAllocations)
      .set({ endToEndId: fresh })
      .where(
        and(
          eq(distributionAllocations.distributionId, distributionId),
          eq(distributionAllocations.userId, a.userId),
          sql`${distributionAllocations.endToEndId} is null`,
        ),
      );
    const [row] = await db
      .select({ id: distributionAllocations.endToEndId })
      .from(distributionAllocations)
      .where(
        and(
          eq(distributionAllocations.distributionId, distributionId),
          eq(distributionAllocations.userId, a.userId),
        ),
      );
    ids.set(a.userId, row?.id ?? fresh);
  }
  return ids;
}

/**
 * A final run as a SEPA credit transfer file from the company's payer account: one transfer per investor
 * paid who has given a bank account (the IBAN unsealed here only), executed on the payment date. Those
 * without an account are left out and counted (`missing`). A draft, no payer account, or nobody to pay
 * answers 409. The download is audited.
 */
export async function sepaFile(db: DbOrTx, box: SecretBox, actorId: string, id: string, now = new Date()) {
  const run = await getDistribution(db, id);
  if (run.status === 'reversed') throw new ConflictError(coded('distributions.reversed_not_payable'));
  if (run.status !== 'final') throw new ConflictError(coded('distributions.draft_not_payable'));
  const payer = await getPayerAccount(db);
  if (!payer) throw new ConflictError(coded('distributions.no_payer_account'));
  const paid = run.allocations.filter((a) => a.amount > 0);
  const accountOf = await bankAccountsOf(
    db,
    box,
    paid.map((a) => a.userId),
  );
  const short = run._id.replace(/-/g, '').slice(0, 12).toUpperCase();
  const what = run.kind === 'income' ? 'Distribution' : 'Return of capital';
  const payments: SepaPayment[] = [];
  const withAccount = paid.filter((a) => accountOf.has(a.userId));
  const endToEnd = await endToEndIds(db, id, short, withAccount);
  for (const a of withAccount) {
    const account = accountOf.get(a.userId)!;
    payments.push({
      endToEndId: endToEnd.get(a.userId)!,
      name: account.holder,
      iban: account.iban,
      ...(account.bic && { bic: account.bic }),
      amountCents: toCents(a.amount),
      remittance: `${what} ${run.projectName} ${monthLabel(run.period)} ${a.investorId ?? ''}`.trim(),
    });
  }
  if (payments.length === 0) throw new ConflictError(coded('distributions.no_bank_accounts'));
  const xml = buildSepaCreditTransfer({
    messageId: `DIST-${run.period}-${short}-${now.getTime().toString(36).toUpperCase()}`.slice(0, 35),
    createdAt: now,
    payer: { name: payer.name, iban: payer.iban, ...(payer.bic && { bic: payer.bic }) },
    executionDate: run.paymentDate,
    payments,
  });
  const missing = paid.length - payments.length;
  await recordAudit(db, {
    actorId,
    action: 'download',
    entity: 'distribution',
    entityId: id,
    details: { file: 'sepa.xml', payments: payments.length, missing, ...runFacts(run) },
  });
  return { xml, run, missing };
}
