import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  formatNight,
  fromCents,
  rentalShareCents,
  toMoneyString,
  type RentalIncome,
  type rentalIncomeInput,
} from '@portal/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { rentalIncomes } from '../../../db/schema';
import { BadRequestError, coded, ConflictError, NotFoundError } from '../../../lib/errors';
import { iso, num } from '../../../lib/format';
import type { AuthUser } from '../../../plugins/auth';
import { lockBooking } from '../booking-lock';
import { recordAudit } from '../../audit/service';
import {
  assertUnlocked,
  holdPublications,
  lockReason,
  publicationOf,
  type LockPublication,
} from '../../locks/service';
import { notifyUsers, rowsOf } from '../../notifications/notify';

/** A rental income with the published statement period its payment date falls in (what locks it). */
export type RentalIncomeRow = typeof rentalIncomes.$inferSelect & { publication: LockPublication | null };
type Input = z.output<typeof rentalIncomeInput>;

const ENTRY = 'This rental income';
const KIND = 'rental income';

/**
 * The only way a rental_incomes row becomes JSON; for an admin, with why it can no longer change when it
 * cannot (the reason is addressed to whoever would change it).
 */
export function presentRentalIncome(r: RentalIncomeRow, forAdmin: boolean): RentalIncome {
  const reason = forAdmin ? lockReason({ run: null, publication: r.publication }, ENTRY, KIND) : null;
  return {
    bookingId: r.bookingId,
    nightsRented: r.nightsRented,
    grossIncome: num(r.grossIncome),
    sharePercent: num(r.sharePercent),
    amount: num(r.amount),
    paymentDate: r.paymentDate,
    recordedAt: iso(r.createdAt)!,
    ...(forAdmin && { locked: reason ? { reason } : null }),
  };
}

/**
 * The bookings with their recorded rental income (null when none), in one query whatever their number:
 * the lists of requests show what an approved rental earned.
 */
export async function withRentalIncomes<B extends { id: string }>(
  db: DbOrTx,
  rows: readonly B[],
): Promise<(B & { rentalIncome: RentalIncomeRow | null })[]> {
  const ids = rows.map((b) => b.id);
  const found = ids.length
    ? await db
        .select({ ...getTableColumns(rentalIncomes), publication: publicationOf(rentalIncomes.paymentDate) })
        .from(rentalIncomes)
        .where(inArray(rentalIncomes.bookingId, ids))
    : [];
  const byBooking = new Map(found.map((r) => [r.bookingId, r]));
  return rows.map((b) => ({ ...b, rentalIncome: byBooking.get(b.id) ?? null }));
}

/** Euros as the portal's notifications write them: €864.19, €1,234.50. */
const euros = (cents: number) =>
  `€${new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fromCents(cents))}`;

/**
 * Records what an approved rental earned: the investor's share is the gross × the project's rental share
 * ÷ 100, rounded half up to the cent; one record a booking (recording again replaces it). The booking is
 * locked for the check and the write; the audit row and the investor's notification land with it. A
 * record paid in a published period, or one that would move into it, is not replaced (409).
 */
export async function recordRentalIncome(
  db: DbOrTx,
  actor: AuthUser,
  bookingId: string,
  input: Input,
): Promise<RentalIncomeRow> {
  return db.transaction(async (tx) => {
    await holdPublications(tx);
    const found = await lockBooking(tx, bookingId);
    const b = found.booking;
    if (b.type !== 'rental')
      throw new ConflictError(coded('stays.rental_income_not_rental', { type: b.type }));
    if (b.status !== 'approved')
      throw new ConflictError(coded('stays.rental_income_not_approved', { status: b.status }));
    if (input.nightsRented > b.nights.length)
      throw new BadRequestError(coded('stays.rental_nights_too_many', { count: b.nights.length }));
    const [recorded] = await tx
      .select({ publication: publicationOf(rentalIncomes.paymentDate) })
      .from(rentalIncomes)
      .where(eq(rentalIncomes.bookingId, bookingId))
      .for('update')
      .limit(1);
    if (recorded) assertUnlocked({ run: null, publication: recorded.publication }, ENTRY, KIND);
    // The new payment date's published period: a record is not moved into one.
    const [{ movedInto = null } = {}] = rowsOf<{ movedInto: LockPublication | null }>(
      await tx.execute(sql`select ${publicationOf(sql`${input.paymentDate}::date`)} as "movedInto"`),
    );
    // Neither moved into one, nor recorded in one for the first time.
    assertUnlocked({ run: null, publication: movedInto }, ENTRY, KIND);
    const cents = rentalShareCents(input.grossIncome, found.share);
    const values = {
      bookingId,
      userId: b.userId,
      projectId: b.projectId,
      nightsRented: input.nightsRented,
      grossIncome: toMoneyString(input.grossIncome),
      sharePercent: found.share,
      amount: toMoneyString(fromCents(cents)),
      paymentDate: input.paymentDate,
      recordedBy: actor.id,
      createdAt: new Date(),
    };
    const { bookingId: _key, ...update } = values;
    const [row] = await tx
      .insert(rentalIncomes)
      .values(values)
      .onConflictDoUpdate({ target: rentalIncomes.bookingId, set: update })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'record-rental-income',
      entity: 'booking',
      entityId: bookingId,
      details: {
        projectId: b.projectId,
        userId: b.userId,
        nightsRented: values.nightsRented,
        grossIncome: values.grossIncome,
        sharePercent: values.sharePercent,
        amount: values.amount,
        paymentDate: values.paymentDate,
      },
    });
    const paid = input.paymentDate <= new Date().toISOString().slice(0, 10);
    await notifyUsers(tx, [b.userId], {
      title: 'Rental income recorded',
      message: `${euros(cents)} from ${input.nightsRented} rented night${input.nightsRented === 1 ? '' : 's'} at ${
        found.projectName
      }, ${paid ? 'paid' : 'to be paid'} on ${formatNight(input.paymentDate)}.`,
      notice: {
        key: paid ? 'rentalPaid' : 'rentalToBePaid',
        params: {
          amount: { cents },
          count: input.nightsRented,
          project: found.projectName,
          date: { date: input.paymentDate },
        },
      },
      type: 'success',
      link: '/',
      createdBy: actor.id,
    });
    return { ...row!, publication: movedInto };
  });
}

/** Removes a booking's recorded rental income (404 when there is none), audited. */
export async function removeRentalIncome(db: DbOrTx, actor: AuthUser, bookingId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await holdPublications(tx);
    const [found] = await tx
      .select({ id: rentalIncomes.id, publication: publicationOf(rentalIncomes.paymentDate) })
      .from(rentalIncomes)
      .where(eq(rentalIncomes.bookingId, bookingId))
      .for('update')
      .limit(1);
    if (!found) throw new NotFoundError('Rental income');
    assertUnlocked({ run: null, publication: found.publication }, ENTRY, KIND);
    const [row] = await tx.delete(rentalIncomes).where(eq(rentalIncomes.id, found.id)).returning();
    if (!row) throw new NotFoundError('Rental income');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'remove-rental-income',
      entity: 'booking',
      entityId: bookingId,
      details: { projectId: row.projectId, userId: row.userId, amount: row.amount },
    });
  });
}
