import { and, count, desc, eq, inArray } from 'drizzle-orm';
import {
  BOOKING_TYPE_LABELS,
  bonusNightsFor,
  earliestTodayIso,
  GIFT_TO_SELF_MESSAGE,
  nightBalance,
  stayDates,
  nightsText,
  rentalPriceCapMessage,
  type BookingStatus,
  type createBookingInput,
} from '@portal/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import type { Mailer } from '../../../mail/mailer';
import { bookingNights, bookings, cabinAllowances, cabins, users } from '../../../db/schema';
import {
  BadRequestError,
  coded,
  ConflictError,
  NotFoundError,
  pgConstraint,
  isUniqueViolation,
  ValidationError,
} from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { lockBooking } from '../booking-lock';
import { assertPending, decisionColumns } from '../decision';
import { announceDecision } from '../../notifications/decision';
import { BOOKING_TYPE_WORDS } from '../../../mail/templates';
import { assertProjectVisible } from '../../access/project-access';
import { assertHighSeasonLimits, assignCabins, lockProjectNights } from '../cabins/service';
import type { AdminBookingRow, BookingRow } from './presenter';
import { withRentalIncomes } from '../rentals/service';
import { getRentalSettings } from './rental-settings';
import { checkStayRules } from '../stay-rules/check';
import { stayFreed } from '../stay-freed';
import { assertNotHeldForAllocation } from '../allocation-hold';

type CreateInput = z.output<typeof createBookingInput>;

const alreadyRequested = (nights: readonly string[]) =>
  coded('stays.already_requested', { nights: nights.join(',') });

/**
 * A gift goes to someone else (400 for the caller's own email), and a rental asks at most the rental price
 * cap a night (the admin setting, 400 naming the cap).
 */
async function assertRequestSensible(tx: DbOrTx, viewer: AuthUser, input: CreateInput) {
  if (input.type === 'gift' && input.giftRecipient) {
    const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, viewer.id)).limit(1);
    if (me && me.email.toLowerCase() === input.giftRecipient.toLowerCase()) {
      throw new ValidationError(coded('stays.gift_to_self'), { giftRecipient: GIFT_TO_SELF_MESSAGE });
    }
  }
  if (input.type === 'rental' && input.rentalPrice != null) {
    const { rentalPriceCap } = await getRentalSettings(tx);
    if (input.rentalPrice > rentalPriceCap) {
      throw new ValidationError(coded('stays.rental_price_cap', { cap: rentalPriceCap }), {
        rentalPrice: rentalPriceCapMessage(rentalPriceCap),
      });
    }
  }
}

/**
 * Stores a booking request (pending) and reserves its nights, each in a cabin, refusing past dates, dates
 * after the allowance expires, dates already requested, more nights than remain (bonus included), nights
 * on which no cabin is free and nights past a high season's limit (409 each). The
 * allowance row is locked for the whole check-and-write, so two requests cannot both take the last
 * nights; the unique key on the nights catches any double request of a date. `today` is the day
 * before which a night counts as past (the routes give the date at UTC−12).
 */
