import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { requireAuth } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { sendStoredFile } from '../files/send-file';
import { presentDataExport } from './presenter';
import { listExports, openExport, requestExport } from './service';

const e = endpoints.privacy;

/** Your data (GDPR): the investor asks for an archive of their data, lists their exports and downloads one. */
export const privacyRoutes: Module = (app, { database: { db }, jobs, storage }) => {
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
};
