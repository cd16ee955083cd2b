import { z } from 'zod';
import { envelope, idParams } from '../common';
import { endpoint } from '../endpoint';
import {
  KYC_FILE_TYPES,
  adminKycCheck,
  adminKycQuery,
  kycAnswersInput,
  kycCheck,
  kycDocumentFields,
  kycRejectInput,
  userIdParams,
} from '../kyc';

const kycFile = {
  method: 'GET',
  answer: { kind: 'file', types: KYC_FILE_TYPES },
  reads: ['kyc_documents'],
} as const;

/** The identity check (KYC, ADR 028): the investor's answers and documents, the admin's review. */
export const kycEndpoints = {
  get: endpoint({
    id: 'kyc.get',
    method: 'GET',
    path: '/api/kyc',
    access: 'user',
    summary: "The signed-in investor's identity check and its status",
    answer: envelope(kycCheck),
    reads: ['kyc_checks', 'kyc_documents'],
  }),
  answer: endpoint({
    id: 'kyc.answer',
    method: 'PUT',
    path: '/api/kyc',
    access: 'user',
    summary: 'Gives the answers of the identity check',
    description:
      'Date of birth, tax residence (ISO 3166-1 alpha-2), politically exposed person, source of funds. ' +
      'With both documents uploaded the check is submitted for review; a change after a review submits it again.',
    body: kycAnswersInput,
    answer: envelope(kycCheck),
    writes: ['kyc_checks'],
  }),
  upload: endpoint({
    id: 'kyc.upload',
    method: 'POST',
    path: '/api/kyc/documents',
    access: 'user',
    summary: 'Uploads an identity document or a proof of address (PDF, JPEG or PNG, at most 10 MB)',
    multipart: { fields: kycDocumentFields, file: 'required' },
    status: 201,
    answer: envelope(kycCheck),
    writes: ['kyc_documents', 'kyc_checks'],
  }),
  file: endpoint({
    id: 'kyc.file',
    path: '/api/kyc/documents/:id/file',
    access: 'user',
    summary: "An identity document's file: its owner's, or any for an admin",
    params: idParams,
    ...kycFile,
  }),
  adminList: endpoint({
    id: 'kyc.adminList',
    method: 'GET',
    path: '/api/admin/kyc',
    access: 'admin',
    summary: 'The identity checks, newest submission first, filtered by status',
    query: adminKycQuery,
    answer: envelope(z.array(adminKycCheck)),
    reads: ['kyc_checks', 'kyc_documents', 'users'],
  }),
  adminGet: endpoint({
    id: 'kyc.adminGet',
    method: 'GET',
    path: '/api/admin/kyc/:userId',
    access: 'admin',
    summary: "An investor's identity check",
    params: userIdParams,
    answer: envelope(adminKycCheck),
    reads: ['kyc_checks', 'kyc_documents', 'users'],
  }),
  verify: endpoint({
    id: 'kyc.verify',
    method: 'POST',
    path: '/api/admin/kyc/:userId/verify',
    access: 'admin',
    summary: 'Verifies a submitted identity check (409 for any other)',
    params: userIdParams,
    answer: envelope(adminKycCheck),
    errors: [409],
    writes: ['kyc_checks', 'audit_log', 'notifications', 'mail_messages'],
  }),
  reject: endpoint({
    id: 'kyc.reject',
    method: 'POST',
    path: '/api/admin/kyc/:userId/reject',
    access: 'admin',
    summary: 'Rejects a submitted identity check with a reason the investor sees (409 for any other)',
    params: userIdParams,
    body: kycRejectInput,
    answer: envelope(adminKycCheck),
    errors: [409],
    writes: ['kyc_checks', 'audit_log', 'notifications', 'mail_messages'],
  }),
};
