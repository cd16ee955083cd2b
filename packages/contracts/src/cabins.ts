import { z } from 'zod';
import { id, requiredText, text, uuidString } from './common';
import { projectIdParams } from './perks';
import { labelled, says } from './validation';

/** The most days one availability request may cover (both ends included). */
export const MAX_AVAILABILITY_DAYS = 400;

const calendarDate = (label: string) => z.iso.date({ error: labelled(label, 'validation.calendar_date') });

/** What an investor needs to arrive at a cabin: shown from 14 days before an approved stay. */
export const cabinGuide = z.object({
  address: z.string(),
  access: z.string(),
  houseRules: z.string(),
  wifi: z.string(),
  waste: z.string(),
  contacts: z.string(),
});
export type CabinGuide = z.infer<typeof cabinGuide>;

/** The days before check-in from which an investor with an approved stay sees the cabin's guide. */
export const GUIDE_DAYS_BEFORE = 14;

/** A cabin of a project: each night of a stay takes one. */
export const cabin = z.object({
  _id: uuidString,
  projectId: uuidString,
  name: z.string(),
  sleeps: z.number().int(),
  description: z.string(),
  photos: z.array(z.string()),
  /** An inactive cabin takes no new stays. */
  active: z.boolean(),
  /** Nights from today on held by pending or approved stays (a cabin with any cannot be deleted). */
  futureNights: z.number().int(),
  /** The cabin's guide: for an admin only (null when none is written); investors get it with a stay. */
  guide: cabinGuide.nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Cabin = z.infer<typeof cabin>;

const photoUrl = z
  .string()
  .trim()
  .max(500, { error: says('validation.a_photo_address_must_be_at_most_500_characters') })
  .refine((v) => v.startsWith('/') || /^https:\/\//.test(v), {
    error: says('validation.a_photo_address_must_start_with_or_https'),
  });

/** `POST /api/projects/{id}/cabins` and the PUT (admin). */
export const cabinInput = z.object({
  name: requiredText('Name', 80),
  sleeps: z
    .number({ error: says('validation.sleeps_must_be_a_whole_number') })
    .int({ error: says('validation.sleeps_must_be_a_whole_number') })
    .min(1, { error: says('validation.sleeps_must_be_at_least_1') })
    .max(50, { error: says('validation.sleeps_must_be_at_most_50') }),
  description: text(2000).default(''),
  photos: z
    .array(photoUrl)
    .max(12, { error: says('validation.at_most_12_photos') })
    .default([]),
  active: z.boolean().default(true),
  /** Left out: the guide is kept as it is; null: none. */
  guide: z
    .object({
      address: text(1000).default(''),
      access: text(1000).default(''),
      houseRules: text(2000).default(''),
      wifi: text(200).default(''),
      waste: text(1000).default(''),
      contacts: text(1000).default(''),
    })
    .nullable()
    .optional(),
});
export type CabinInput = z.input<typeof cabinInput>;

export const cabinParams = z.object({ id, cabinId: id });

export const cabinAnswer = z.object({
  success: z.literal(true),
  data: cabin,
  message: z.string().optional(),
});
export const cabinsAnswer = z.object({ success: z.literal(true), data: z.array(cabin) });

/** A high-season period of a project (both ends included) and its per-investor limit. */
export const highSeason = z.object({
  _id: uuidString,
  projectId: uuidString,
  name: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  /** How many of its nights one investor may hold (pending and approved stays). */
  maxNightsPerInvestor: z.number().int(),
  /** Nights of the season the caller holds (0 for an admin's view). */
  usedNights: z.number().int(),
});
export type HighSeason = z.infer<typeof highSeason>;

export const highSeasonInput = z
  .object({
    name: requiredText('Name', 80),
    startsOn: calendarDate('Start date'),
    endsOn: calendarDate('End date'),
    maxNightsPerInvestor: z
      .number({ error: says('validation.the_high_season_limit_must_be_a_whole_number') })
      .int({ error: says('validation.the_high_season_limit_must_be_a_whole_number') })
      .min(0, { error: says('validation.the_high_season_limit_cannot_be_negative') })
      .max(366, { error: says('validation.the_high_season_limit_must_be_at_most_366') }),
  })
  .refine((s) => s.endsOn >= s.startsOn, {
    path: ['endsOn'],
    error: says('validation.the_end_date_cannot_be_before_the_start_date'),
  });
export type HighSeasonInput = z.input<typeof highSeasonInput>;

export const highSeasonParams = z.object({ id, seasonId: id });
export const highSeasonAnswer = z.object({
  success: z.literal(true),
  data: highSeason,
  message: z.string().optional(),
});
export const highSeasonsAnswer = z.object({ success: z.literal(true), data: z.array(highSeason) });

/** `GET /api/perks/availability/{projectId}?from=&to=` */
export const availabilityQuery = z
  .object({ from: calendarDate('from'), to: calendarDate('to') })
  .refine((q) => q.to >= q.from, {
    path: ['to'],
    error: says('validation.the_end_of_the_range_to_cannot_be_before_its'),
  })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 <= MAX_AVAILABILITY_DAYS, {
    path: ['to'],
    error: says('validation.too_many_days', { max: MAX_AVAILABILITY_DAYS }),
  });
export const availabilityParams = projectIdParams;

/**
 * One date of the calendar: how many of the project's active cabins are free, whether it is high season,
 * and whether the caller holds it themselves (in a pending or an approved request).
 */
export const availabilityDay = z.object({
  date: z.string(),
  free: z.number().int(),
  total: z.number().int(),
  peak: z.boolean(),
  own: z.enum(['pending', 'approved']).nullable(),
  /** Held for a peak allocation not yet run (issue 35): no cabin can be requested that night (free is 0). */
  held: z.boolean().optional(),
});
export type AvailabilityDay = z.infer<typeof availabilityDay>;

export const availabilityAnswer = z.object({
  success: z.literal(true),
  availability: z.array(availabilityDay),
});
export type AvailabilityAnswer = z.infer<typeof availabilityAnswer>;

/** 'High-season nights: 2 of 4 used' */
export const highSeasonUsageText = (s: Pick<HighSeason, 'usedNights' | 'maxNightsPerInvestor'>) =>
  `High-season nights: ${s.usedNights} of ${s.maxNightsPerInvestor} used`;

/** The calendar day `days` after (or before) a 'YYYY-MM-DD' day. */
export const addDays = (isoDay: string, days: number) =>
  new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The dates from `from` to `to`, both included, 'YYYY-MM-DD'. */
export function datesBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** The nights of a stay: from its check-in day to the day before its check-out day, 'YYYY-MM-DD'. */
export const stayNights = (checkIn: string, checkOut: string): string[] =>
  checkOut > checkIn ? datesBetween(checkIn, addDays(checkOut, -1)) : [];

export const stayGuideParams = z.object({ id });

/**
 * `GET /api/bookings/{id}/guide`: the guides of the cabins of the caller's approved stay, from
 * `availableFrom` (14 days before check-in) on; before that, or for a stay not approved, none.
 */
export const stayGuideAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    availableFrom: z.string(),
    guides: z.array(z.object({ cabin: z.string(), guide: cabinGuide })),
  }),
});
