import { z } from 'zod';
import { money, projectIdQuery, text, uuidString } from './common';
import { EMAIL_PATTERN, withLookalikeChecks } from './email';
import { projectIdField } from './perks';
import { rentalIncome } from './rentals';
import { BOOKING_STATUSES, BOOKING_TYPES, type BookingType } from './value-sets';

/** The most nights one request may hold. */
export const MAX_BOOKING_NIGHTS = 60;

/** The highest rental price a night an admin can set as the cap, and the cap until one is set. */
export const RENTAL_PRICE_CAP_MAX = 1_000_000;
export const DEFAULT_RENTAL_PRICE_CAP = 10_000;

/** 1234567 → '1,234,567' (as toLocaleString('en-US') writes it, without setting up Intl at load). */
const grouped = (n: number) => {
  const [whole, cents] = n.toFixed(2).split('.');
  const text = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return cents === '00' ? text : `${text}.${cents}`;
};

/** The refusal of a gift to the investor's own email. */
export const GIFT_TO_SELF_MESSAGE = "Nights cannot be gifted to your own email; enter the recipient's email";

/** The refusal of a rental price above the cap (the admin setting). */
export const rentalPriceCapMessage = (cap: number) =>
  `The rental price can be at most €${grouped(cap)} a night`;

/** The admin setting that bounds the investors' rental prices. */
export const rentalSettings = z.object({
  /** The highest rental price a night an investor may ask, in euro. */
  rentalPriceCap: z.number(),
});
export type RentalSettings = z.infer<typeof rentalSettings>;

/** `PUT /api/admin/settings/rentals` */
export const rentalSettingsInput = z.object({
  rentalPriceCap: z
    .number({ error: 'Rental price cap must be a number' })
    .positive({ error: 'Rental price cap must be more than €0' })
    .max(RENTAL_PRICE_CAP_MAX, {
      error: `Rental price cap must be at most €${grouped(RENTAL_PRICE_CAP_MAX)}`,
    })
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
      error: 'Rental price cap can have at most two decimals',
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

const night = z.iso.date({ error: 'Each date must be a calendar date (YYYY-MM-DD)' });

/** `POST /api/bookings`: the booking dialog (docs/product.md §10: dates, recipient, price, notes). */
export const createBookingInput = z
  .object({
    projectId: projectIdField,
    type: z.enum(BOOKING_TYPES, { error: `type must be one of ${BOOKING_TYPES.join(', ')}` }),
    dates: z
      .array(night, { error: 'Choose at least one date' })
      .min(1, { error: 'Choose at least one date' })
      .max(MAX_BOOKING_NIGHTS, { error: `At most ${MAX_BOOKING_NIGHTS} dates can be requested at once` }),
    notes: text(1000).default(''),
    giftRecipient: z
      .preprocess(
        (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
        withLookalikeChecks(
          z
            .string()
            .trim()
            .toLowerCase()
            .max(254, { error: 'The gift recipient email is too long' })
            .regex(EMAIL_PATTERN, { error: 'Enter a valid gift recipient email' }),
        ).optional(),
      )
      .nullish(),
    rentalPrice: z
      .preprocess(
        (v) => (v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
        money
          .max(RENTAL_PRICE_CAP_MAX, { error: rentalPriceCapMessage(RENTAL_PRICE_CAP_MAX) })
          .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, {
            error: 'The rental price can have at most two decimals',
          })
          // The refinement, as the OpenAPI document says it (z.toJSONSchema leaves refinements out).
          .meta({ multipleOf: 0.01 })
          .optional(),
      )
      .nullish(),
  })
  .superRefine((b, ctx) => {
    if (b.type === 'gift' && !b.giftRecipient)
      ctx.addIssue({ code: 'custom', path: ['giftRecipient'], message: 'A gift needs the recipient email' });
    if (b.type === 'rental' && (b.rentalPrice == null || b.rentalPrice <= 0))
      ctx.addIssue({
        code: 'custom',
        path: ['rentalPrice'],
        message: 'A rental needs a rental price per night above 0',
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
    .enum(BOOKING_STATUSES, { error: `status must be one of ${BOOKING_STATUSES.join(', ')}` })
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
