import { envelope, idParams, okMessage } from '../common';
import { delegation, delegationInput, delegationLists } from '../delegations';
import { endpoint } from '../endpoint';

/** Delegated access (issue 36, ADR 032): the delegations an investor gave and those they received. */
export const delegationEndpoints = {
  list: endpoint({
    id: 'delegations.list',
    method: 'GET',
    path: '/api/delegations',
    access: 'user',
    summary: 'The delegations the caller gave (as the principal) and received (as the delegate)',
    answer: envelope(delegationLists),
    reads: ['delegations', 'users'],
  }),
  create: endpoint({
    id: 'delegations.create',
    method: 'POST',
    path: '/api/delegations',
    access: 'user',
    summary: 'Invites someone by email to the caller’s portfolio in a role, until a day or until revoked',
    description:
      'Only an investor gives delegations. The invitee is emailed a link to sign in or register; the ' +
      'investor is notified. Refused: the caller’s own email, an admin’s, a day in the past (400), an ' +
      'administrator giving one (403), a delegation in force to the same email (409).',
    body: delegationInput,
    status: 201,
    answer: envelope(delegation),
    errors: [403, 409],
    writes: ['delegations', 'notifications', 'mail_messages', 'audit_log'],
  }),
  revoke: endpoint({
    id: 'delegations.revoke',
    method: 'DELETE',
    path: '/api/delegations/:id',
    access: 'user',
    summary: 'Ends a delegation at once: its principal revokes it, or its delegate gives it up',
    description:
      'The delegate’s next call on that portfolio is refused. Anyone else’s delegation is a 404; one ' +
      'already ended answers as it is.',
    params: idParams,
    answer: okMessage,
    writes: ['delegations', 'audit_log'],
  }),
};
