import { and, count, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  earliestTodayIso,
  nightBalance,
  stayDates,
  type SwapStatus,
  type swapOfferInput,
} from '@portal/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { bookingNights, bookings, cabinAllowances, projects, swapOffers } from '../../../db/schema';
import { coded, ConflictError, NotFoundError, type CodedError } from '../../../lib/errors';
import type { AuthUser } from '../../../plugins/auth';
import { recordAudit } from '../../audit/service';
import { notifyUsers } from '../../notifications/notify';
import { assertProjectVisible } from '../../access/project-access';
import { assertHighSeasonLimits, lockProjectNights } from '../cabins/service';
import { stayFreed } from '../stay-freed';

type BookingRow = typeof bookings.$inferSelect;
type OfferRow = typeof swapOffers.$inferSelect;
export interface SwapView {
  offer: OfferRow;
  offered: BookingRow;
  requested: BookingRow;
  viewerId: string;
}

/** Why an offer cannot be accepted on the side of the one who made it, without their dates or nights. */
const SWAP_OTHER_CANNOT_HOLD = coded('stays.swap_other_cannot_hold');

const perksLink = (projectId: string) => `/perks?project=${projectId}`;

/** An offer still pending whose stays are no longer as they were when it was made (or are no longer ahead). */
function isVoid(offer: OfferRow, offered: BookingRow, requested: BookingRow, today: string) {
  const unchanged = (b: BookingRow, stamp: Date) =>
    b.status === 'approved' && b.updatedAt.getTime() === stamp.getTime() && (b.nights[0] ?? '') >= today;
  return !unchanged(offered, offer.offeredStamp) || !unchanged(requested, offer.requestedStamp);
}

/** The status as the investors see it: a pending offer whose stays changed reads as void. */
export const effectiveStatus = (v: SwapView, today: string): SwapStatus =>
  v.offer.status === 'pending' && isVoid(v.offer, v.offered, v.requested, today) ? 'void' : v.offer.status;

/**
 * Other investors' approved stays in the project that start from `today` on: what may be asked for. A
 * stay on a night the viewer already holds is left out: the viewer could never take it.
 */
export async function listSwappableStays(db: DbOrTx, viewer: AuthUser, projectId: string, today: string) {
  await assertProjectVisible(db, viewer, projectId);
  const [stays, held] = await Promise.all([
    db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.projectId, projectId),
          eq(bookings.status, 'approved'),
          ne(bookings.userId, viewer.id),
          sql`${bookings.nights}->>0 >= ${today}`,
        ),
      )
      .orderBy(sql`${bookings.nights}->>0`),
    db
      .select({ night: bookingNights.night })
      .from(bookingNights)
      .where(and(eq(bookingNights.userId, viewer.id), eq(bookingNights.projectId, projectId))),
  ]);
  const mine = new Set(held.map((h) => h.night));
  return stays.filter((b) => !b.nights.some((n) => mine.has(n)));
}

async function viewsOf(db: DbOrTx, offers: OfferRow[], viewerId: string): Promise<SwapView[]> {
  if (!offers.length) return [];
  const ids = [...new Set(offers.flatMap((o) => [o.offeredBookingId, o.requestedBookingId]))];
  const rows = await db.select().from(bookings).where(inArray(bookings.id, ids));
  const byId = new Map(rows.map((b) => [b.id, b]));
  return offers.map((offer) => ({
    offer,
    offered: byId.get(offer.offeredBookingId)!,
    requested: byId.get(offer.requestedBookingId)!,
    viewerId,
  }));
}

/** The offers the viewer made or received in a project, newest first. */
export async function listSwaps(db: DbOrTx, viewer: AuthUser, projectId: string): Promise<SwapView[]> {
  await assertProjectVisible(db, viewer, projectId);
  const offers = await db
    .select()
    .from(swapOffers)
    .where(
      and(
        eq(swapOffers.projectId, projectId),
        or(eq(swapOffers.fromUserId, viewer.id), eq(swapOffers.toUserId, viewer.id)),
      ),
    )
    .orderBy(desc(swapOffers.createdAt));
  return viewsOf(db, offers, viewer.id);
}

