import { z } from 'zod';
import { money, projectIdQuery, text, uuidString } from './common';
import { EMAIL_PATTERN, withLookalikeChecks } from './email';
import { projectIdField } from './perks';
import { rentalIncome } from './rentals';
import { BOOKING_STATUSES, BOOKING_TYPES, type BookingType } from './value-sets';
import { says } from './validation';

/** The most nights one request may hold. */
export const MAX_BOOKING_NIGHTS = 60;

/** The highest rental price a night an admin can set as the cap, and the cap until one is set. */
export const RENTAL_PRICE_CAP_MAX = 1_000_000;
export const DEFAULT_RENTAL_PRICE_CAP = 10_000;

/** The refusal of a gift to the investor's own email. */
export const GIFT_TO_SELF_MESSAGE = "Nights cannot be gifted to your own email; enter the recipient's email";

/** The refusal of a rental price above the cap (the admin setting). */
export const rentalPriceCapMessage = (cap: number) => says('validation.rental_price_at_most', { max: cap });

/** The admin setting that bounds the investors' rental prices. */
export const rentalSettings = z.object({
  /** The highest rental price a night an investor may ask, in euro. */
  rentalPriceCap: z.number(),
});
export type RentalSettings = z.infer<typeof rentalSettings>;

/** `PUT /api/admin/settings/rentals` */
export const rentalSettingsInput = z.object({
  rentalPriceCap: z
    .number({ error: says('validation.rental_price_cap_must_be_a_number') })
    .positive({ error: says('validation.rental_price_cap_must_be_more_than_eur_0') })
    .max(RENTAL_PRICE_CAP_MAX, {
      error: says('validation.rental_price_cap_at_most', { max: RENTAL_PRICE_CAP_MAX }),
    })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
      error: says('validation.rental_price_cap_can_have_at_most_two_decimals'),
    })
    // The refinement, as the OpenAPI document says it (z.toJSONSchema leaves refinements out).
    .meta({ multipleOf: 0.01 }),
});
export type RentalSettingsInput = z.input<typeof rentalSettingsInput>;

/** A booking request of cabin nights as the API answers it. */
export const booking = z.object({
  _id: uuidString,
  projectId: uuidString,
  userId: uuidString,
  type: z.enum(BOOKING_TYPES),
  status: z.enum(BOOKING_STATUSES),
  /** The requested nights, 'YYYY-MM-DD', ascending. */
  nights: z.array(z.string()),
  nightCount: z.number().int(),
  /** The names of the cabins its nights are in, A–Z (none once declined or cancelled). */
  cabins: z.array(z.string()),
  notes: z.string(),
  giftRecipient: z.string().nullable(),
  rentalPrice: z.number().nullable(),
  /** Rental price × nights (rentals only). */
  totalValue: z.number().nullable(),
  /** Nights drawn from the bonus pool when the request was made. */
  bonusNightsUsed: z.number().int(),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** What an approved rental actually earned, once an admin recorded it (always sent; null until then). */
  rentalIncome: rentalIncome.nullable().optional(),
});
export type Booking = z.infer<typeof booking>;

/** An admin's view adds who asked. */
export const adminBooking = booking.extend({
  user: z.object({ _id: uuidString, name: z.string(), email: z.string() }),
});
export type AdminBooking = z.infer<typeof adminBooking>;

const night = z.iso.date({ error: says('validation.each_date_must_be_a_calendar_date_yyyy_mm_dd') });

/** `POST /api/bookings`: the booking dialog (docs/product.md §10: dates, recipient, price, notes). */
export const createBookingInput = z
  .object({
    projectId: projectIdField,
    type: z.enum(BOOKING_TYPES, {
      error: says('validation.type_one_of', { values: BOOKING_TYPES.join(', ') }),
    }),
    dates: z
      .array(night, { error: says('validation.choose_at_least_one_date') })
      .min(1, { error: says('validation.choose_at_least_one_date') })
      .max(MAX_BOOKING_NIGHTS, { error: says('validation.too_many_dates', { max: MAX_BOOKING_NIGHTS }) }),
    notes: text(1000).default(''),
    giftRecipient: z
      .preprocess(
        (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
        withLookalikeChecks(
          z
            .string()
            .trim()
            .toLowerCase()
            .max(254, { error: says('validation.the_gift_recipient_email_is_too_long') })
            .regex(EMAIL_PATTERN, { error: says('validation.enter_a_valid_gift_recipient_email') }),
        ).optional(),
      )
      .nullish(),
    rentalPrice: z
      .preprocess(
        (v) => (v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
        money
          .max(RENTAL_PRICE_CAP_MAX, { error: rentalPriceCapMessage(RENTAL_PRICE_CAP_MAX) })
          .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
            error: says('validation.the_rental_price_can_have_at_most_two_decimals'),
          })
          // The refinement, as the OpenAPI document says it (z.toJSONSchema leaves refinements out).
          .meta({ multipleOf: 0.01 })
          .optional(),
      )
      .nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.type === 'gift' && !b.giftRecipient)
      ctx.addIssue({
        code: 'custom',
        path: ['giftRecipient'],
        message: says('validation.a_gift_needs_the_recipient_email'),
      });
    if (b.type === 'rental' && (b.rentalPrice == null || b.rentalPrice <= 0))
      ctx.addIssue({
        code: 'custom',
        path: ['rentalPrice'],
        message: says('validation.a_rental_needs_a_rental_price_per_night_above_0'),
      });
  })
  // The rules above, as the OpenAPI document says them (z.toJSONSchema leaves refinements out).
  .meta({
    if: { properties: { type: { const: 'gift' } }, required: ['type'] },
    then: { properties: { giftRecipient: { type: 'string', minLength: 1 } }, required: ['giftRecipient'] },
    else: {
      if: { properties: { type: { const: 'rental' } }, required: ['type'] },
      then: {
        properties: { rentalPrice: { type: 'number', exclusiveMinimum: 0 } },
        required: ['rentalPrice'],
      },
    },
  });
export type CreateBookingInput = z.input<typeof createBookingInput>;

export const bookingAnswer = z.object({
  success: z.literal(true),
  data: booking,
  message: z.string().optional(),
});
export const bookingsAnswer = z.object({ success: z.literal(true), data: z.array(booking) });
export const adminBookingAnswer = z.object({
  success: z.literal(true),
  data: adminBooking,
  message: z.string().optional(),
});
export const adminBookingsAnswer = z.object({ success: z.literal(true), data: z.array(adminBooking) });

/** `GET /api/bookings?projectId=` (the investor's own). */
export const bookingsQuery = projectIdQuery;

/** `GET /api/bookings/admin?projectId=&status=` */
export const adminBookingsQuery = projectIdQuery.extend({
  status: z
    .enum(BOOKING_STATUSES, {
      error: says('validation.status_one_of', { values: BOOKING_STATUSES.join(', ') }),
    })
    .optional(),
});

/** `PUT /api/bookings/{id}/approve|decline` (admin): an optional note for the investor. */
export const bookingDecisionInput = z
  .object({ note: text(500).optional() })
  .nullish()
  .transform((v) => v ?? {});

/** 'personal' -> 'personal stay' and so on, for texts shown to people. */
export const BOOKING_TYPE_LABELS: Record<BookingType, string> = {
  personal: 'personal stay',
  gift: 'gift',
  rental: 'rental',
};

/** The toast after submitting the dialog: 'Your {type} request has been submitted successfully.' */
export const bookingSubmittedMessage = (type: BookingType) =>
  `Your ${type} request has been submitted successfully.`;
