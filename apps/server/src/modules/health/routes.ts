import { z } from 'zod';
import { envelope } from '@portal/contracts';
import type { Module } from '../../app-types';
import { ServiceUnavailableError } from '../../lib/errors';

const status = envelope(z.object({ status: z.string() }));

export const healthRoutes: Module = (app, { database }) => {
  // Liveness: the process answers; the database is not consulted.
  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { response: { 200: status } } },
    async () => ({
      success: true as const,
      data: { status: 'ok' },
    }),
  );

  // Readiness: the database answers.
  app.get('/api/ready', { config: { access: 'public' }, schema: { response: { 200: status } } }, async () => {
    try {
      await database.ping();
    } catch {
      throw new ServiceUnavailableError('The database is unavailable.');
    }
    return { success: true as const, data: { status: 'ready' } };
  });
};
