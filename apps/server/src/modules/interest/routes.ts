import {
  envelope,
  idParams,
  interestInput,
  interestListQuery,
  interestPage,
  interestRegistration,
  interestStatusInput,
} from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import { presentInterest } from './presenter';
import { NotFoundError } from '../../lib/errors';
import { listInterest, registerInterest, setInterestStatus } from './service';

/** Register Your Interest submissions; admins list them. */
export const interestRoutes: Module = (app, { database: { db } }) => {
  app.post(
    '/api/interest',
    {
      config: {
        // A person registers interest a few times at most; this keeps a script from filling the inbox.
        // Counted per sign-in (the bearer token), so colleagues behind one address do not share a limit.
        rateLimit: {
          max: 30,
          timeWindow: 60_000,
          keyGenerator: (request) => request.headers.authorization ?? request.ip,
        },
      },
      schema: { body: interestInput, response: { 201: envelope(interestRegistration) } },
    },
    async (request, reply) => {
      const row = await registerInterest(db, requireAuth(request).id, request.body);
      return reply.status(201).send({
        success: true as const,
        data: presentInterest(row),
        message: 'Thank you for your interest! Our team will contact you soon.',
      });
    },
  );

  app.get(
    '/api/interest',
    {
      config: { access: 'admin' },
      schema: { querystring: interestListQuery, response: { 200: envelope(interestPage) } },
    },
    async (request) => {
      const { rows, total } = await listInterest(db, request.query);
      return {
        success: true as const,
        data: {
          items: rows.map(presentInterest),
          total,
          page: request.query.page,
          pageSize: request.query.pageSize,
        },
      };
    },
  );

  app.put(
    '/api/interest/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        params: idParams,
        body: interestStatusInput,
        response: { 200: envelope(interestRegistration) },
      },
    },
    async (request) => {
      const row = await setInterestStatus(
        db,
        request.params.id,
        request.body.status,
        requireAuth(request).id,
      );
      if (!row) throw new NotFoundError('Interest registration');
      return { success: true as const, data: presentInterest(row), message: 'Updated' };
    },
  );
};
