import { z } from 'zod';
import { ROI_DAYS_PER_MONTH, ROI_SCENARIOS, ROI_SHARE_MAX } from './constants';
import { fieldErrors } from './issues';
import { labelled, says } from './validation';

/** The calculator's bounds: a projection outside them is not one a cabin share could earn. */
export const ROI_AMOUNT_MAX = 10_000_000;
export const ROI_NIGHTLY_RATE_MAX = 10_000;
export const ROI_NIGHTS_MIN = 1;
export const ROI_NIGHTS_MAX = ROI_DAYS_PER_MONTH;

/** The four inputs of the ROI Projections Calculator (docs/product.md §6). */
export interface RoiInputs {
  amountInvested: number;
  nightlyRate: number;
  nightsPerMonth: number;
  /** The investor's share of each night's rate, in percent. */
  sharePerNight: number;
}

export interface RoiScenario {
  id: (typeof ROI_SCENARIOS)[number]['id'];
  label: string;
  occupancy: number;
  /** Booked nights in a 30-day month at this occupancy. */
  nights: number;
  monthlyReturn: number;
  /** Percent a year of the amount invested; 0 when nothing is invested. */
  annualROI: number;
}

export interface RoiProjection {
  /**
   * The inputs as they were counted: unparsable -> 0, below 0 -> 0, above the bounds -> the bound (share
   * 100%, nights 30, rate €10,000, amount €10,000,000).
   */
  inputs: RoiInputs;
  /** nights × rate × share% for the nights entered. */
  monthlyReturn: number;
  scenarios: RoiScenario[];
}

/** What an input field holds, as the calculator counts it: anything that is not a number counts as 0. */
export function parseRoiInput(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (value == null) return 0;
  const trimmed = value.trim();
  if (trimmed === '') return 0;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : 0;
}

/** A field as typed: blank or unparsable is not a number (the message says so; the arithmetic counts 0). */
const typed = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? Number.NaN : Number(v)) : v),
    z.number({ error: labelled(label, 'validation.not_number') }),
  );

/**
 * The calculator's four fields and what each allows, with the message shown next to the field:
 * an amount above 0 up to €10,000,000, a nightly rate from 0 to €10,000, 1 to 30 nights a month and a share
 * from 0 to 100%.
 */
export const roiInput = z.object({
  amountInvested: typed('Amount Invested').pipe(
    z
      .number()
      .positive({ error: says('validation.amount_invested_must_be_more_than_eur_0') })
      .max(ROI_AMOUNT_MAX, { error: says('validation.amount_invested_must_be_at_most_eur_10_000_000') }),
  ),
  nightlyRate: typed('Nightly Rate').pipe(
    z
      .number()
      .min(0, { error: says('validation.nightly_rate_cannot_be_negative') })
      .max(ROI_NIGHTLY_RATE_MAX, { error: says('validation.nightly_rate_must_be_at_most_eur_10_000') }),
  ),
  nightsPerMonth: typed('Nights/Month').pipe(
    z
      .number()
      .int({ error: says('validation.roi_nights_whole', { min: ROI_NIGHTS_MIN, max: ROI_NIGHTS_MAX }) })
      .min(ROI_NIGHTS_MIN, {
        error: says('validation.roi_nights_range', { min: ROI_NIGHTS_MIN, max: ROI_NIGHTS_MAX }),
      })
      .max(ROI_NIGHTS_MAX, {
        error: says('validation.roi_nights_range', { min: ROI_NIGHTS_MIN, max: ROI_NIGHTS_MAX }),
      }),
  ),
  sharePerNight: typed('Share per Night').pipe(
    z
      .number()
      .min(0, { error: says('validation.roi_share_range', { max: ROI_SHARE_MAX }) })
      .max(ROI_SHARE_MAX, { error: says('validation.roi_share_range', { max: ROI_SHARE_MAX }) }),
  ),
});

/** Each field's problem, by field (none when all four are within bounds). */
export function roiInputProblems(
  values: Record<keyof RoiInputs, string | number>,
): Partial<Record<keyof RoiInputs, string>> {
  const parsed = roiInput.safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error.issues);
}

/** Each input brought within the calculator's bounds (unparsable and negative count as 0). */
function clamp(inputs: RoiInputs): RoiInputs {
  const within = (n: number, max: number) => Math.min(max, Math.max(0, Number.isFinite(n) ? n : 0));
  return {
    amountInvested: within(inputs.amountInvested, ROI_AMOUNT_MAX),
    nightlyRate: within(inputs.nightlyRate, ROI_NIGHTLY_RATE_MAX),
    nightsPerMonth: within(inputs.nightsPerMonth, ROI_NIGHTS_MAX),
    sharePerNight: within(inputs.sharePerNight, ROI_SHARE_MAX),
  };
}

// Multiplying before the single division keeps whole-euro answers exact in binary floating point:
// 12 × 35 × 10 / 100 is exactly 42, where 12 × 35 × 0.1 is 42.00000000000001.
const monthly = (nights: number, rate: number, share: number) => (nights * rate * share) / 100;
const annual = (monthlyReturn: number, amount: number) =>
  amount > 0 ? (monthlyReturn * 12 * 100) / amount : 0;

/** The ROI Projections Calculator (docs/product.md §6) as a pure function. */
export function projectRoi(raw: RoiInputs): RoiProjection {
  const inputs = clamp(raw);
  const { amountInvested, nightlyRate, nightsPerMonth, sharePerNight } = inputs;
  return {
    inputs,
    monthlyReturn: monthly(nightsPerMonth, nightlyRate, sharePerNight),
    scenarios: ROI_SCENARIOS.map((s) => {
      const nights = Math.round((ROI_DAYS_PER_MONTH * s.occupancy) / 100);
      const monthlyReturn = monthly(nights, nightlyRate, sharePerNight);
      return {
        id: s.id,
        label: s.label,
        occupancy: s.occupancy,
        nights,
        monthlyReturn,
        annualROI: annual(monthlyReturn, amountInvested),
      };
    }),
  };
}
