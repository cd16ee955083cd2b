import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { downloadName, sendStoredFile } from '../files/send-file';
import { extensionFor } from '../files/uploads';
import {
  closeOffering,
  createOffering,
  dataRoomFile,
  listAdminOfferings,
  listDataRoom,
  listOpenOfferings,
  updateOffering,
} from './service';

const e = endpoints.offerings;

/** Offerings (issue 34): the admin opens a project for subscription; investors see it and its data room. */
export const offeringRoutes: Module = (app, { database: { db }, storage, config }) => {
  route(app, e.create, async (request) => ({
    success: true as const,
    data: await createOffering(db, requireAuth(request).id, request.body),
    message: 'Offering opened',
  }));
  route(app, e.update, async (request) => ({
    success: true as const,
    data: await updateOffering(db, requireAuth(request).id, request.params.id, request.body),
    message: 'Offering updated',
  }));
  route(app, e.close, async (request) => ({
    success: true as const,
    data: await closeOffering(db, requireAuth(request).id, request.params.id),
    message: 'Offering closed',
  }));
  route(app, e.adminList, async () => ({
    success: true as const,
    data: await listAdminOfferings(db, config.kycValidMonths),
  }));
  route(app, e.list, async () => ({ success: true as const, data: await listOpenOfferings(db) }));
  route(app, e.documents, async (request) => ({
    success: true as const,
    data: await listDataRoom(db, request.params.id),
  }));
  route(app, e.documentFile, async (request, reply) => {
    const doc = await dataRoomFile(db, request.params.id, request.params.documentId, requireAuth(request).id);
    return sendStoredFile(request, reply, storage, {
      key: doc.fileKey!,
      mime: doc.fileMime!,
      name: downloadName(doc.name, extensionFor(doc.fileMime!)),
      disposition: 'attachment',
    });
  });
};
