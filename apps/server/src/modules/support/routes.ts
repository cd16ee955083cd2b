import { envelope, supportContact, supportContactInput } from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import { recordAudit } from '../audit/service';
import { getSupportContact, setSupportContact } from './service';

/**
 * The support contact (WhatsApp number and email address) behind the investors' chat button: every
 * signed-in user reads it, admins set it.
 */
export const supportRoutes: Module = (app, { database: { db } }) => {
  app.get('/api/support-contact', { schema: { response: { 200: envelope(supportContact) } } }, async () => ({
    success: true as const,
    data: await getSupportContact(db),
  }));

  app.get(
    '/api/admin/settings/support',
    { config: { access: 'admin' }, schema: { response: { 200: envelope(supportContact) } } },
    async () => ({ success: true as const, data: await getSupportContact(db) }),
  );

  app.put(
    '/api/admin/settings/support',
    {
      config: { access: 'admin' },
      schema: { body: supportContactInput, response: { 200: envelope(supportContact) } },
    },
    async (request) => {
      const auth = requireAuth(request);
      const value = { whatsapp: request.body.whatsapp ?? null, email: request.body.email ?? null };
      await db.transaction(async (tx) => {
        const before = await getSupportContact(tx);
        await setSupportContact(tx, value, auth.id);
        await recordAudit(tx, {
          actorId: auth.id,
          action: 'update',
          entity: 'settings',
          entityId: 'support',
          details: { before, after: value },
        });
      });
      return { success: true as const, data: value, message: 'Updated' };
    },
  );
};
