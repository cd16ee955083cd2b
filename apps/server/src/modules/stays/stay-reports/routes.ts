import { endpoints, STAY_REPORT_PHOTO_MAX_BYTES, stayReportFields } from '@portal/contracts';
import type { Module } from '../../../app-types';
import { requireAuth } from '../../../plugins/auth';
import { route } from '../../../plugins/route';
import { downloadName, sendStoredFile } from '../../files/send-file';
import { extensionFor, parseForm, readUpload, withUpload } from '../../files/uploads';
import { presentAdminStayReport, presentStayReport } from './presenter';
import {
  createStayReport,
  findStayReportPhoto,
  listOwnStayReports,
  listStayReports,
  setStayReportStatus,
} from './service';

const e = endpoints.stayReports;

/** Problem reports from a stay: the investor reports and follows them, the admins' inbox moves them along. */
export const stayReportRoutes: Module = (app, { database: { db }, storage, config }) => {
  route(app, e.create, async (request) => {
    const viewer = requireAuth(request);
    const { fields, file } = await readUpload(request, storage, {
      maxBytes: Math.min(STAY_REPORT_PHOTO_MAX_BYTES, config.uploadMaxBytes),
      purpose: 'photo',
      fileField: e.create.multipart.fileField,
    });
    const row = await withUpload(storage, file, () =>
      createStayReport(db, viewer, request.params.id, parseForm(stayReportFields, fields), file),
    );
    return { success: true as const, data: presentStayReport(row), message: 'Problem reported' };
  });

  route(app, e.list, async (request) => {
    const rows = await listOwnStayReports(db, requireAuth(request), request.params.id);
    return { success: true as const, data: rows.map(presentStayReport) };
  });

  route(app, e.photo, async (request, reply) => {
    const photo = await findStayReportPhoto(db, requireAuth(request), request.params.id);
    return sendStoredFile(request, reply, storage, {
      key: photo.key,
      mime: photo.mime,
      name: downloadName(photo.name, extensionFor(photo.mime)),
      disposition: 'inline',
    });
  });

  route(app, e.adminList, async (request) => {
    const { rows, total } = await listStayReports(db, request.query);
    return {
      success: true as const,
      data: {
        items: rows.map(presentAdminStayReport),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      },
    };
  });

  route(app, e.setStatus, async (request) => {
    const row = await setStayReportStatus(
      db,
      requireAuth(request).id,
      request.params.id,
      request.body.status,
    );
    return { success: true as const, data: presentAdminStayReport(row), message: 'Updated' };
  });
};