/** Offers one of the viewer's approved stays for another investor's approved stay in the same project. */
export async function createSwap(
  db: DbOrTx,
  viewer: AuthUser,
  input: z.output<typeof swapOfferInput>,
  today: string,
): Promise<SwapView> {
  return db.transaction(async (tx) => {
    const [offered] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, input.offeredBookingId), eq(bookings.userId, viewer.id)))
      .limit(1);
    if (!offered) throw new NotFoundError('Booking');
    const { name: projectName } = await assertProjectVisible(tx, viewer, offered.projectId);
    const [requested] = await tx
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.id, input.requestedBookingId),
          eq(bookings.projectId, offered.projectId),
          ne(bookings.userId, viewer.id),
        ),
      )
      .limit(1);
    // Another project's stay, or one that is not approved, is not there to be asked for.
    if (!requested || requested.status !== 'approved') throw new NotFoundError('Booking');
    if (offered.status !== 'approved')
      throw new ConflictError(coded('stays.swap_not_approved', { status: offered.status }));
    for (const b of [offered, requested])
      if ((b.nights[0] ?? '') < today)
        throw new ConflictError(coded('stays.swap_stay_begun', { dates: [...b.nights].sort().join(',') }));
    const [open] = await tx
      .select({ n: count() })
      .from(swapOffers)
      .where(
        and(
          eq(swapOffers.offeredBookingId, offered.id),
          eq(swapOffers.requestedBookingId, requested.id),
          eq(swapOffers.status, 'pending'),
        ),
      );
    if (open?.n) throw new ConflictError(coded('stays.swap_already_offered'));
    // What acceptance will check of the one who offers, checked now: an offer that could never be
    // accepted is not made.
    await assertCanHold(tx, viewer.id, offered, requested, 'self');
    const [offer] = await tx
      .insert(swapOffers)
      .values({
        projectId: offered.projectId,
        fromUserId: viewer.id,
        toUserId: requested.userId,
        offeredBookingId: offered.id,
        requestedBookingId: requested.id,
        offeredStamp: offered.updatedAt,
        requestedStamp: requested.updatedAt,
        offeredNights: offered.nights,
        requestedNights: requested.nights,
        note: input.note,
      })
      .returning();
    await notifyUsers(tx, [requested.userId], {
      title: 'Swap offer',
      message:
        `An investor offers their stay ${stayDates(offered.nights)} at ${projectName} for yours, ${stayDates(requested.nights)}.${input.note ? ` "${input.note}"` : ''}`.slice(
          0,
          1000,
        ),
      notice: {
        key: input.note ? 'swapOfferNote' : 'swapOffer',
        params: {
          offered: { nights: offered.nights },
          requested: { nights: requested.nights },
          project: projectName,
          ...(input.note ? { note: input.note } : {}),
        },
      },
      type: 'info',
      link: perksLink(offered.projectId),
      createdBy: viewer.id,
    });
    return { offer: offer!, offered, requested, viewerId: viewer.id };
  });
}

/** Locks the offer for the viewer in the given role; another investor's offer is not found. */
async function lockOffer(tx: DbOrTx, viewer: AuthUser, offerId: string, role: 'from' | 'to') {
  const [offer] = await tx
    .select()
    .from(swapOffers)
    .where(
      and(
        eq(swapOffers.id, offerId),
        eq(role === 'from' ? swapOffers.fromUserId : swapOffers.toUserId, viewer.id),
      ),
    )
    .for('update')
    .limit(1);
  if (!offer) throw new NotFoundError('Swap offer');
  if (offer.status !== 'pending')
    throw new ConflictError(coded('stays.swap_offer_decided', { status: offer.status }));
  return offer;
}

async function lockBookings(tx: DbOrTx, offer: OfferRow) {
  const rows = await tx
    .select()
    .from(bookings)
    .where(inArray(bookings.id, [offer.offeredBookingId, offer.requestedBookingId]))
    .orderBy(bookings.id)
    .for('update');
  const byId = new Map(rows.map((b) => [b.id, b]));
  return { offered: byId.get(offer.offeredBookingId)!, requested: byId.get(offer.requestedBookingId)! };
}

