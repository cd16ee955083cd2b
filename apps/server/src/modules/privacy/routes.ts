import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { changeSetting } from '../audit/setting-change';
import { sendStoredFile } from '../files/send-file';
import {
  carryOutErasure,
  getErasureSettings,
  getOwnErasure,
  listErasureRequests,
  refuseErasure,
  requestErasure,
  setErasureSettings,
  withdrawErasure,
} from './erasure';
import { presentDataExport } from './presenter';
import { listExports, openExport, requestExport } from './service';

const e = endpoints.privacy;

/**
 * Your data (GDPR): the investor asks for an archive of their data, lists their exports and downloads one;
 * asks for their account to be erased, which an admin carries out or refuses (ADR 031).
 */
export const privacyRoutes: Module = (app, { database: { db }, jobs, storage, mailer }) => {
  route(app, e.requestExport, async (request) => {
    const row = await requestExport(db, jobs, requireAuth(request).id);
    return {
      success: true as const,
      data: presentDataExport(row),
      message: 'Your export has started. You will be notified when it is ready.',
    };
  });

  route(app, e.exports, async (request) => ({
    success: true as const,
    data: (await listExports(db, requireAuth(request).id)).map(presentDataExport),
  }));

  route(app, e.downloadExport, async (request, reply) => {
    const file = await openExport(db, requireAuth(request).id, request.params.id);
    return sendStoredFile(request, reply, storage, {
      key: file.key,
      mime: 'application/zip',
      name: `investor-portal-data-${file.createdAt.toISOString().slice(0, 10)}.zip`,
      disposition: 'attachment',
    });
  });

  route(app, e.erasure, async (request) => ({
    success: true as const,
    data: await getOwnErasure(db, requireAuth(request).id),
  }));

  route(app, e.requestErasure, async (request) => ({
    success: true as const,
    data: await requestErasure(db, requireAuth(request), request.body.reason),
    message: 'Your request has been sent. An administrator will answer it within a month.',
  }));

  route(app, e.withdrawErasure, async (request) => ({
    success: true as const,
    data: await withdrawErasure(db, requireAuth(request).id),
    message: 'Your request has been withdrawn.',
  }));

  route(app, e.adminErasureRequests, async () => ({
    success: true as const,
    data: await listErasureRequests(db),
  }));

  route(app, e.carryOutErasure, async (request) => ({
    success: true as const,
    data: await carryOutErasure({ db, storage, mailer }, requireAuth(request).id, request.params.id),
    message: 'The account has been erased.',
  }));

  route(app, e.refuseErasure, async (request) => ({
    success: true as const,
    data: await refuseErasure(
      { db, mailer },
      requireAuth(request).id,
      request.params.id,
      request.body.reason,
    ),
    message: 'The request has been refused.',
  }));

  route(app, e.erasureSettings, async () => ({ success: true as const, data: await getErasureSettings(db) }));

  route(app, e.setErasureSettings, async (request) => {
    const value = { retentionYears: request.body.retentionYears };
    await changeSetting(
      db,
      requireAuth(request).id,
      'erasure',
      { get: getErasureSettings, set: setErasureSettings },
      value,
    );
    return { success: true as const, data: value, message: 'Updated' };
  });
};
