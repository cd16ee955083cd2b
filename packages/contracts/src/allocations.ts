import { z } from 'zod';
import { id, requiredText, uuidString } from './common';
import { labelled, says } from './validation';

/** The most stays an investor may rank in one allocation. */
export const MAX_ALLOCATION_CHOICES = 10;
/** The most stays one allocation may hold. */
const MAX_ALLOCATION_STAYS = 50;
/** The longest stay of an allocation, in nights. */
const MAX_ALLOCATION_STAY_NIGHTS = 28;

const calendarDate = (label: string) => z.iso.date({ error: labelled(label, 'validation.calendar_date') });
const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: labelled(label, 'validation.date_time') });

const nightsBetween = (checkIn: string, checkOut: string) =>
  Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);

/** One stay of an allocation: its first night and the day it checks out. */
const allocationStayInput = z
  .object({ checkIn: calendarDate('Check-in'), checkOut: calendarDate('Check-out') })
  .refine((s) => s.checkIn < s.checkOut, {
    error: says('validation.stay_checkout_order'),
    path: ['checkOut'],
  })
  .refine((s) => nightsBetween(s.checkIn, s.checkOut) <= MAX_ALLOCATION_STAY_NIGHTS, {
    error: says('validation.stay_too_long'),
    path: ['checkOut'],
  });

/**
 * `POST /api/admin/allocations`: stays inside one high season of a project, ranked by investors until
 * `preferencesDue`, drawn at `runsAt` (issue 35, ADR 029).
 */
export const createAllocationInput = z
  .object({
    projectId: id,
    title: requiredText('Title', 120),
    stays: z
      .array(allocationStayInput, { error: says('validation.allocation_stays') })
      .min(1, { error: says('validation.allocation_stays') })
      .max(MAX_ALLOCATION_STAYS, { error: says('validation.allocation_stays') }),
    preferencesDue: instant('Preferences due'),
    runsAt: instant('Runs at'),
  })
  .refine((a) => Date.parse(a.preferencesDue) <= Date.parse(a.runsAt), {
    error: says('validation.allocation_due_order'),
    path: ['preferencesDue'],
  });
export type CreateAllocationInput = z.input<typeof createAllocationInput>;

/** `PUT /api/allocations/{id}/preferences`: the stays wanted, highest-ranked first. */
export const allocationPreferencesInput = z.object({
  choices: z
    .array(id, { error: says('validation.allocation_choices') })
    .max(MAX_ALLOCATION_CHOICES, { error: says('validation.allocation_choices') })
    .refine((ids) => new Set(ids).size === ids.length, { error: says('validation.allocation_choices') }),
});

const allocationStay = z.object({
  _id: uuidString,
  checkIn: z.string(),
  checkOut: z.string(),
  nights: z.number().int(),
});

/** An allocation as its readers see it: the seed's hash always, the caller's own ranking. */
export const allocation = z.object({
  _id: uuidString,
  projectId: uuidString,
  projectName: z.string(),
  title: z.string(),
  seedHash: z.string(),
  status: z.enum(['open', 'run']),
  preferencesDue: z.string(),
  runsAt: z.string(),
  ranAt: z.string().nullable(),
  stays: z.array(allocationStay),
  /** The caller's ranked stay ids (empty for an admin, or before they ranked any). */
  myChoices: z.array(z.string()),
  /** How many investors have ranked stays. */
  participants: z.number().int(),
});
export type Allocation = z.infer<typeof allocation>;

export const allocationAnswer = z.object({
  success: z.literal(true),
  data: allocation,
  message: z.string().optional(),
});
export const allocationsAnswer = z.object({ success: z.literal(true), data: z.array(allocation) });

/**
 * The outcome: the seed (only once it has run; `sha256(seed)` is `seedHash`), the priority order and the
 * stays given. `people` names each one in the order for an admin; an investor sees only their own name.
 */
export const allocationResult = z.object({
  seed: z.string().nullable(),
  seedHash: z.string(),
  order: z.array(z.string()),
  assignments: z.array(z.object({ userId: z.string(), stayId: z.string(), bookingId: z.string() })),
  people: z.array(z.object({ userId: z.string(), name: z.string().nullable(), you: z.boolean() })),
});
export type AllocationResult = z.infer<typeof allocationResult>;
export const allocationResultAnswer = z.object({ success: z.literal(true), data: allocationResult });

/** One investor's row of the fairness ledger: peak nights held against their fair share, by year. */
const fairnessRow = z.object({
  userId: z.string(),
  name: z.string(),
  /** their share of the project, percent with two decimals */
  sharePercent: z.number(),
  years: z.array(z.object({ year: z.number().int(), peakNights: z.number().int(), fairShare: z.number() })),
  /** peak nights of the three years per €10,000 invested (the allocation's priority: fewer first) */
  peakNightsPer10000: z.number(),
  /** their place in the next allocation's order (1 = first), and how many others share it */
  priority: z.object({ position: z.number().int(), tiedWith: z.number().int(), of: z.number().int() }),
});
export type FairnessRow = z.infer<typeof fairnessRow>;

/** `GET /api/perks/fairness/{projectId}`: the investor's own row, or every investor's for an admin. */
export const fairness = z.object({
  projectId: z.string(),
  years: z.array(z.object({ year: z.number().int(), seasonNights: z.number().int() })),
  rows: z.array(fairnessRow),
});
export type Fairness = z.infer<typeof fairness>;
export const fairnessAnswer = z.object({ success: z.literal(true), data: fairness });
export const fairnessParams = z.object({ projectId: id });
