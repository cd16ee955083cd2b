import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { NotFoundError } from '../../lib/errors';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { presentInterest } from './presenter';
import { listInterest, registerInterest, setInterestStatus } from './service';

const e = endpoints.interest;

/** Register Your Interest submissions; admins list them. */
export const interestRoutes: Module = (app, { database: { db } }) => {
  route(
    app,
    e.register,
    async (request) => ({
      success: true as const,
      data: presentInterest(await registerInterest(db, requireAuth(request).id, request.body)),
      message: 'Thank you for your interest! Our team will contact you soon.',
    }),
    {
      // A person registers interest a few times at most; this keeps a script from filling the inbox.
      // Counted per sign-in (the bearer token), so colleagues behind one address do not share a limit.
      rateLimit: {
        max: 30,
        timeWindow: 60_000,
        keyGenerator: (request) => request.headers.authorization ?? request.ip,
      },
    },
  );

  route(app, e.list, async (request) => {
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
  });

  route(app, e.setStatus, async (request) => {
    const row = await setInterestStatus(db, request.params.id, request.body.status, requireAuth(request).id);
    if (!row) throw new NotFoundError('Interest registration');
    return { success: true as const, data: presentInterest(row), message: 'Updated' };
  });
};
