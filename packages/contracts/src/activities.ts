import { z } from 'zod';
import { projectIdQuery, text, uuidString } from './common';
import { ACTIVITY_REQUEST_STATUSES } from './value-sets';
import { says } from './validation';

/** The most people one activity request may bring (the table's check says the same). */
export const MAX_ACTIVITY_PARTY = 50;

/**
 * A request to join a partner activity (a perk that is not a cabin) on one day, as the API answers it.
 * It is approved or declined like a stay but never uses cabin nights.
 */
export const activityRequest = z.object({
  _id: uuidString,
  perkId: uuidString,
  perkName: z.string(),
  projectId: uuidString,
  userId: uuidString,
  /** 'YYYY-MM-DD'. */
  date: z.string(),
  partySize: z.number().int(),
  note: z.string(),
  status: z.enum(ACTIVITY_REQUEST_STATUSES),
  decisionNote: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ActivityRequest = z.infer<typeof activityRequest>;

/** An admin's view adds who asked. */
export const adminActivityRequest = activityRequest.extend({
  user: z.object({ _id: uuidString, name: z.string(), email: z.string() }),
});
export type AdminActivityRequest = z.infer<typeof adminActivityRequest>;

/** `POST /api/perks/activity-requests`: the activity dialog (a perk, a day, how many people, a note). */
export const createActivityRequestInput = z.object({
  perkId: z.uuid({
    error: (iss) => (iss.input === undefined ? 'perkId is required' : 'perkId must be a valid id'),
  }),
  date: z.iso.date({ error: says('validation.the_date_must_be_a_calendar_date_yyyy_mm_dd') }),
  partySize: z
    .number({ error: says('validation.the_party_size_must_be_a_whole_number_from_1_to') })
    .int({ error: says('validation.the_party_size_must_be_a_whole_number_from_1_to') })
    .min(1, { error: says('validation.the_party_size_must_be_a_whole_number_from_1_to') })
    .max(MAX_ACTIVITY_PARTY, { error: says('validation.the_party_size_must_be_a_whole_number_from_1_to') }),
  note: text(1000).default(''),
});
export type CreateActivityRequestInput = z.input<typeof createActivityRequestInput>;

export const activityRequestAnswer = z.object({
  success: z.literal(true),
  data: activityRequest,
  message: z.string().optional(),
});
export const activityRequestsAnswer = z.object({ success: z.literal(true), data: z.array(activityRequest) });
export const adminActivityRequestAnswer = z.object({
  success: z.literal(true),
  data: adminActivityRequest,
  message: z.string().optional(),
});
export const adminActivityRequestsAnswer = z.object({
  success: z.literal(true),
  data: z.array(adminActivityRequest),
});

/** `GET /api/perks/activity-requests/admin?projectId=&status=` */
export const adminActivityRequestsQuery = projectIdQuery.extend({
  status: z
    .enum(ACTIVITY_REQUEST_STATUSES, {
      error: says('validation.status_one_of', { values: ACTIVITY_REQUEST_STATUSES.join(', ') }),
    })
    .optional(),
});

/** The answer's message and the dialog's toast once a request is stored. */
export const ACTIVITY_REQUEST_SUBMITTED = 'Your activity request has been submitted successfully.';
