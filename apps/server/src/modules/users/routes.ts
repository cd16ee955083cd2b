import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { presentCurrentUser } from '../portfolio/current-user-presenter';
import { getCurrentUser } from '../portfolio/current-user';
import { updateProfile } from './service';

const e = endpoints.users;

export const userRoutes: Module = (app, { database: { db } }) => {
  route(app, e.me, async (request) => ({
    success: true as const,
    data: presentCurrentUser(await getCurrentUser(db, requireAuth(request).id)),
  }));

  route(app, e.updateMe, async (request) => {
    const { id } = requireAuth(request);
    await updateProfile(db, id, request.body);
    return {
      success: true as const,
      data: presentCurrentUser(await getCurrentUser(db, id)),
      message: 'Profile updated successfully!',
    };
  });
};
