import {
  createUpdateInput,
  envelope,
  idParams,
  okMessage,
  update,
  updatesList,
  updatesQuery,
  updateUpdateInput,
} from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import { requireProjectId } from '../access/project-access';
import { changeUpdate, createUpdate, deleteUpdate, listUpdates, markRead } from './service';

/** Project updates (spec section 7) and per-user read state; admins write them. */
export const updateRoutes: Module = (app, { database: { db } }) => {
  app.get(
    '/api/updates',
    {
      config: { cache: { tables: ['projects', 'investments', 'updates', 'update_reads'] } },
      schema: { querystring: updatesQuery, response: { 200: updatesList } },
    },
    async (request) => ({
      success: true as const,
      updates: await listUpdates(db, requireAuth(request), requireProjectId(request.query.projectId)),
    }),
  );

  app.put(
    '/api/updates/:id/read',
    { schema: { params: idParams, response: { 200: okMessage } } },
    async (request) => {
      await markRead(db, requireAuth(request), request.params.id);
      return { success: true as const, message: 'Update marked as read' };
    },
  );

  app.post(
    '/api/updates',
    {
      config: { access: 'admin' },
      schema: { body: createUpdateInput, response: { 201: envelope(update) } },
    },
    async (request, reply) => {
      const data = await createUpdate(db, requireAuth(request), request.body);
      return reply.status(201).send({ success: true as const, data, message: 'Created' });
    },
  );

  app.put(
    '/api/updates/:id',
    {
      config: { access: 'admin' },
      schema: { params: idParams, body: updateUpdateInput, response: { 200: envelope(update) } },
    },
    async (request) => ({
      success: true as const,
      data: await changeUpdate(db, requireAuth(request), request.params.id, request.body),
      message: 'Updated',
    }),
  );

  app.delete(
    '/api/updates/:id',
    { config: { access: 'admin' }, schema: { params: idParams, response: { 200: okMessage } } },
    async (request) => {
      await deleteUpdate(db, requireAuth(request), request.params.id);
      return { success: true as const, message: 'Deleted' };
    },
  );
};
