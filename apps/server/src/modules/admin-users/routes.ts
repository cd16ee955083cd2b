import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { route } from '../../plugins/route';
import { pagination } from '../../lib/format';
import { requireAuth } from '../../plugins/auth';
import { presentAdminUser } from './presenter';
import {
  activateUser,
  createUser,
  deactivateUser,
  deleteUser,
  getAdminUser,
  listUsers,
  updateUser,
} from './service';

const e = endpoints.adminUsers;

/** User administration (docs/product.md §15.2), plus activation of signed-up accounts. */
export const adminUserRoutes: Module = (app, { database: { db }, mailer }) => {
  route(app, e.list, async (request) => {
    const { rows, total } = await listUsers(db, request.query);
    return {
      success: true as const,
      data: rows.map(presentAdminUser),
      pagination: pagination(request.query.page, request.query.pageSize, total),
    };
  });

  route(app, e.get, async (request) => ({
    success: true as const,
    data: presentAdminUser(await getAdminUser(db, request.params.id)),
  }));

  route(app, e.create, async (request) => ({
    success: true as const,
    data: presentAdminUser(await createUser(db, requireAuth(request).id, request.body)),
    message: 'User added',
  }));

  route(app, e.update, async (request) => ({
    success: true as const,
    data: presentAdminUser(await updateUser(db, requireAuth(request).id, request.params.id, request.body)),
    message: 'User updated',
  }));

  route(app, e.remove, async (request) => {
    await deleteUser(db, requireAuth(request).id, request.params.id);
    return { success: true as const, message: 'User deleted' };
  });

  route(app, e.activate, async (request) => ({
    success: true as const,
    data: presentAdminUser(await activateUser(db, mailer, requireAuth(request).id, request.params.id)),
    message: 'User activated',
  }));

  route(app, e.deactivate, async (request) => ({
    success: true as const,
    data: presentAdminUser(await deactivateUser(db, requireAuth(request).id, request.params.id)),
    message: 'User deactivated',
  }));
};
