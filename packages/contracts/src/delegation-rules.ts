import type { EndpointDef } from './endpoint';
import { allEndpoints, endpoints } from './endpoints';
import type { DelegationRole } from './value-sets';

/**
 * What each delegate role may call with an act-as token (issue 36, ADR 032), declared for every
 * endpoint an investor may call ('user' access). The server's auth plugin refuses a call the caller's
 * role does not allow with a 403 naming the role; admin endpoints are never reachable with an act-as
 * token, and public ones need no token. contracts' delegation-rules.test.ts holds this map equal to the
 * registry's user endpoints, so a new endpoint cannot be added without deciding it.
 */
export type DelegationRule = Readonly<Record<DelegationRole, boolean>>;

/** Why a role is refused a call, for its message: it would change something, or it is not the role's to see. */
export type DelegationRefusal = 'change' | 'see';

const rule = (viewer: boolean, accountant: boolean, coOwner: boolean): DelegationRule => ({
  viewer,
  accountant,
  'co-owner': coOwner,
});

/** A read of the investor's own data: the viewer and the co-owner. */
const READ = rule(true, false, true);
/** A change to the investor's portfolio: the co-owner alone. */
const WRITE = rule(false, false, true);
/** Documents, statements and tax summaries, and who the principal is: every role. */
const PAPERS = rule(true, true, true);
/** The investor's own: bank account, security settings, delegations, privacy, secret addresses. Nobody. */
const OWNER = rule(false, false, false);

/** Every endpoint of a group, with one rule (a group wholly the investor's own). */
/** Every user endpoint of a group (its admin endpoints need no rule: no act-as token reaches them). */
const wholly = (group: Record<string, EndpointDef>, r: DelegationRule) =>
  Object.fromEntries(
    Object.values(group)
      .filter((e) => e.access === 'user')
      .map((e) => [e.id, r]),
  );

export const DELEGATION_RULES: Readonly<Record<string, DelegationRule>> = {
  // Who the principal is: the app needs it to show "Viewing {name}'s portfolio as {role}" (every role).
  'users.me': PAPERS,
  'support.contact': PAPERS,
  // Switching again (a renewal, or to another portfolio given to the same delegate).
  'auth.actAs': PAPERS,

  // Documents, statements and tax summaries: the accountant's part.
  'documents.list': PAPERS,
  'documents.download': PAPERS,
  'documents.preview': PAPERS,
  'documents.mediaDownload': PAPERS,
  'documents.mediaPreview': PAPERS,
  'statements.list': PAPERS,
  'statements.get': PAPERS,
  'statements.pdf': PAPERS,

  // The portfolio: projects, updates, payouts, performance.
  'projects.list': READ,
  'projects.get': READ,
  'opportunities.current': READ,
  'updates.list': READ,
  'updates.markRead': WRITE,
  'investments.payouts': READ,
  'investments.performance': READ,
  'media.list': READ,
  'notifications.list': READ,
  'notifications.readAll': WRITE,
  'notifications.read': WRITE,
  'notifications.remove': WRITE,
  // The live stream's ticket would outlive the delegation's check (the stream is the ticket's).
  'notifications.streamTicket': OWNER,

  // Stays and perks.
  'perks.cabinNights': READ,
  'perks.cabinNightsWithoutProject': READ,
  'perks.list': READ,
  'perks.usage': READ,
  'perks.listWithoutProject': READ,
  'perks.usageWithoutProject': READ,
  'bookings.list': READ,
  'bookings.create': WRITE,
  'bookings.cancel': WRITE,
  // A calendar address is a secret that works without signing in: it would outlive a revocation.
  'calendar.feed': OWNER,
  'calendar.regenerate': OWNER,
  'activities.list': READ,
  'activities.create': WRITE,
  'activities.cancel': WRITE,
  'cabins.list': READ,
  'cabins.availability': READ,
  'cabins.guide': READ,
  'cabins.seasons': READ,
  'swaps.list': READ,
  'swaps.stays': READ,
  'swaps.create': WRITE,
  'swaps.accept': WRITE,
  'swaps.decline': WRITE,
  'swaps.withdraw': WRITE,
  'stayRules.get': READ,
  'waitlist.list': READ,
  'waitlist.join': WRITE,
  'waitlist.leave': WRITE,
  'allocations.list': READ,
  'allocations.preferences': WRITE,
  'allocations.result': READ,
  'allocations.fairness': READ,
  'stayReports.create': WRITE,
  'stayReports.list': READ,
  'stayReports.photo': READ,

  // Money in: offerings, subscriptions, identity check, signatures.
  'interest.register': WRITE,
  'offerings.list': READ,
  'offerings.documents': READ,
  'offerings.documentFile': READ,
  'subscriptions.create': WRITE,
  'subscriptions.list': READ,
  'subscriptions.get': READ,
  'subscriptions.cancel': WRITE,
  'kyc.get': READ,
  'kyc.answer': WRITE,
  'kyc.upload': WRITE,
  'kyc.file': READ,
  'signatures.agreement': READ,
  'signatures.sign': WRITE,
  'signatures.verify': READ,

  // The profile: its fields may change the email one signs in with, so they stay the investor's.
  'users.updateMe': OWNER,
  'users.emailPreferences': READ,
  'users.updateEmailPreferences': WRITE,
  'users.setBankAccount': OWNER,

  // Security settings: passwords, two-factor sign-in, sessions, passkeys.
  'auth.changePassword': OWNER,
  'auth.totpStatus': OWNER,
  'auth.totpSetup': OWNER,
  'auth.totpEnable': OWNER,
  'auth.totpRecoveryCodes': OWNER,
  'auth.totpDisable': OWNER,
  'auth.sessions': OWNER,
  'auth.endSession': OWNER,
  'auth.endOtherSessions': OWNER,
  'auth.passkeys': OWNER,
  'auth.passkeyRegisterOptions': OWNER,
  'auth.passkeyRegister': OWNER,
  'auth.renamePasskey': OWNER,
  'auth.removePasskey': OWNER,

  // Delegations and the investor's data under the GDPR (export, erasure): wholly the investor's.
  ...wholly(endpoints.delegations, OWNER),
  ...wholly(endpoints.privacy, OWNER),
};

/** The rule of an endpoint for a role: allowed, or why not. An endpoint without a rule is refused. */
export function delegationAllows(
  e: Pick<EndpointDef, 'id' | 'method' | 'access'>,
  role: DelegationRole,
): { allowed: true } | { allowed: false; refusal: DelegationRefusal } {
  const r = e.access === 'user' ? DELEGATION_RULES[e.id] : undefined;
  if (r?.[role]) return { allowed: true };
  return { allowed: false, refusal: e.method === 'GET' ? 'see' : 'change' };
}

/** The user endpoints, for the rules' test (every one has a rule). */
export const userEndpointIds = () => allEndpoints.filter((e) => e.access === 'user').map((e) => e.id);
