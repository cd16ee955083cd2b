import { z } from 'zod';
import { money, uuidString } from './common';
import { OFFERING_STATUSES, SUBSCRIPTION_STATUSES, SUBSCRIPTION_STEPS } from './subscriptions';

/** An offering as an admin opens or changes it (amounts in euro; `closesOn` a day). */
export const offeringInput = z.object({
  projectId: z.uuid(),
  minimum: money,
  maximum: money,
  target: money,
  closesOn: z.iso.date(),
  /** The project's rule for cabin nights: nights for each €10,000 funded (0: none), valid this many months. */
  nightsPer10000: z.number().int().min(0).max(365).default(0),
  allowanceMonths: z.number().int().min(1).max(120).default(12),
});
export type OfferingInput = z.input<typeof offeringInput>;
export type OfferingValues = z.output<typeof offeringInput>;

/** A change of an offering: the project stays. */
export const offeringUpdateInput = offeringInput.omit({ projectId: true });
export type OfferingUpdateInput = z.input<typeof offeringUpdateInput>;
export type OfferingUpdateValues = z.output<typeof offeringUpdateInput>;

/** One stage of an offering's funnel: how many investors, how many euros. */
const funnelStage = z.object({ count: z.number(), amount: z.number() });
export const FUNNEL_STAGES = [
  'interest',
  'subscribed',
  'identityVerified',
  'signed',
  'accepted',
  'called',
  'funded',
] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

export const offering = z.object({
  _id: uuidString,
  projectId: z.string(),
  projectName: z.string(),
  minimum: z.number(),
  maximum: z.number(),
  target: z.number(),
  closesOn: z.string(),
  nightsPer10000: z.number(),
  allowanceMonths: z.number(),
  status: z.enum(OFFERING_STATUSES),
  /** The sum of the offering's subscriptions that are not cancelled. */
  subscribed: z.number(),
  createdAt: z.string(),
});
export type Offering = z.infer<typeof offering>;

/** An offering as the admin sees it: with its funnel and the data room's downloads. */
export const adminOffering = offering.extend({
  funnel: z.object(
    Object.fromEntries(FUNNEL_STAGES.map((s) => [s, funnelStage])) as Record<FunnelStage, typeof funnelStage>,
  ),
  documents: z.array(z.object({ _id: uuidString, name: z.string(), downloads: z.number() })),
});
export type AdminOffering = z.infer<typeof adminOffering>;

/** A document of an offering's data room. */
export const dataRoomDocument = z.object({
  _id: uuidString,
  name: z.string(),
  description: z.string(),
  type: z.string(),
  uploadDate: z.string(),
});
export type DataRoomDocument = z.infer<typeof dataRoomDocument>;
export const dataRoomParams = z.object({ id: z.uuid(), documentId: z.uuid() });

export const subscriptionInput = z.object({ amount: money });
export type SubscriptionInput = z.infer<typeof subscriptionInput>;

export const subscriptionCall = z.object({
  _id: uuidString,
  amount: z.number(),
  dueOn: z.string(),
  reference: z.string(),
  paid: z.number(),
  status: z.enum(['open', 'paid', 'overdue']),
});

export const subscription = z.object({
  _id: uuidString,
  offeringId: z.string(),
  projectId: z.string(),
  projectName: z.string(),
  amount: z.number(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  steps: z.array(
    z.object({ step: z.enum(SUBSCRIPTION_STEPS), done: z.boolean(), at: z.string().nullable() }),
  ),
  calls: z.array(subscriptionCall),
  document: z.object({ _id: uuidString, sha256: z.string() }).nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Subscription = z.infer<typeof subscription>;

/** A subscription as the admin lists it under its offering. */
export const adminSubscription = z.object({
  _id: uuidString,
  userId: z.string(),
  investorName: z.string(),
  investorId: z.string().nullable(),
  email: z.string(),
  amount: z.number(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  createdAt: z.string(),
});
export type AdminSubscription = z.infer<typeof adminSubscription>;

export const subscriptionRejectInput = z.object({ reason: z.string().trim().min(1).max(1000) });
