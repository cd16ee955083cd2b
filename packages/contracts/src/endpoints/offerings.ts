import { z } from 'zod';
import { envelope, idParams } from '../common';
import { endpoint } from '../endpoint';
import { DOCUMENT_FILE_TYPES } from './documents';
import {
  adminOffering,
  dataRoomDocument,
  dataRoomParams,
  offering,
  offeringInput,
  offeringUpdateInput,
} from '../offerings';

const reads = ['offerings', 'projects', 'subscriptions'] as const;

/** Offerings (issue 34): a project open for subscription, and its data room. */
export const offeringEndpoints = {
  create: endpoint({
    id: 'offerings.create',
    method: 'POST',
    path: '/api/admin/offerings',
    access: 'admin',
    summary: 'Opens a project for subscription (one open offering per project)',
    description: 'minimum > 0, minimum ≤ maximum ≤ target (400 naming the bound); closesOn not in the past.',
    body: offeringInput,
    status: 201,
    answer: envelope(offering),
    errors: [409],
    writes: ['offerings', 'audit_log'],
  }),
  update: endpoint({
    id: 'offerings.update',
    method: 'PUT',
    path: '/api/admin/offerings/:id',
    access: 'admin',
    summary: "Changes an open offering's bounds and closing day",
    params: idParams,
    body: offeringUpdateInput,
    answer: envelope(offering),
    errors: [404, 409],
    writes: ['offerings', 'audit_log'],
  }),
  close: endpoint({
    id: 'offerings.close',
    method: 'POST',
    path: '/api/admin/offerings/:id/close',
    access: 'admin',
    summary: 'Closes an open offering',
    params: idParams,
    answer: envelope(offering),
    errors: [404, 409],
    writes: ['offerings', 'audit_log'],
  }),
  adminList: endpoint({
    id: 'offerings.adminList',
    method: 'GET',
    path: '/api/admin/offerings',
    access: 'admin',
    summary: "Every offering with its funnel (counts and euros) and its data room's downloads",
    answer: envelope(z.array(adminOffering)),
    reads: [
      ...reads,
      'interest_registrations',
      'kyc_checks',
      'capital_calls',
      'capital_call_lines',
      'documents',
      'data_room_downloads',
    ],
  }),
  list: endpoint({
    id: 'offerings.list',
    method: 'GET',
    path: '/api/offerings',
    access: 'user',
    summary: 'The open offerings, with the amount subscribed so far',
    answer: envelope(z.array(offering)),
    reads: [...reads],
  }),
  documents: endpoint({
    id: 'offerings.documents',
    method: 'GET',
    path: '/api/offerings/:id/documents',
    access: 'user',
    summary: "An open offering's data room: the project's documents of the category Offering",
    params: idParams,
    answer: envelope(z.array(dataRoomDocument)),
    errors: [404],
    reads: ['offerings', 'documents'],
  }),
  documentFile: endpoint({
    id: 'offerings.documentFile',
    method: 'GET',
    path: '/api/offerings/:id/documents/:documentId/file',
    access: 'user',
    summary: "Downloads a document of an open offering's data room (each download is recorded)",
    params: dataRoomParams,
    answer: { kind: 'file', types: DOCUMENT_FILE_TYPES, ranges: true },
    errors: [404],
    reads: ['offerings', 'documents'],
    writes: ['data_room_downloads'],
  }),
};