export async function createBooking(
  db: DbOrTx,
  viewer: AuthUser,
  input: CreateInput,
  today: string,
): Promise<BookingRow> {
  const nights = [...new Set(input.dates)].sort();
  try {
    return await db.transaction(async (tx) => {
      await assertProjectVisible(tx, viewer, input.projectId);
      await assertRequestSensible(tx, viewer, input);
      const [allowance] = await tx
        .select()
        .from(cabinAllowances)
        .where(and(eq(cabinAllowances.userId, viewer.id), eq(cabinAllowances.projectId, input.projectId)))
        .for('update')
        .limit(1);
      if (!allowance) throw new BadRequestError(coded('stays.no_cabin_nights'));

      const past = nights.filter((n) => n < today);
      if (past.length) throw new BadRequestError(coded('stays.past_dates', { dates: past.join(',') }));
      if (allowance.expiresAt < today)
        throw new BadRequestError(coded('stays.nights_expired', { date: allowance.expiresAt }));
      const late = nights.filter((n) => n > allowance.expiresAt);
      if (late.length)
        throw new BadRequestError(
          coded('stays.nights_too_late', {
            count: late.length,
            date: allowance.expiresAt,
            nights: late.join(','),
          }),
        );

      const taken = await tx
        .select({ night: bookingNights.night })
        .from(bookingNights)
        .where(
          and(
            eq(bookingNights.userId, viewer.id),
            eq(bookingNights.projectId, input.projectId),
            inArray(bookingNights.night, nights),
          ),
        );
      if (taken.length) throw new ConflictError(alreadyRequested(taken.map((t) => t.night).sort()));

      const [booked] = await tx
        .select({ n: count() })
        .from(bookingNights)
        .where(and(eq(bookingNights.userId, viewer.id), eq(bookingNights.projectId, input.projectId)));
      const balance = nightBalance(allowance.totalNights, allowance.bonusNights, booked?.n ?? 0);
      if (nights.length > balance.available)
        throw new BadRequestError(
          balance.available === 0
            ? coded('stays.no_nights_left')
            : balance.bonusNightsRemaining
              ? coded('stays.nights_remain_bonus', {
                  count: balance.available,
                  bonus: balance.bonusNightsRemaining,
                  requested: nights.length,
                })
              : coded('stays.nights_remain', { count: balance.available, requested: nights.length }),
        );

      // One project's stays are written one at a time: the free cabins seen are the ones taken.
      await lockProjectNights(tx, input.projectId);
      await assertNotHeldForAllocation(tx, input.projectId, nights); // a peak allocation not yet run: 409
      const { lastMinute } = await checkStayRules(tx, input.projectId, nights, today); // issue 35: 400 naming a rule
      if (!lastMinute) await assertHighSeasonLimits(tx, viewer.id, input.projectId, nights);
      const cabinOf = await assignCabins(tx, input.projectId, nights);

      const row = await insertStay(
        tx,
        {
          userId: viewer.id,
          projectId: input.projectId,
          type: input.type,
          notes: input.notes,
          giftRecipient: input.type === 'gift' ? (input.giftRecipient ?? null) : null,
          rentalPrice:
            input.type === 'rental' && input.rentalPrice != null ? input.rentalPrice.toFixed(2) : null,
          nights,
          bonusNightsUsed: bonusNightsFor(nights.length, balance),
        },
        cabinOf,
      );
      const [created] = await withCabins(tx, [row]);
      return created!;
    });
  } catch (err) {
    if (isUniqueViolation(err) && pgConstraint(err) === 'booking_nights_user_project_night_key')
      throw new ConflictError(alreadyRequested(nights));
    // The last guard against two stays in one cabin on one night (the project lock makes it rare).
    if (isUniqueViolation(err) && pgConstraint(err) === 'booking_nights_cabin_night_key')
      throw new ConflictError(coded('stays.fully_booked', { nights: nights.join(',') }));
    throw err;
  }
}

/**
 * Writes a stay: its booking and each of its nights in the cabin `cabinOf` gives it (the caller has
 * checked the nights and holds the project's nights lock). A request and a stay given by a peak
 * allocation's draw are written so.
 */
export async function insertStay(
  tx: DbOrTx,
  stay: typeof bookings.$inferInsert & { nights: string[] },
  cabinOf: ReadonlyMap<string, string>,
) {
  const [row] = await tx.insert(bookings).values(stay).returning();
  await tx.insert(bookingNights).values(
    stay.nights.map((night) => ({
      bookingId: row!.id,
      userId: stay.userId,
      projectId: stay.projectId,
      night,
      cabinId: cabinOf.get(night)!,
    })),
  );
  return row!;
}

/**
 * Adds the names of the cabins each stay's nights are in (by name; none once a request is declined or
 * cancelled, as its nights are freed), so that the investor and the admin see where the stay is.
 */
async function withCabins<B extends { id: string }>(
  db: DbOrTx,
  rows: readonly B[],
): Promise<(B & { cabins: string[] })[]> {
  const ids = rows.map((b) => b.id);
  const found = ids.length
    ? await db
        .selectDistinct({ bookingId: bookingNights.bookingId, name: cabins.name })
        .from(bookingNights)
        .innerJoin(cabins, eq(cabins.id, bookingNights.cabinId))
        .where(inArray(bookingNights.bookingId, ids))
        .orderBy(cabins.name)
    : [];
  const byBooking = new Map<string, string[]>();
  for (const c of found) byBooking.set(c.bookingId, [...(byBooking.get(c.bookingId) ?? []), c.name]);
  return rows.map((b) => ({ ...b, cabins: byBooking.get(b.id) ?? [] }));
}

