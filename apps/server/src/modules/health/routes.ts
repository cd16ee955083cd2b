import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { ServiceUnavailableError } from '../../lib/errors';
import { route } from '../../plugins/route';

const e = endpoints.health;

export const healthRoutes: Module = (app, { database }) => {
  // Liveness: the process answers; the database is not consulted.
  route(app, e.live, async () => ({ success: true as const, data: { status: 'ok' } }));

  // Readiness: the database answers.
  route(app, e.ready, async () => {
    try {
      await database.ping();
    } catch {
      throw new ServiceUnavailableError('The database is unavailable.');
    }
    return { success: true as const, data: { status: 'ready' } };
  });
};
