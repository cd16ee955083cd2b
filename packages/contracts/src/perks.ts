import { z } from 'zod';
import { text, uuidString } from './common';
import { DEFAULT_PERK_ICON } from './constants';
import { BOOKING_STATUSES, BOOKING_TYPES, PERK_CATEGORIES, PERK_STATUSES, PERK_TYPES } from './value-sets';
import { labelled, says } from './validation';

/** A project id in a request body. */
export const projectIdField = z.uuid({
  error: (iss) => (iss.input === undefined ? 'projectId is required' : 'projectId must be a valid id'),
});
export const PERK_REQUIRED_FIELDS = 'Name, Type, and Status are required';

/**
 * The cabin nights of the signed-in investor in a project (docs/product.md §10), derived from the allowance
 * and the live (pending and approved) booking requests.
 */
export const cabinNights = z.object({
  totalNights: z.number().int(),
  /** total − nights in pending and approved requests (never below 0). */
  remainingNights: z.number().int(),
  /** Bonus nights still available: they are spent once the remaining nights reach zero. */
  bonusNights: z.number().int(),
  /** The bonus nights granted in the allowance. */
  bonusNightsTotal: z.number().int(),
  /** Nights in pending and approved requests. */
  bookedNights: z.number().int(),
  /** Whole years with one decimal until the allowance expires (0 once expired). */
  yearsRemaining: z.number(),
  /** 'YYYY-MM-DD', the last night that can be booked. */
  expirationDate: z.string(),
  /** Nights already in a pending or approved request ('YYYY-MM-DD', ascending): they cannot be requested again. */
  requestedNights: z.array(z.string()),
});
export type CabinNights = z.infer<typeof cabinNights>;

export const cabinNightsAnswer = z.object({ success: z.literal(true), cabinNights: cabinNights.nullable() });
export type CabinNightsAnswer = z.infer<typeof cabinNightsAnswer>;

/** A perk (docs/product.md §17). */
export const perk = z.object({
  _id: uuidString,
  projectId: uuidString,
  name: z.string(),
  type: z.string(),
  category: z.string(),
  icon: z.string(),
  description: z.string(),
  discount: z.string(),
  status: z.enum(PERK_STATUSES),
  bookingAvailable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Perk = z.infer<typeof perk>;

export const perksAnswer = z.object({ success: z.literal(true), perks: z.array(perk) });
export type PerksAnswer = z.infer<typeof perksAnswer>;

/** The perks answer may be a flat list or an object of lists keyed by group; both flatten to one list. */
export function flattenPerks<T>(
  perks: readonly T[] | Record<string, readonly T[] | null | undefined> | null | undefined,
): T[] {
  if (!perks) return [];
  if (Array.isArray(perks)) return [...perks];
  return Object.values(perks as Record<string, readonly T[] | null | undefined>).flatMap((list) =>
    Array.isArray(list) ? list : [],
  );
}

/** One line of the Usage Summary's Recent Activity. */
export const usageActivity = z.object({
  _id: z.string(),
  description: z.string(),
  date: z.string(),
  bookingId: uuidString,
  type: z.enum(BOOKING_TYPES),
  status: z.enum(BOOKING_STATUSES),
});
export type UsageActivity = z.infer<typeof usageActivity>;

/** Usage of the cabin nights, computed from the pending and approved requests (docs/product.md §10). */
export const usageSummary = z.object({
  /** Nights in personal-stay requests. */
  personalStays: z.number().int(),
  /** Nights gifted. */
  gifted: z.number().int(),
  /** Nights rented out: those actually rented when an admin recorded the rental's income, else those requested. */
  rented: z.number().int(),
  /**
   * The real rental income: the investor's share of every rental recorded, paid or scheduled, exact to
   * the cent (0 until an admin records one).
   */
  totalValue: z.number(),
  recentActivity: z.array(usageActivity),
});
export type UsageSummary = z.infer<typeof usageSummary>;

export const usageAnswer = z.object({ success: z.literal(true), usage: usageSummary });
export type UsageAnswer = z.infer<typeof usageAnswer>;

export const RECENT_ACTIVITY_LIMIT = 10;

/** Path parameters of the perks routes; the id itself is checked by the route ('Project ID is required'). */
/**
 * An id in a path. The route reads it itself (a malformed project id is 'Project ID must be a valid id', any
 * other malformed id not found), so the schema takes any short string; the document says what works: a UUID.
 */
const pathId = z.string().trim().max(64).meta({ format: 'uuid' });
export const projectIdParams = z.object({ projectId: pathId.optional() });
export const perkParams = z.object({ projectId: pathId.optional(), perkId: pathId });

/** A blank value counts as missing, so that it gets 'Project ID is required'. */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const required = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema);

/** The body of `POST /api/perks/benefits/{projectId}` and of the PUT (admin). */
export const perkInput = z.object({
  name: required(
    z
      .string({ error: PERK_REQUIRED_FIELDS })
      .trim()
      .max(120, { error: says('validation.name_must_be_at_most_120_characters') }),
  ),
  type: required(
    z.enum(PERK_TYPES, {
      error: (iss) =>
        iss.input === undefined ? PERK_REQUIRED_FIELDS : `Type must be one of ${PERK_TYPES.join(', ')}`,
    }),
  ),
  status: required(
    z.enum(PERK_STATUSES, {
      error: (iss) =>
        iss.input === undefined ? PERK_REQUIRED_FIELDS : `Status must be one of ${PERK_STATUSES.join(', ')}`,
    }),
  ),
  category: z
    .preprocess(
      blankToUndefined,
      z.enum(PERK_CATEGORIES, {
        error: says('validation.perk_category_one_of', { values: PERK_CATEGORIES.join(', ') }),
      }),
    )
    .default('standard'),
  icon: z.preprocess(blankToUndefined, text(16)).default(DEFAULT_PERK_ICON),
  description: text(2000).default(''),
  discount: text(60).default(''),
  bookingAvailable: z.boolean().default(false),
});
export type PerkInput = z.input<typeof perkInput>;

/** A user's cabin-night allowance in a project, as the admin Investments screen reads and sets it. */
export const cabinAllowance = z.object({
  userId: uuidString,
  projectId: uuidString,
  totalNights: z.number().int(),
  bonusNights: z.number().int(),
  expiresAt: z.string(),
  bookedNights: z.number().int(),
  remainingNights: z.number().int(),
  bonusNightsRemaining: z.number().int(),
  updatedAt: z.string(),
});
export type CabinAllowance = z.infer<typeof cabinAllowance>;

export const allowanceParams = z.object({ projectId: pathId.optional(), userId: pathId });

const nights = (label: string) =>
  z
    .number({ error: labelled(label, 'validation.whole_number') })
    .int({ error: labelled(label, 'validation.whole_number') })
    .min(0, { error: labelled(label, 'validation.negative') })
    .max(3650, { error: labelled(label, 'validation.at_most', { max: 3650 }) });

export const cabinAllowanceInput = z.object({
  totalNights: nights('Total nights'),
  bonusNights: nights('Bonus nights').default(0),
  expiresAt: z.iso.date({ error: says('validation.expiry_date_must_be_a_date_yyyy_mm_dd') }),
});
export type CabinAllowanceInput = z.input<typeof cabinAllowanceInput>;
