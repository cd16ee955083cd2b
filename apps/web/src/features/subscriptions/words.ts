import type { FunnelStage, SubscriptionStatus, SubscriptionStep } from '@portal/contracts';

/** The words of each status, step and stage (messages of the `subscriptions` namespace). */
export const OFFERING_STATUS = {
  open: 'offerings.status.open',
  closed: 'offerings.status.closed',
} as const;

export const FUNNEL_WORDS = {
  interest: 'offerings.funnel.interest',
  subscribed: 'offerings.funnel.subscribed',
  identityVerified: 'offerings.funnel.identityVerified',
  signed: 'offerings.funnel.signed',
  accepted: 'offerings.funnel.accepted',
  called: 'offerings.funnel.called',
  funded: 'offerings.funnel.funded',
} as const satisfies Record<FunnelStage, string>;

export const STEP_WORDS = {
  subscribed: 'subscriptions.steps.subscribed',
  identity: 'subscriptions.steps.identity',
  signed: 'subscriptions.steps.signed',
  accepted: 'subscriptions.steps.accepted',
  called: 'subscriptions.steps.called',
  funded: 'subscriptions.steps.funded',
} as const satisfies Record<SubscriptionStep, string>;

export const STATUS_WORDS = {
  awaiting_identity: 'subscriptions.status.awaiting_identity',
  ready_to_sign: 'subscriptions.status.ready_to_sign',
  signed: 'subscriptions.status.signed',
  accepted: 'subscriptions.status.accepted',
  called: 'subscriptions.status.called',
  funded: 'subscriptions.status.funded',
  cancelled: 'subscriptions.status.cancelled',
} as const satisfies Record<SubscriptionStatus, string>;

/** What happens next once the investor has nothing to do. */
export const NEXT_WORDS = {
  signed: 'subscriptions.nextText.signed',
  accepted: 'subscriptions.nextText.accepted',
  called: 'subscriptions.nextText.called',
  funded: 'subscriptions.nextText.funded',
  cancelled: 'subscriptions.nextText.cancelled',
} as const;

export const CALL_WORDS = {
  open: 'subscriptions.callStatuses.open',
  paid: 'subscriptions.callStatuses.paid',
  overdue: 'subscriptions.callStatuses.overdue',
} as const;