async function setStatus(tx: DbOrTx, offerId: string, status: SwapStatus) {
  const [row] = await tx
    .update(swapOffers)
    .set({ status, decidedAt: new Date() })
    .where(eq(swapOffers.id, offerId))
    .returning();
  return row!;
}

/**
 * Checks that `userId`, giving up `gives` and receiving `gets`, still has the nights, the expiry and the
 * high-season room for it, and holds none of the received nights already. Checked of the viewer
 * ('self'), a refusal says why in their own dates; checked of the other investor ('other'), it tells
 * nothing of that investor's stays, nights or expiry.
 */
async function assertCanHold(
  tx: DbOrTx,
  userId: string,
  gives: BookingRow,
  gets: BookingRow,
  side: 'self' | 'other',
) {
  const refuse = (own: CodedError): never => {
    throw new ConflictError(side === 'self' ? own : SWAP_OTHER_CANNOT_HOLD);
  };
  const [allowance] = await tx
    .select()
    .from(cabinAllowances)
    .where(and(eq(cabinAllowances.userId, userId), eq(cabinAllowances.projectId, gets.projectId)))
    .for('update')
    .limit(1);
  if (!allowance) return refuse(coded('stays.swap_no_cabin_nights'));
  const late = gets.nights.filter((n) => n > allowance.expiresAt);
  if (late.length)
    refuse(
      coded('stays.nights_too_late', {
        count: late.length,
        date: allowance.expiresAt,
        nights: late.join(','),
      }),
    );
  // The user's nights in the project in stays other than the one they give.
  const otherNights = and(
    eq(bookingNights.userId, userId),
    eq(bookingNights.projectId, gets.projectId),
    ne(bookingNights.bookingId, gives.id),
  );
  const [held] = await tx.select({ n: count() }).from(bookingNights).where(otherNights);
  const { available } = nightBalance(allowance.totalNights, allowance.bonusNights, held?.n ?? 0);
  if (gets.nights.length > available)
    refuse(coded('stays.swap_nights_short', { count: available, requested: gets.nights.length }));
  const clash = await tx
    .select({ night: bookingNights.night })
    .from(bookingNights)
    .where(and(otherNights, inArray(bookingNights.night, gets.nights)));
  if (clash.length)
    refuse(
      coded('stays.swap_nights_held', {
        nights: clash
          .map((c) => c.night)
          .sort()
          .join(','),
      }),
    );
  await assertHighSeasonLimits(tx, userId, gets.projectId, gets.nights, [gives.id]).catch((err: unknown) => {
    // The limit's own words, said of the one who would hold the stay.
    if (err instanceof ConflictError && err.code === 'stays.high_season_limit')
      refuse(coded('stays.swap_high_season_limit', err.params));
    throw err;
  });
}

/**
 * The investor offered a swap accepts it: in one transaction, with the offer and both stays locked, it
 * re-checks that nothing changed and that each investor can hold the dates they receive, then exchanges
 * the dates (and their cabins) between the two requests.
 */
