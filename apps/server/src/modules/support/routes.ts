import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { changeSetting } from '../audit/setting-change';
import { getSupportContact, setSupportContact } from './service';

const e = endpoints.support;

/**
 * The support contact (WhatsApp number and email address) behind the investors' chat button: every
 * signed-in user reads it, admins set it.
 */
export const supportRoutes: Module = (app, { database: { db } }) => {
  for (const read of [e.contact, e.settings])
    route(app, read, async () => ({ success: true as const, data: await getSupportContact(db) }));

  route(app, e.setSettings, async (request) => {
    const auth = requireAuth(request);
    const value = { whatsapp: request.body.whatsapp ?? null, email: request.body.email ?? null };
    await changeSetting(db, auth.id, 'support', { get: getSupportContact, set: setSupportContact }, value);
    return { success: true as const, data: value, message: 'Updated' };
  });
};
