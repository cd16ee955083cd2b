import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import ical from 'ical-generator';
import {
  BOOKING_TYPE_LABELS,
  earliestTodayIso,
  formatNight,
  nightsText,
  type BookingType,
  type CabinGuide,
} from '@portal/contracts';
import type { DbOrTx } from '../../../db/client';
import { bookingNights, bookings, cabins, calendarFeeds, projects, users } from '../../../db/schema';
import { NotFoundError } from '../../../lib/errors';
import { createSigner } from '../../../lib/signer';
import type { Keys } from '../../../lib/secret-box';
import { guideFrom, guideText, hasGuide } from '../cabins/guide';

/**
 * Calendar addresses (issue 18). The token is not stored: it is the user id and the feed's version,
 * signed with the server's secret. Regenerating raises the version in calendar_feeds (no row: version 1),
 * so every earlier address stops working.
 */
export interface CalendarTokens {
  make(userId: string, version: number): string;
  /** The user and version a token names, if its signature holds; nothing is looked up. */
  read(token: string): { userId: string; version: number } | null;
}

const ID_BYTES = 16;
const VERSION_BYTES = 4;
const SIGNATURE_BYTES = 16;
const TOKEN_BYTES = ID_BYTES + VERSION_BYTES + SIGNATURE_BYTES;

export function createCalendarTokens(serverSecrets: Keys): CalendarTokens {
  const signer = createSigner(serverSecrets, 'calendar-feeds');
  return {
    make(userId, version) {
      const payload = Buffer.alloc(ID_BYTES + VERSION_BYTES);
      Buffer.from(userId.replaceAll('-', ''), 'hex').copy(payload);
      payload.writeUInt32BE(version, ID_BYTES);
      return Buffer.concat([payload, signer.sign(payload, SIGNATURE_BYTES)]).toString('base64url');
    },
    read(token) {
      const bytes = Buffer.from(token, 'base64url');
      // One spelling per token: base64 letters or stray characters that decode the same are refused.
      if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return null;
      const payload = bytes.subarray(0, ID_BYTES + VERSION_BYTES);
      if (!signer.verify(payload, bytes.subarray(ID_BYTES + VERSION_BYTES))) return null;
      const hex = payload.subarray(0, ID_BYTES).toString('hex');
      const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
      return { userId, version: payload.readUInt32BE(ID_BYTES) };
    },
  };
}

/** The calendar address of a token; with a project id, an admin's occupancy feed of that project. */
export const feedUrl = (appUrl: string, token: string, projectId?: string) =>
  `${appUrl}/api/calendar/${token}.ics${projectId ? `?projectId=${projectId}` : ''}`;

/** The version of the user's current address (1 until it is first regenerated). */
export async function feedVersion(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ version: calendarFeeds.version })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return row?.version ?? 1;
}

/** Raises the version (the first regenerate makes version 2): every earlier address stops working. */
export async function regenerateFeed(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, version: 2 })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { version: sql`${calendarFeeds.version} + 1`, updatedAt: new Date() },
    })
    .returning({ version: calendarFeeds.version });
  return row!.version;
}

/** A project an admin asks a feed of must exist. */
export async function assertProjectExists(db: DbOrTx, projectId: string): Promise<string> {
  const [p] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
  if (!p) throw new NotFoundError('Calendar');
  return p.name;
}

const notFound = () => new NotFoundError('Calendar');

/**
 * Who a token belongs to, if it is still theirs: a valid signature, the current version and an active
 * account. Anything else is the same 404, so a wrong or replaced address tells nothing.
 */
export async function feedOwner(
  db: DbOrTx,
  tokens: CalendarTokens,
  token: string,
): Promise<{ id: string; isAdmin: boolean }> {
  const claim = tokens.read(token);
  if (!claim) throw notFound();
  const [owner] = await db
    .select({
      id: users.id,
      isAdmin: users.isAdmin,
      isActive: users.isActive,
      version: calendarFeeds.version,
    })
    .from(users)
    .leftJoin(calendarFeeds, eq(calendarFeeds.userId, users.id))
    .where(eq(users.id, claim.userId));
  if (!owner || !owner.isActive || (owner.version ?? 1) !== claim.version) throw notFound();
  return { id: owner.id, isAdmin: owner.isAdmin };
}

/** The nights of a stay split into runs of consecutive nights ('YYYY-MM-DD', sorted). */
export function nightRuns(nights: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (const night of [...nights].sort()) {
    const run = runs.at(-1);
    if (run && nextDay(run.at(-1)!) === night) run.push(night);
    else runs.push([night]);
  }
  return runs;
}

