import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { presentDelegation } from './presenter';
import { createDelegation, listDelegations, revokeDelegation } from './service';

const e = endpoints.delegations;

/** Delegated access (issue 36, ADR 032): the delegations a user gave and received; giving and ending one. */
export const delegationRoutes: Module = (app, { database: { db }, mailer }) => {
  route(app, e.list, async (request) => {
    const { given, received } = await listDelegations(db, requireAuth(request).id);
    return {
      success: true as const,
      data: { given: given.map(presentDelegation), received: received.map(presentDelegation) },
    };
  });

  route(app, e.create, async (request) => ({
    success: true as const,
    data: presentDelegation(await createDelegation(db, mailer, requireAuth(request).id, request.body)),
    message: 'Invitation sent',
  }));

  route(app, e.revoke, async (request) => {
    const ended = await revokeDelegation(db, requireAuth(request).id, request.params.id);
    return {
      success: true as const,
      message: ended === 'revoked' ? 'Access revoked' : 'Access given up',
    };
  });
};
