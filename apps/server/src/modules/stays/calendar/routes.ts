import type { FastifyRequest } from 'fastify';
import { endpoints } from '@portal/contracts';
import type { Module } from '../../../app-types';
import { NotFoundError } from '../../../lib/errors';
import { publicUrl } from '../../../lib/public-url';
import { requireAuth, type AuthUser } from '../../../plugins/auth';
import { route } from '../../../plugins/route';
import {
  assertProjectExists,
  createCalendarTokens,
  feedCalendar,
  feedOwner,
  feedUrl,
  feedVersion,
  regenerateFeed,
} from './service';

const e = endpoints.calendar;

/** Calendar feeds: the address of the caller's stays (or an admin's project occupancy), and the feed itself. */
export const calendarRoutes: Module = (app, { database: { db }, config }) => {
  const tokens = createCalendarTokens(config.jwtSecrets);

  /** Only admins have project feeds; an investor asking for one finds nothing. */
  async function checkProjectFeed(viewer: AuthUser, projectId: string | undefined) {
    if (!projectId) return;
    if (!viewer.isAdmin) throw new NotFoundError('Calendar');
    await assertProjectExists(db, projectId);
  }
  // The address is shown on the page that asked, so it starts where that page was reached.
  const address = (
    request: FastifyRequest,
    viewer: AuthUser,
    version: number,
    projectId: string | undefined,
  ) => ({ url: feedUrl(publicUrl(config, request), tokens.make(viewer.id, version), projectId) });

  route(app, e.feed, async (request) => {
    const viewer = requireAuth(request);
    await checkProjectFeed(viewer, request.query.projectId);
    const version = await feedVersion(db, viewer.id);
    return { success: true as const, data: address(request, viewer, version, request.query.projectId) };
  });

  route(app, e.regenerate, async (request) => {
    const viewer = requireAuth(request);
    await checkProjectFeed(viewer, request.query.projectId);
    const version = await regenerateFeed(db, viewer.id);
    return {
      success: true as const,
      data: address(request, viewer, version, request.query.projectId),
      message: 'New calendar link made: the old one no longer works',
    };
  });

  // A calendar app polls the address; anyone holding it may read it, as often as a person would.
  route(
    app,
    e.ics,
    async (request, reply) => {
      const owner = await feedOwner(db, tokens, request.params.token);
      const text = await feedCalendar(db, owner, request.query.projectId);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', 'inline; filename="stays.ics"')
        .send(text);
    },
    { rateLimit: { max: config.loginRateLimit, timeWindow: 60_000 } },
  );
};
