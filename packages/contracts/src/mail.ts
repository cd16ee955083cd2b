import { z } from 'zod';
import { isoDate, pageQuery, pagination, uuidString } from './common';
import { signInEmail } from './email';
import { EMAIL_CATEGORIES, MAIL_STATUSES, OPTIONAL_EMAIL_CATEGORIES, type EmailCategory } from './value-sets';
import { says } from './validation';

/** How each email category is named in the profile, the unsubscribe page and the outbox. */
export const EMAIL_CATEGORY_LABELS: Record<EmailCategory, string> = {
  security: 'Account and security',
  payouts: 'Payouts and statements',
  projects: 'Project updates and documents',
  bookings: 'Bookings',
  announcements: 'Announcements',
};

/** A password reset link is valid this long. */
export const PASSWORD_RESET_MINUTES = 30;
export const PASSWORD_RESET_SENT_MESSAGE = 'If an account exists for that address, we have sent a link';
export const PASSWORD_RESET_INVALID_MESSAGE = says('validation.reset_link_invalid');
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been changed. Sign in with the new one.';

export const passwordResetInput = z.object({ email: signInEmail() });
export type PasswordResetInput = z.input<typeof passwordResetInput>;

export const passwordResetConfirmInput = z.object({
  token: z
    .string({ error: says('validation.the_reset_token_is_required') })
    .trim()
    .min(1, { error: says('validation.the_reset_token_is_required') })
    .max(200, { error: PASSWORD_RESET_INVALID_MESSAGE }),
  password: z
    .string({ error: says('validation.password_too_short', { min: 6 }) })
    .min(6, { error: says('validation.password_too_short', { min: 6 }) })
    .max(1024),
});
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmInput>;

/** The optional categories an investor receives (true) or turned off (false); security is always on. */
export const emailPreferences = z.object({
  security: z.literal(true),
  payouts: z.boolean(),
  projects: z.boolean(),
  bookings: z.boolean(),
  announcements: z.boolean(),
});
export type EmailPreferences = z.infer<typeof emailPreferences>;

/** A change of preferences: the categories named are set, the others kept. */
export const emailPreferencesInput = z
  .object({
    payouts: z.boolean(),
    projects: z.boolean(),
    bookings: z.boolean(),
    announcements: z.boolean(),
  })
  .partial();
export type EmailPreferencesInput = z.input<typeof emailPreferencesInput>;

/** The unsubscribe link's signed token, in the query (the RFC 8058 one-click POST sends no other). */
export const unsubscribeQuery = z.object({
  token: z
    .string({ error: says('validation.the_unsubscribe_link_is_incomplete') })
    .trim()
    .min(1, { error: says('validation.the_unsubscribe_link_is_incomplete') })
    .max(2000, { error: says('validation.the_unsubscribe_link_is_invalid') }),
});

/** What an unsubscribe link turns off, and for which address (masked). */
export const unsubscribeInfo = z.object({
  category: z.enum(OPTIONAL_EMAIL_CATEGORIES),
  label: z.string(),
  email: z.string(),
  /** Whether the category is already off. */
  unsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfo>;

export const mailStatus = z.enum(MAIL_STATUSES);

/** A message of the admin's outbox. */
export const outboxMessage = z.object({
  _id: uuidString,
  userId: uuidString.nullable(),
  to: z.string(),
  kind: z.string(),
  category: z.enum(EMAIL_CATEGORIES),
  subject: z.string(),
  status: mailStatus,
  error: z.string().nullable(),
  attempts: z.number().int(),
  batchId: uuidString.nullable(),
  sendAfter: isoDate,
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxQuery = pageQuery.extend({
  status: mailStatus.optional(),
  batchId: z.uuid({ error: says('validation.batchid_must_be_a_valid_id') }).optional(),
});

export const mailCounts = z.object({
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type MailCounts = z.infer<typeof mailCounts>;

export const outboxList = z.object({
  messages: z.array(outboxMessage),
  pagination,
  /** Of every message the filter matches (the status filter left out). */
  counts: mailCounts,
});
export type OutboxList = z.infer<typeof outboxList>;

/** One message with what it says: the HTML and plain-text parts as they were (or will be) sent. */
export const outboxMessageDetail = outboxMessage.extend({ html: z.string(), text: z.string() });
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetail>;

/** A background job that failed after its retries, with its last error. */
export const failedJob = z.object({
  _id: uuidString,
  queue: z.string(),
  /** What the job was for, in words (e.g. the email's subject and recipient). */
  description: z.string(),
  error: z.string(),
  retryCount: z.number().int(),
  createdAt: isoDate,
  failedAt: isoDate.nullable(),
});
export type FailedJob = z.infer<typeof failedJob>;

export const queueCounts = z.object({
  queue: z.string(),
  waiting: z.number().int(),
  active: z.number().int(),
  retrying: z.number().int(),
  failed: z.number().int(),
  completed: z.number().int(),
});
export type QueueCounts = z.infer<typeof queueCounts>;

export const jobsOverview = z.object({
  queues: z.array(queueCounts),
  failed: z.array(failedJob),
});
export type JobsOverview = z.infer<typeof jobsOverview>;
