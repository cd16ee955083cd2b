import { ROI_DAYS_PER_MONTH, ROI_SCENARIOS, ROI_SHARE_MAX } from './constants';

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
  /** The inputs as they were counted: unparsable -> 0, below 0 -> 0, share above 100 -> 100. */
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

function clamp(inputs: RoiInputs): RoiInputs {
  const min0 = (n: number) => Math.max(0, Number.isFinite(n) ? n : 0);
  return {
    amountInvested: min0(inputs.amountInvested),
    nightlyRate: min0(inputs.nightlyRate),
    nightsPerMonth: min0(inputs.nightsPerMonth),
    sharePerNight: Math.min(ROI_SHARE_MAX, min0(inputs.sharePerNight)),
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
