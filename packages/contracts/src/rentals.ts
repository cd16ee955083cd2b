import { z } from 'zod';
import { envelope, money, moneyLock, uuidString } from './common';
import { toCents } from './money';
import { says } from './validation';

/**
 * What a rent-out request actually earned, recorded by an admin: the nights rented, the gross income, the
 * project's rental share at the time, and the investor's share of it (`amount`), paid on `paymentDate`
 * as income ("Rental income" in the Payout Timeline).
 */
export const rentalIncome = z.object({
  bookingId: uuidString,
  nightsRented: z.number().int(),
  grossIncome: z.number(),
  /** The project's rental share when it was recorded, a percentage (70 is 70 %). */
  sharePercent: z.number(),
  /** The investor's share: gross × share ÷ 100, rounded half up to the cent. */
  amount: z.number(),
  /** 'YYYY-MM-DD': income counts from this day (Upcoming until then). */
  paymentDate: z.string(),
  recordedAt: z.string(),
  /** Why it can no longer be edited or removed (its period's statements are published). */
  locked: moneyLock.nullable().optional(),
});
export type RentalIncome = z.infer<typeof rentalIncome>;

/** At most two decimals, checked on the cents so that 0.1 + 0.2 style floats pass. */
const twoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** A calendar day, 'YYYY-MM-DD', that exists. */
const calendarDay = z.iso.date({ error: says('validation.paymentdate_must_be_a_calendar_date_yyyy_mm_dd') });

/** `PUT /api/bookings/{id}/rental-income` (admin). The nights are checked against the booking's. */
export const rentalIncomeInput = z.object({
  nightsRented: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: says('validation.nightsrented_must_be_a_whole_number_of_nights') })
      .int({ error: says('validation.nightsrented_must_be_a_whole_number_of_nights') })
      .min(0, { error: says('validation.nightsrented_cannot_be_negative') })
      .max(366, { error: says('validation.nightsrented_cannot_be_more_than_the_nights_of') }),
  ),
  grossIncome: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    money
      .refine(twoDecimals, { error: says('validation.the_gross_income_can_have_at_most_two_decimals') })
      // The refinement, as the OpenAPI document says it (z.toJSONSchema leaves refinements out).
      .meta({ multipleOf: 0.01 }),
  ),
  paymentDate: calendarDay,
});
export type RentalIncomeInput = z.input<typeof rentalIncomeInput>;

export const rentalIncomeAnswer = envelope(rentalIncome);

/** A share percentage as hundredths of a percent ('70' or 70 → 7000; 12.345 is cut to 1234). */
const shareBasisPoints = (sharePercent: string | number) => toCents(sharePercent);

/**
 * The investor's share of a rental's gross income in whole cents: gross × share ÷ 100, rounded half up
 * (1,234.55 at 70 % is 864.185 → 864.19). Exact: BigInt over the cents and hundredths of a percent.
 */
export function rentalShareCents(grossIncome: string | number, sharePercent: string | number): number {
  const gross = BigInt(toCents(grossIncome));
  const share = BigInt(shareBasisPoints(sharePercent));
  if (gross < 0n || share < 0n) throw new Error('A rental share is of amounts and percentages ≥ 0');
  return Number((gross * share + 5000n) / 10000n);
}
