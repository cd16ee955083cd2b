import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { requireProjectId } from '../access/project-access';
import { presentUpdate } from './presenter';
import { changeUpdate, createUpdate, deleteUpdate, listUpdates, markRead } from './service';

const e = endpoints.updates;

/** Project updates (docs/product.md §9) and per-user read state; admins write them. */
export const updateRoutes: Module = (app, { database: { db } }) => {
  route(app, e.list, async (request) => {
    const rows = await listUpdates(db, requireAuth(request), requireProjectId(request.query.projectId));
    return { success: true as const, updates: rows.map(presentUpdate) };
  });

  route(app, e.markRead, async (request) => {
    await markRead(db, requireAuth(request), request.params.id);
    return { success: true as const, message: 'Update marked as read' };
  });

  route(app, e.create, async (request) => ({
    success: true as const,
    data: presentUpdate(await createUpdate(db, requireAuth(request), request.body)),
    message: 'Created',
  }));

  route(app, e.update, async (request) => ({
    success: true as const,
    data: presentUpdate(await changeUpdate(db, requireAuth(request), request.params.id, request.body)),
    message: 'Updated',
  }));

  route(app, e.remove, async (request) => {
    await deleteUpdate(db, requireAuth(request), request.params.id);
    return { success: true as const, message: 'Deleted' };
  });
};
