import { currentUser, envelope, profileInput } from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import { getCurrentUser, updateProfile } from './service';

export const userRoutes: Module = (app, { database: { db } }) => {
  app.get(
    '/api/users/me',
    {
      config: { cache: { tables: ['users', 'investments', 'monthly_returns', 'projects', 'settings'] } },
      schema: { response: { 200: envelope(currentUser) } },
    },
    async (request) => ({ success: true as const, data: await getCurrentUser(db, requireAuth(request).id) }),
  );

  app.put(
    '/api/users/me',
    { schema: { body: profileInput, response: { 200: envelope(currentUser) } } },
    async (request) => {
      const { id } = requireAuth(request);
      await updateProfile(db, id, request.body);
      return {
        success: true as const,
        data: await getCurrentUser(db, id),
        message: 'Profile updated successfully!',
      };
    },
  );
};