/** The viewer's own requests in a project, newest first. */
export async function listOwnBookings(
  db: DbOrTx,
  viewer: AuthUser,
  projectId: string,
): Promise<BookingRow[]> {
  await assertProjectVisible(db, viewer, projectId);
  const rows = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, viewer.id), eq(bookings.projectId, projectId)))
    .orderBy(desc(bookings.createdAt));
  return withCabins(db, await withRentalIncomes(db, rows));
}

/** The investor withdraws a pending request; its nights become free again. */
export async function cancelBooking(db: DbOrTx, viewer: AuthUser, bookingId: string): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const [b] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.userId, viewer.id)))
      .for('update')
      .limit(1);
    if (!b) throw new NotFoundError('Booking');
    if (b.status !== 'pending')
      throw new ConflictError(coded('stays.cancel_not_pending', { status: b.status }));
    const now = new Date();
    const [row] = await tx
      .update(bookings)
      .set({ status: 'cancelled', decidedAt: now, decidedBy: viewer.id, updatedAt: now })
      .where(eq(bookings.id, bookingId))
      .returning();
    await tx.delete(bookingNights).where(eq(bookingNights.bookingId, bookingId));
    await stayFreed(tx, b.projectId, earliestTodayIso());
    return row!;
  });
}

/** A project's requests with who made them (admin), newest first, optionally of one status. */
export async function listProjectBookings(
  db: DbOrTx,
  actor: AuthUser,
  projectId: string,
  status: BookingStatus | undefined,
): Promise<AdminBookingRow[]> {
  await assertProjectVisible(db, actor, projectId);
  const rows = await db
    .select({ booking: bookings, user: { id: users.id, name: users.name, email: users.email } })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.projectId, projectId), status ? eq(bookings.status, status) : undefined))
    .orderBy(desc(bookings.createdAt));
  const detailed = await withCabins(
    db,
    await withRentalIncomes(
      db,
      rows.map((r) => r.booking),
    ),
  );
  return rows.map((r, i) => ({ ...r, booking: detailed[i]! }));
}

/**
 * An admin approves or declines a pending request. Declining frees its nights. The investor is
 * notified and the decision audited, in the same transaction.
 */
export async function decideBooking(
  db: DbOrTx,
  mailer: Mailer,
  actor: AuthUser,
  bookingId: string,
  decision: 'approved' | 'declined',
  note: string | undefined,
): Promise<AdminBookingRow> {
  return db.transaction(async (tx) => {
    const found = await lockBooking(tx, bookingId);
    const b = found.booking;
    assertPending(b);
    const [row] = await tx
      .update(bookings)
      .set(decisionColumns(actor, decision, note))
      .where(eq(bookings.id, bookingId))
      .returning();
    if (decision === 'declined') await tx.delete(bookingNights).where(eq(bookingNights.bookingId, bookingId));
    if (decision === 'declined') await stayFreed(tx, b.projectId, earliestTodayIso());
    const what = `${BOOKING_TYPE_LABELS[b.type]} request for ${nightsText(b.nights.length)} (${stayDates(b.nights)}) at ${found.projectName}`;
    // The notice in its reader's language: the kind in words, the nights as check-in → check-out.
    const bookingParams = {
      type: { word: BOOKING_TYPE_WORDS[b.type] },
      count: b.nights.length,
      dates: { nights: b.nights },
      project: found.projectName,
    };
    const user = await announceDecision(tx, {
      actor,
      decision,
      note,
      request: b,
      entity: 'booking',
      details: { type: b.type, nights: b.nights.length, firstNight: b.nights[0], lastNight: b.nights.at(-1) },
      titles: { approved: 'Booking approved', declined: 'Booking declined' },
      what,
      notices: {
        approved: { key: 'bookingApproved', params: bookingParams },
        declined: { key: 'bookingDeclined', params: bookingParams },
      },
    });
    await mailer.queue(tx, 'bookingDecision', b.userId, {
      approved: decision === 'approved',
      project: found.projectName,
      summary: what,
      type: b.type,
      nights: b.nights,
      note: note || null,
    });
    const [booking] = await withCabins(tx, [row!]);
    return { booking: booking!, user };
  });
}
