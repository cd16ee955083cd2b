import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import {
  cancelSubscription,
  createSubscription,
  decideSubscription,
  getOwnSubscription,
  listOfferingSubscriptions,
  listOwnSubscriptions,
  subscriptionsCsv,
} from './service';

const e = endpoints.subscriptions;

/** Subscriptions (issue 34): the investor's commitments, and the admin's acceptance or rejection. */
export const subscriptionRoutes: Module = (app, { database: { db }, config, mailer }) => {
  const months = config.kycValidMonths;
  route(app, e.create, async (request) => ({
    success: true as const,
    data: await createSubscription(
      db,
      requireAuth(request).id,
      request.params.id,
      request.body.amount,
      months,
    ),
    message: 'Subscribed',
  }));
  route(app, e.list, async (request) => ({
    success: true as const,
    data: await listOwnSubscriptions(db, requireAuth(request).id, months),
  }));
  route(app, e.get, async (request) => ({
    success: true as const,
    data: await getOwnSubscription(db, requireAuth(request).id, request.params.id, months),
  }));
  route(app, e.cancel, async (request) => ({
    success: true as const,
    data: await cancelSubscription(db, requireAuth(request).id, request.params.id, months),
    message: 'Subscription cancelled',
  }));
  route(app, e.adminList, async (request) => ({
    success: true as const,
    data: await listOfferingSubscriptions(db, request.params.id, months),
  }));
  route(app, e.export, async (request, reply) => {
    const { csv } = await subscriptionsCsv(db, request.params.id, months);
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="subscriptions-${request.params.id.slice(0, 8)}.csv"`,
      )
      .send(csv);
  });
  route(app, e.accept, async (request) => ({
    success: true as const,
    data: await decideSubscription(
      db,
      mailer,
      requireAuth(request).id,
      request.params.id,
      { accept: true },
      months,
    ),
    message: 'Subscription accepted',
  }));
  route(app, e.reject, async (request) => ({
    success: true as const,
    data: await decideSubscription(
      db,
      mailer,
      requireAuth(request).id,
      request.params.id,
      { accept: false, reason: request.body.reason },
      months,
    ),
    message: 'Subscription rejected',
  }));
};
