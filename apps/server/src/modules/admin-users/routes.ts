import {
  adminUser,
  createUserInput,
  envelope,
  idParams,
  okMessage,
  updateUserInput,
  userList,
  userListQuery,
} from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import {
  activateUser,
  createUser,
  deactivateUser,
  deleteUser,
  getAdminUser,
  listUsers,
  updateUser,
} from './service';

const admin = { access: 'admin' } as const;

/** User administration (docs/product.md §15.2), plus activation of signed-up accounts. */
export const adminUserRoutes: Module = (app, { database: { db } }) => {
  app.get(
    '/api/users',
    { config: admin, schema: { querystring: userListQuery, response: { 200: userList } } },
    async (request) => ({ success: true as const, ...(await listUsers(db, request.query)) }),
  );

  app.get(
    '/api/users/:id',
    { config: admin, schema: { params: idParams, response: { 200: envelope(adminUser) } } },
    async (request) => ({ success: true as const, data: await getAdminUser(db, request.params.id) }),
  );

  app.post(
    '/api/users',
    { config: admin, schema: { body: createUserInput, response: { 201: envelope(adminUser) } } },
    async (request, reply) => {
      const data = await createUser(db, requireAuth(request).id, request.body);
      return reply.status(201).send({ success: true as const, data, message: 'User added' });
    },
  );

  app.put(
    '/api/users/:id',
    {
      config: admin,
      schema: { params: idParams, body: updateUserInput, response: { 200: envelope(adminUser) } },
    },
    async (request) => ({
      success: true as const,
      data: await updateUser(db, requireAuth(request).id, request.params.id, request.body),
      message: 'User updated',
    }),
  );

  app.delete(
    '/api/users/:id',
    { config: admin, schema: { params: idParams, response: { 200: okMessage } } },
    async (request) => {
      await deleteUser(db, requireAuth(request).id, request.params.id);
      return { success: true as const, message: 'User deleted' };
    },
  );

  app.post(
    '/api/users/:id/activate',
    { config: admin, schema: { params: idParams, response: { 200: envelope(adminUser) } } },
    async (request) => ({
      success: true as const,
      data: await activateUser(db, requireAuth(request).id, request.params.id),
      message: 'User activated',
    }),
  );

  app.post(
    '/api/users/:id/deactivate',
    { config: admin, schema: { params: idParams, response: { 200: envelope(adminUser) } } },
    async (request) => ({
      success: true as const,
      data: await deactivateUser(db, requireAuth(request).id, request.params.id),
      message: 'User deactivated',
    }),
  );
};