export async function acceptSwap(db: DbOrTx, viewer: AuthUser, offerId: string, today: string) {
  const result = await db.transaction(async (tx) => {
    const offer = await lockOffer(tx, viewer, offerId, 'to');
    await lockProjectNights(tx, offer.projectId);
    const { offered, requested } = await lockBookings(tx, offer);
    if (isVoid(offer, offered, requested, today)) {
      const row = await setStatus(tx, offer.id, 'void');
      return { voided: { offer: row, offered, requested, viewerId: viewer.id } };
    }
    // The one who made the offer gives `offered` and gets `requested`; the viewer the other way round.
    await assertCanHold(tx, offer.fromUserId, offered, requested, 'other');
    await assertCanHold(tx, offer.toUserId, requested, offered, 'self');

    // Each investor keeps their own request (its type, notes and recipient) and receives the other's
    // dates, with their cabins. The nights are taken out and put back under their new bookings, so that
    // nobody holds a night twice on the way when the two stays share dates.
    const ids = [offered.id, requested.id];
    const nights = await tx.delete(bookingNights).where(inArray(bookingNights.bookingId, ids)).returning();
    await tx
      .insert(bookingNights)
      .values(
        nights.map((n) =>
          n.bookingId === offered.id
            ? { ...n, bookingId: requested.id, userId: requested.userId }
            : { ...n, bookingId: offered.id, userId: offered.userId },
        ),
      );
    const now = new Date();
    const give = async (b: BookingRow, dates: string[]) => {
      const [row] = await tx
        .update(bookings)
        .set({ nights: dates, updatedAt: now })
        .where(eq(bookings.id, b.id))
        .returning();
      return row!;
    };
    const newOffered = await give(offered, requested.nights);
    const newRequested = await give(requested, offered.nights);
    const row = await setStatus(tx, offer.id, 'accepted');
    await stayFreed(tx, offer.projectId, earliestTodayIso());
    const [project] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, offer.projectId));
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'accept',
      entity: 'swap_offer',
      entityId: offer.id,
      details: {
        projectId: offer.projectId,
        // The investor who made the offer: the entry reads "… accepted Lukas Berg's swap offer".
        userId: offer.fromUserId,
        offeredBookingId: offered.id,
        requestedBookingId: requested.id,
      },
    });
    await notifyUsers(tx, [offer.fromUserId], {
      title: 'Swap accepted',
      message: `Your swap offer was accepted: your stay at ${project!.name} is now ${stayDates(requested.nights)} (instead of ${stayDates(offered.nights)}).`,
      notice: {
        key: 'swapAccepted',
        params: {
          project: project!.name,
          now: { nights: requested.nights },
          before: { nights: offered.nights },
        },
      },
      type: 'success',
      link: perksLink(offer.projectId),
      createdBy: viewer.id,
    });
    await notifyUsers(tx, [offer.toUserId], {
      title: 'Swap complete',
      message: `Your stay at ${project!.name} is now ${stayDates(offered.nights)} (instead of ${stayDates(requested.nights)}).`,
      notice: {
        key: 'swapComplete',
        params: {
          project: project!.name,
          now: { nights: offered.nights },
          before: { nights: requested.nights },
        },
      },
      type: 'success',
      link: perksLink(offer.projectId),
      createdBy: viewer.id,
    });
    return { view: { offer: row, offered: newOffered, requested: newRequested, viewerId: viewer.id } };
  });
  // A void offer is recorded as void, and then refused.
  if ('voided' in result) throw new ConflictError(coded('stays.swap_offer_void'));
  return result.view;
}

/** Declines (the one offered) or withdraws (the one who offered) a pending offer; the other is told. */
export async function closeSwap(
  db: DbOrTx,
  viewer: AuthUser,
  offerId: string,
  action: 'declined' | 'withdrawn',
): Promise<SwapView> {
  return db.transaction(async (tx) => {
    const offer = await lockOffer(tx, viewer, offerId, action === 'declined' ? 'to' : 'from');
    const row = await setStatus(tx, offer.id, action);
    const [view] = await viewsOf(tx, [row], viewer.id);
    await notifyUsers(tx, [action === 'declined' ? offer.fromUserId : offer.toUserId], {
      title: action === 'declined' ? 'Swap offer declined' : 'Swap offer withdrawn',
      message:
        action === 'declined'
          ? `Your offer of ${stayDates(offer.offeredNights)} for ${stayDates(offer.requestedNights)} was declined.`
          : `The offer of ${stayDates(offer.offeredNights)} for your ${stayDates(offer.requestedNights)} was withdrawn.`,
      notice: {
        key: action === 'declined' ? 'swapDeclined' : 'swapWithdrawn',
        params: { offered: { nights: offer.offeredNights }, requested: { nights: offer.requestedNights } },
      },
      type: 'info',
      link: perksLink(offer.projectId),
      createdBy: viewer.id,
    });
    return view!;
  });
}
