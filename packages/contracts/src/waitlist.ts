import { z } from 'zod';
import { uuidString } from './common';
import { createBookingInput } from './bookings';
import { BOOKING_TYPES } from './value-sets';

/** The most waitlist entries an investor may hold in one project. */
export const MAX_WAITLIST_ENTRIES = 2;

/** `POST /api/waitlist`: the same shape as a booking request (ADR 013: one schema). */
export const joinWaitlistInput = createBookingInput;

/** One waitlist entry of the caller: the stay waited for, and when they joined. */
export const waitlistEntry = z.object({
  _id: uuidString,
  projectId: uuidString,
  type: z.enum(BOOKING_TYPES),
  nights: z.array(z.string()),
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;

export const waitlistEntryAnswer = z.object({
  success: z.literal(true),
  data: waitlistEntry,
  message: z.string().optional(),
});
export const waitlistAnswer = z.object({ success: z.literal(true), data: z.array(waitlistEntry) });
