import { endpoints, KYC_FILE_MAX_BYTES, KYC_FILE_TYPES, kycDocumentFields } from '@portal/contracts';
import type { Module } from '../../app-types';
import { BadRequestError, coded } from '../../lib/errors';
import { requireAuth } from '../../plugins/auth';
import { route } from '../../plugins/route';
import { downloadName, sendStoredFile } from '../files/send-file';
import { extensionFor, parseForm, readUpload, withUpload } from '../files/uploads';
import { manualReviewProvider } from './provider';
import {
  addDocument,
  findDocument,
  getAdminCheck,
  getCheck,
  listChecks,
  reviewCheck,
  saveAnswers,
  type KycDeps,
} from './service';

const e = endpoints.kyc;

/** The identity check (ADR 028): the investor's answers and documents, and the admin's manual review. */
export const kycRoutes: Module = (app, { database: { db }, storage, config, mailer }) => {
  const deps: KycDeps = {
    db,
    mailer,
    provider: manualReviewProvider(config.kycValidMonths),
    validMonths: config.kycValidMonths,
  };

  route(app, e.get, async (request) => ({
    success: true as const,
    data: await getCheck(deps, requireAuth(request).id),
  }));

  route(app, e.answer, async (request) => ({
    success: true as const,
    data: await saveAnswers(deps, requireAuth(request).id, request.body),
    message: 'Answers saved',
  }));

  route(app, e.upload, async (request) => {
    const userId = requireAuth(request).id;
    const { fields, file } = await readUpload(request, storage, {
      maxBytes: Math.min(KYC_FILE_MAX_BYTES, config.uploadMaxBytes),
      purpose: 'document',
    });
    const data = await withUpload(storage, file, async () => {
      const { kind } = parseForm(kycDocumentFields, fields);
      if (!file) throw new BadRequestError(coded('subscriptions.kyc_file_required'));
      if (!(KYC_FILE_TYPES as readonly string[]).includes(file.mime))
        throw new BadRequestError(coded('subscriptions.kyc_file_type'));
      return addDocument(deps, userId, kind, file);
    });
    return { success: true as const, data, message: 'Document uploaded' };
  });

  route(app, e.file, async (request, reply) => {
    const doc = await findDocument(db, requireAuth(request), request.params.id);
    return sendStoredFile(request, reply, storage, {
      key: doc.fileKey,
      mime: doc.fileMime,
      name: downloadName(doc.fileName, extensionFor(doc.fileMime)),
      disposition: 'attachment',
    });
  });

  route(app, e.adminList, async (request) => ({
    success: true as const,
    data: await listChecks(deps, request.query.status),
  }));

  route(app, e.adminGet, async (request) => ({
    success: true as const,
    data: await getAdminCheck(deps, request.params.userId),
  }));

  route(app, e.verify, async (request) => ({
    success: true as const,
    data: await reviewCheck(deps, requireAuth(request).id, request.params.userId, { verify: true }),
    message: 'Identity verified',
  }));

  route(app, e.reject, async (request) => ({
    success: true as const,
    data: await reviewCheck(deps, requireAuth(request).id, request.params.userId, {
      verify: false,
      reason: request.body.reason,
    }),
    message: 'Identity check rejected',
  }));
};
