/** Value sets (docs/product.md §17). */
export const PROJECT_STATUSES = ['active', 'completed', 'pending', 'cancelled'] as const;
export const PERK_STATUSES = ['active', 'inactive', 'seasonal'] as const;
export const PERK_TYPES = [
  'cabin',
  'dining',
  'activity',
  'wellness',
  'transport',
  'exclusive',
  'other',
  'gift',
  'featured',
  'discount',
  'horse',
  'atv',
  'safari',
  'winter',
  'income',
  'event',
] as const;
export const PERK_CATEGORIES = ['premium', 'standard', 'bonus', 'seasonal', 'exclusive'] as const;
export const UPDATE_CATEGORIES = ['milestone', 'financial', 'general'] as const;
export const USER_MEDIA_TYPES = ['photo', 'video'] as const;
export const PROJECT_MEDIA_TYPES = ['photo', 'video', 'behind-scenes'] as const;
export const PROJECT_MEDIA_STATUSES = ['active', 'inactive', 'draft'] as const;
export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'error'] as const;
export const BOOKING_TYPES = ['personal', 'gift', 'rental'] as const;
export const BOOKING_STATUSES = ['pending', 'approved', 'declined', 'cancelled'] as const;
/** A 'Register Your Interest' submission in the admin inbox: new until an admin marks it. */
export const INTEREST_STATUSES = ['new', 'contacted', 'closed'] as const;
/** What a distribution pays: income (a return) or a return of capital. */
export const DISTRIBUTION_KINDS = ['income', 'capital'] as const;
/**
 * A distribution run is a draft until an admin makes it final (then it is paid and cannot change); a final
 * run may be reversed as a whole, by one negative adjustment per allocation, and stays as it was.
 */
export const DISTRIBUTION_STATUSES = ['draft', 'final', 'reversed'] as const;
/** What an adjustment corrects: income (like a return) or capital returned. */
export const ADJUSTMENT_KINDS = ['income', 'capital'] as const;
/** An activity request (a partner activity, never cabin nights) goes through the same states as a stay. */
export const ACTIVITY_REQUEST_STATUSES = ['pending', 'approved', 'declined', 'cancelled'] as const;
/**
 * An offer to exchange two approved stays: pending until the other investor accepts or declines it or
 * the one who made it withdraws it; void when either stay changed after the offer was made.
 */
export const SWAP_STATUSES = ['pending', 'accepted', 'declined', 'withdrawn', 'void'] as const;
/** A problem report from a stay, in the admins' inbox: new until an admin takes it up, then done. */
export const STAY_REPORT_STATUSES = ['new', 'in_progress', 'done'] as const;
/** A row of `documents`: a document of the vault, or a per-user media item. */
export const DOCUMENT_KINDS = ['document', 'media'] as const;

export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export type PerkStatus = (typeof PERK_STATUSES)[number];
export type PerkType = (typeof PERK_TYPES)[number];
export type PerkCategory = (typeof PERK_CATEGORIES)[number];
export type UpdateCategory = (typeof UPDATE_CATEGORIES)[number];
export type UserMediaType = (typeof USER_MEDIA_TYPES)[number];
export type ProjectMediaType = (typeof PROJECT_MEDIA_TYPES)[number];
export type ProjectMediaStatus = (typeof PROJECT_MEDIA_STATUSES)[number];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type BookingType = (typeof BOOKING_TYPES)[number];
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export type InterestStatus = (typeof INTEREST_STATUSES)[number];
export type DistributionKind = (typeof DISTRIBUTION_KINDS)[number];
export type DistributionStatus = (typeof DISTRIBUTION_STATUSES)[number];
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];
export type ActivityRequestStatus = (typeof ACTIVITY_REQUEST_STATUSES)[number];
export type SwapStatus = (typeof SWAP_STATUSES)[number];
export type StayReportStatus = (typeof STAY_REPORT_STATUSES)[number];

/**
 * What an email is about. Account and security messages are always sent; the others an investor may
 * turn off in the profile or with the unsubscribe link of each such message.
 */
export const EMAIL_CATEGORIES = ['security', 'payouts', 'projects', 'bookings', 'announcements'] as const;
export const OPTIONAL_EMAIL_CATEGORIES = ['payouts', 'projects', 'bookings', 'announcements'] as const;
/** An email of the outbox: waiting to be sent, sent, given up after its retries, or not sent (skipped). */
export const MAIL_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
/** An archive of an investor's data: being made, ready to download (for a week), or given up. */
export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];
/**
 * A request to erase an account (GDPR article 17): waiting for an admin, withdrawn by the investor,
 * refused with a legal reason, or carried out (ADR 031).
 */
export const ERASURE_STATUSES = ['pending', 'withdrawn', 'refused', 'carried_out'] as const;
export type ErasureStatus = (typeof ERASURE_STATUSES)[number];
export type EmailCategory = (typeof EMAIL_CATEGORIES)[number];
export type OptionalEmailCategory = (typeof OPTIONAL_EMAIL_CATEGORIES)[number];
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * What a delegate may do on the portfolio they were given (issue 36, ADR 032): see everything and change
 * nothing, see the documents, statements and tax summaries only, or act as the investor except for their
 * bank account, security settings, delegations and privacy requests.
 */
export const DELEGATION_ROLES = ['viewer', 'accountant', 'co-owner'] as const;
export type DelegationRole = (typeof DELEGATION_ROLES)[number];
/** A delegation as its two people see it: in force, past its last day, ended by either of them, or waiting for an account with the invited email. */
export const DELEGATION_STATUSES = ['active', 'expired', 'revoked', 'invited'] as const;
export type DelegationStatus = (typeof DELEGATION_STATUSES)[number];
