import { describe, expect, it } from 'vitest';
import {
  addMonths,
  canCancelSubscription,
  kycStatus,
  subscriptionStatus,
  subscriptionSteps,
} from './subscriptions';

describe("a subscription's status", () => {
  it('is pending read against the identity check, and otherwise as stored', () => {
    expect(subscriptionStatus('pending', false)).toBe('awaiting_identity');
    expect(subscriptionStatus('pending', true)).toBe('ready_to_sign');
    expect(subscriptionStatus('signed', false)).toBe('signed');
    expect(subscriptionStatus('funded', true)).toBe('funded');
  });

  it('may be cancelled by the investor only until it is accepted', () => {
    expect(canCancelSubscription('awaiting_identity')).toBe(true);
    expect(canCancelSubscription('ready_to_sign')).toBe(true);
    expect(canCancelSubscription('signed')).toBe(true);
    for (const s of ['accepted', 'called', 'funded', 'cancelled'] as const)
      expect(canCancelSubscription(s)).toBe(false);
  });

  it('lists its steps in order, done as far as they were reached', () => {
    expect(
      subscriptionSteps({
        subscribedAt: '2026-11-01T10:00:00.000Z',
        identityVerifiedAt: '2026-11-02T10:00:00.000Z',
        signedAt: '2026-11-03T10:00:00.000Z',
        acceptedAt: null,
        calledAt: null,
        fundedAt: null,
      }),
    ).toEqual([
      { step: 'subscribed', done: true, at: '2026-11-01T10:00:00.000Z' },
      { step: 'identity', done: true, at: '2026-11-02T10:00:00.000Z' },
      { step: 'signed', done: true, at: '2026-11-03T10:00:00.000Z' },
      { step: 'accepted', done: false, at: null },
      { step: 'called', done: false, at: null },
      { step: 'funded', done: false, at: null },
    ]);
  });
});

describe("an identity check's status", () => {
  const now = new Date('2026-11-28T12:00:00.000Z');
  it('is not started without answers, submitted until reviewed', () => {
    expect(kycStatus(null, now, 24)).toBe('not_started');
    expect(kycStatus({ submittedAt: null, verifiedAt: null, rejectedAt: null }, now, 24)).toBe('not_started');
    expect(
      kycStatus({ submittedAt: '2026-11-20T00:00:00.000Z', verifiedAt: null, rejectedAt: null }, now, 24),
    ).toBe('submitted');
  });

  it('is verified for 24 months to the day, then expired', () => {
    const verified = (verifiedAt: string) =>
      kycStatus({ submittedAt: '2024-11-01T00:00:00.000Z', verifiedAt, rejectedAt: null }, now, 24);
    expect(verified('2024-11-28T12:00:00.001Z')).toBe('verified');
    expect(verified('2024-11-28T12:00:00.000Z')).toBe('expired');
    expect(
      kycStatus({ submittedAt: null, verifiedAt: '2026-01-01T00:00:00.000Z', rejectedAt: null }, now, 6),
    ).toBe('expired');
  });

  it('counts the latest review, and a new submission after a rejection as submitted', () => {
    const check = {
      submittedAt: '2026-10-01T00:00:00.000Z',
      verifiedAt: null,
      rejectedAt: '2026-10-02T00:00:00.000Z',
    };
    expect(kycStatus(check, now, 24)).toBe('rejected');
    expect(kycStatus({ ...check, submittedAt: '2026-10-03T00:00:00.000Z' }, now, 24)).toBe('submitted');
    expect(kycStatus({ ...check, verifiedAt: '2026-10-04T00:00:00.000Z' }, now, 24)).toBe('verified');
  });

  it('adds calendar months, ending on the last day of a shorter month', () => {
    expect(addMonths('2026-01-31T09:30:00.000Z', 1).toISOString()).toBe('2026-02-28T09:30:00.000Z');
    expect(addMonths('2024-02-29T00:00:00.000Z', 24).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths('2026-11-15T00:00:00.000Z', 24).toISOString()).toBe('2028-11-15T00:00:00.000Z');
  });
});
