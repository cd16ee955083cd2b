import { z } from 'zod';
import { id, uuidString } from './common';
import { emailAddress } from './email';
import { says } from './validation';
import { DELEGATION_ROLES, DELEGATION_STATUSES } from './value-sets';

/**
 * Delegated access (issue 36, ADR 032): an investor (the principal) invites someone by email with a
 * role; the delegate signs in with their own account and switches to the principal's portfolio with
 * `POST /api/auth/act-as`.
 */

/** `POST /api/delegations`: whom to invite, as what, and until which day (inclusive; none: until revoked). */
export const delegationInput = z.object({
  email: emailAddress(),
  role: z.enum(DELEGATION_ROLES, {
    error: says('validation.delegation_role_one_of', { values: DELEGATION_ROLES.join(', ') }),
  }),
  expiresOn: z.iso.date({ error: says('validation.calendar_date') }).optional(),
});
export type DelegationInput = z.infer<typeof delegationInput>;

/** The other person of a delegation: the delegate (given) or the principal (received). */
const delegationPerson = z.object({
  /** Null while nobody has an account with the invited email. */
  _id: uuidString.nullable(),
  /** The account's name; the invited email while there is no account. */
  name: z.string(),
  email: z.string(),
});

export const delegation = z.object({
  _id: uuidString,
  role: z.enum(DELEGATION_ROLES),
  /** The last day it is good for (YYYY-MM-DD), or null: until revoked. */
  expiresOn: z.string().nullable(),
  status: z.enum(DELEGATION_STATUSES),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
  /** The delegate (in `given`) or the principal (in `received`). */
  person: delegationPerson,
});
export type Delegation = z.infer<typeof delegation>;

/** `GET /api/delegations`: what the caller gave (they are the principal) and received (the delegate). */
export const delegationLists = z.object({
  given: z.array(delegation),
  received: z.array(delegation),
});
export type DelegationLists = z.infer<typeof delegationLists>;

/** `POST /api/auth/act-as`: the portfolio to switch to. */
export const actAsInput = z.object({ principalId: id });

export const actAsAnswer = z.object({
  /** An access token for the principal's portfolio in the role (15 minutes, like any access token). */
  accessToken: z.string(),
  principal: z.object({ _id: uuidString, name: z.string() }),
  role: z.enum(DELEGATION_ROLES),
});
export type ActAsAnswer = z.infer<typeof actAsAnswer>;