/** The day after a 'YYYY-MM-DD' date: a stay's check-out is the day after its last night. */
function nextDay(night: string): string {
  const d = new Date(`${night}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

interface NightRow {
  bookingId: string;
  type: BookingType;
  status: string;
  updatedAt: Date;
  project: string;
  investor: string;
  night: string;
  cabin: string | null;
  guide: CabinGuide | null;
}

/** The live nights of the stays a feed shows, with their project, investor and cabin. */
function nightRows(db: DbOrTx, where: ReturnType<typeof and>) {
  return db
    .select({
      bookingId: bookings.id,
      type: bookings.type,
      status: bookings.status,
      updatedAt: bookings.updatedAt,
      project: projects.name,
      investor: users.name,
      night: bookingNights.night,
      cabin: cabins.name,
      guide: cabins.guide,
    })
    .from(bookingNights)
    .innerJoin(bookings, eq(bookings.id, bookingNights.bookingId))
    .innerJoin(projects, eq(projects.id, bookings.projectId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(cabins, eq(cabins.id, bookingNights.cabinId))
    .where(where)
    .orderBy(asc(bookings.id), asc(bookingNights.night));
}

/** Every stay as its runs of nights, each run with the cabins it uses. */
function stays(rows: NightRow[]) {
  const byBooking = new Map<string, NightRow[]>();
  for (const r of rows) byBooking.set(r.bookingId, [...(byBooking.get(r.bookingId) ?? []), r]);
  return [...byBooking.values()].flatMap((nights) =>
    nightRuns(nights.map((n) => n.night)).map((run) => {
      const inRun = nights.filter((n) => run.includes(n.night));
      const cabinNames = [...new Set(inRun.map((n) => n.cabin).filter((c): c is string => !!c))];
      const guides = new Map(
        inRun.flatMap((n) => (n.cabin && hasGuide(n.guide) ? [[n.cabin, n.guide]] : [])),
      );
      return { booking: nights[0]!, run, cabin: cabinNames.join(', ') || null, guides };
    }),
  );
}

/**
 * The iCalendar text of a feed: with `projectId` (an admin's token) every pending and approved stay of
 * the project with its investor and cabin, otherwise the owner's approved stays in every project.
 */
export async function feedCalendar(
  db: DbOrTx,
  owner: { id: string; isAdmin: boolean },
  projectId: string | undefined,
): Promise<string> {
  let name = 'Investor Portal: my stays';
  let rows: NightRow[];
  if (projectId) {
    if (!owner.isAdmin) throw notFound();
    name = `${await assertProjectExists(db, projectId)}: occupancy`;
    rows = await nightRows(
      db,
      and(eq(bookingNights.projectId, projectId), inArray(bookings.status, ['pending', 'approved'])),
    );
  } else {
    rows = await nightRows(db, and(eq(bookingNights.userId, owner.id), eq(bookings.status, 'approved')));
  }

  const calendar = ical({
    name,
    prodId: { company: 'Investor Portal', product: 'Cabin stays', language: 'EN' },
    ttl: 3600,
  });
  const today = earliestTodayIso();
  for (const { booking: b, run, cabin, guides } of stays(rows)) {
    const checkOut = nextDay(run.at(-1)!);
    const where = cabin ? `${cabin}, ${b.project}` : b.project;
    const label = BOOKING_TYPE_LABELS[b.type];
    const pending = b.status === 'pending' ? ' (pending)' : '';
    calendar.createEvent({
      id: `${b.bookingId}-${run[0]}@investor-portal`,
      start: run[0]!,
      end: checkOut,
      allDay: true,
      stamp: b.updatedAt,
      summary: projectId
        ? `${b.investor}${cabin ? ` – ${cabin}` : ''} (${label})${pending}`
        : `Stay at ${b.project} (${label})`,
      location: where,
      description:
        `${nightsText(run.length)}${cabin ? ` in ${cabin}` : ''} at ${b.project}` +
        `${projectId ? `, ${label} of ${b.investor}${pending}` : ''}. ` +
        `Check-in ${formatNight(run[0]!)}, check-out ${formatNight(checkOut)}.` +
        // The owner's approved stay carries its cabins' guides from 14 days before check-in (issue 35).
        (!projectId && today >= guideFrom(run[0]!)
          ? [...guides].map(([name, g]) => `\n\n${guideText(name, g)}`).join('')
          : ''),
    });
  }
  return calendar.toString();
}
