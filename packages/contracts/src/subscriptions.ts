/**
 * The way in (issue 34, ADR 028): a subscription's status and steps, and an identity check's status, as
 * the server works them out and the web app shows them.
 */

/** What an offering is: open for subscriptions, or closed (one open offering per project). */
export const OFFERING_STATUSES = ['open', 'closed'] as const;

/** The two documents of an identity check. */
export const KYC_DOCUMENT_KINDS = ['identity', 'address'] as const;
export type KycDocumentKind = (typeof KYC_DOCUMENT_KINDS)[number];

/** What a distribution's payout became at the bank (read from its statement files). */
export const PAYOUT_BANK_STATUSES = ['booked', 'returned'] as const;

/** What an imported bank transaction did (ADR 028's matching rules; `assigned` by an admin's hand). */
export const BANK_TRANSACTION_OUTCOMES = [
  'call_payment',
  'payout_booked',
  'payout_returned',
  'unmatched',
  'not_booked',
  'assigned',
] as const;

/** What the database keeps of a subscription's progress. */
export const STORED_SUBSCRIPTION_STATUSES = [
  'pending',
  'signed',
  'accepted',
  'called',
  'funded',
  'cancelled',
] as const;
export type StoredSubscriptionStatus = (typeof STORED_SUBSCRIPTION_STATUSES)[number];

/**
 * A subscription's status as the API answers it: a pending one is `awaiting_identity` until the
 * investor's identity is verified, then `ready_to_sign`.
 */
export const SUBSCRIPTION_STATUSES = [
  'awaiting_identity',
  'ready_to_sign',
  ...STORED_SUBSCRIPTION_STATUSES.filter(
    (s): s is Exclude<StoredSubscriptionStatus, 'pending'> => s !== 'pending',
  ),
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const KYC_STATUSES = ['not_started', 'submitted', 'verified', 'rejected', 'expired'] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** The steps from a commitment to an investment, in order. */
export const SUBSCRIPTION_STEPS = [
  'subscribed',
  'identity',
  'signed',
  'accepted',
  'called',
  'funded',
] as const;
export type SubscriptionStep = (typeof SUBSCRIPTION_STEPS)[number];

/** The API's status of a stored subscription, given whether its investor's identity is verified now. */
export function subscriptionStatus(
  stored: StoredSubscriptionStatus,
  identityVerified: boolean,
): SubscriptionStatus {
  if (stored !== 'pending') return stored;
  return identityVerified ? 'ready_to_sign' : 'awaiting_identity';
}

/** An investor may cancel until the company has accepted (countersigned) the subscription. */
export const canCancelSubscription = (status: SubscriptionStatus): boolean =>
  status === 'awaiting_identity' || status === 'ready_to_sign' || status === 'signed';

/** When each step was reached (ISO timestamps), as far as it was. */
export interface StepTimes {
  subscribedAt: string;
  identityVerifiedAt: string | null;
  signedAt: string | null;
  acceptedAt: string | null;
  calledAt: string | null;
  fundedAt: string | null;
}

/** The steps with whether each is done and when: `[{step, done, at}]`. */
export function subscriptionSteps(
  times: StepTimes,
): { step: SubscriptionStep; done: boolean; at: string | null }[] {
  const at: Record<SubscriptionStep, string | null> = {
    subscribed: times.subscribedAt,
    identity: times.identityVerifiedAt,
    signed: times.signedAt,
    accepted: times.acceptedAt,
    called: times.calledAt,
    funded: times.fundedAt,
  };
  return SUBSCRIPTION_STEPS.map((step) => ({ step, done: at[step] !== null, at: at[step] }));
}

/** What the server keeps of an identity check. */
export interface IdentityCheck {
  submittedAt: string | null;
  verifiedAt: string | null;
  rejectedAt: string | null;
}

/** The day `months` calendar months after `iso` (the last day of a shorter month: 31 Jan + 1 = 28/29 Feb). */
export function addMonths(iso: string, months: number): Date {
  const d = new Date(iso);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  target.setUTCHours(d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds());
  return target;
}

/**
 * An identity check's status at `now`: a verification lasts `validMonths` (24 by default) and then
 * expires; the latest of a verification and a rejection counts; answers and both documents given without
 * a review yet are `submitted`.
 */
export function kycStatus(check: IdentityCheck | null, now: Date, validMonths: number): KycStatus {
  if (!check) return 'not_started';
  const { verifiedAt, rejectedAt, submittedAt } = check;
  const reviewed = [verifiedAt, rejectedAt]
    .filter((x): x is string => x !== null)
    .sort()
    .at(-1);
  if (submittedAt && (!reviewed || submittedAt > reviewed)) return 'submitted';
  if (reviewed && reviewed === verifiedAt) {
    return addMonths(verifiedAt, validMonths) <= now ? 'expired' : 'verified';
  }
  if (reviewed) return 'rejected';
  return 'not_started';
}
