import { z } from 'zod';
import { envelope, idParams } from '../common';
import { endpoint, type Table } from '../endpoint';
import {
  adminErasureRequest,
  dataExport,
  DATA_EXPORT_VALID_DAYS,
  DATA_EXPORTS_PER_DAY,
  erasureRefuseInput,
  erasureRequest,
  erasureRequestInput,
  erasureSettings,
} from '../privacy';

/**
 * What carrying out an erasure writes: the account and every table of personal data it removes or
 * anonymises (apps/server/src/personal-data.ts lists them), the request and its audit row, the email.
 */
const ERASURE_WRITES: readonly Table[] = [
  'erasure_requests',
  'users',
  'refresh_tokens',
  'sign_ins',
  'passkeys',
  'webauthn_challenges',
  'recovery_codes',
  'password_resets',
  'stream_tickets',
  'update_reads',
  'cabin_allowances',
  'bookings',
  'booking_nights',
  'waitlist_entries',
  'stay_reports',
  'allocation_preferences',
  'activity_requests',
  'swap_offers',
  'calendar_feeds',
  'documents',
  'data_room_downloads',
  'notifications',
  'interest_registrations',
  'audit_log',
  'mail_messages',
  'statement_files',
  'kyc_checks',
  'kyc_documents',
  'signatures',
  'bank_transactions',
  'data_exports',
];

/** Your data under the GDPR (articles 15 and 20): an archive of everything the portal holds about the caller. */
export const privacyEndpoints = {
  requestExport: endpoint({
    id: 'privacy.requestExport',
    method: 'POST',
    path: '/api/users/me/export',
    access: 'user',
    summary: "Starts making an archive of the caller's data; they are notified and emailed when it is ready",
    description:
      'The archive (a zip) holds `data.json` (the profile, investments, payouts, statements’ figures, ' +
      'stays, notifications, identity check, sign-ins and the rest, each as the API answers it), a CSV per ' +
      'table, and the caller’s own documents and statements as files. One export is made at a time (409 ' +
      `while one is pending), at most ${DATA_EXPORTS_PER_DAY} in 24 hours (429).`,
    status: 201,
    answer: envelope(dataExport),
    errors: [409, 429],
    writes: ['data_exports'],
  }),
  exports: endpoint({
    id: 'privacy.exports',
    method: 'GET',
    path: '/api/users/me/exports',
    access: 'user',
    summary: "The caller's exports, newest first",
    answer: envelope(z.array(dataExport)),
    reads: ['data_exports'],
  }),
  downloadExport: endpoint({
    id: 'privacy.downloadExport',
    method: 'GET',
    path: '/api/users/me/exports/:id/download',
    access: 'user',
    summary: "Downloads one of the caller's export archives (a zip)",
    description:
      `For ${DATA_EXPORT_VALID_DAYS} days after it is ready, and only to its owner: another user's export ` +
      'is a 404, one still being made or that failed a 409, an expired one a 410.',
    params: idParams,
    answer: { kind: 'file', types: ['application/zip'] },
    errors: [404, 409, 410],
    reads: ['data_exports'],
  }),
  erasure: endpoint({
    id: 'privacy.erasure',
    method: 'GET',
    path: '/api/users/me/erasure',
    access: 'user',
    summary: "The caller's request to erase their account: pending or refused (null for none, or withdrawn)",
    answer: envelope(erasureRequest.nullable()),
    reads: ['erasure_requests'],
  }),
  requestErasure: endpoint({
    id: 'privacy.requestErasure',
    method: 'POST',
    path: '/api/users/me/erasure',
    access: 'user',
    summary:
      'Asks for the caller’s account to be erased (GDPR article 17); an admin carries it out or refuses',
    description:
      'One request is pending at a time (409 while one is). An administrator’s account cannot be erased ' +
      'this way (409). Carrying it out removes or anonymises the personal data and keeps the financial ' +
      'records that bookkeeping law requires under a pseudonym for their retention period.',
    status: 201,
    body: erasureRequestInput,
    answer: envelope(erasureRequest),
    errors: [409],
    writes: ['erasure_requests', 'audit_log'],
  }),
  withdrawErasure: endpoint({
    id: 'privacy.withdrawErasure',
    method: 'DELETE',
    path: '/api/users/me/erasure',
    access: 'user',
    summary: "Withdraws the caller's pending erasure request (404 when there is none)",
    answer: envelope(erasureRequest),
    errors: [404],
    writes: ['erasure_requests', 'audit_log'],
  }),
  adminErasureRequests: endpoint({
    id: 'privacy.adminErasureRequests',
    method: 'GET',
    path: '/api/admin/erasure-requests',
    access: 'admin',
    summary: 'Every erasure request, pending first, with what may be a legal reason to keep the account',
    answer: envelope(z.array(adminErasureRequest)),
    reads: [
      'erasure_requests',
      'users',
      'investments',
      'projects',
      'monthly_returns',
      'distribution_allocations',
      'distributions',
      'capital_call_lines',
      'bookings',
    ],
  }),
  carryOutErasure: endpoint({
    id: 'privacy.carryOutErasure',
    method: 'POST',
    path: '/api/admin/erasure-requests/:id/carry-out',
    access: 'admin',
    summary: 'Erases the account of a pending request, in one transaction; the investor is emailed',
    description:
      'Removes or anonymises every personal field, ends every sign-in at once and keeps the financial ' +
      'records under a pseudonym. A request already decided or withdrawn is a 409, and so is an ' +
      'administrator’s account.',
    params: idParams,
    answer: envelope(adminErasureRequest),
    errors: [404, 409],
    writes: ERASURE_WRITES,
  }),
  refuseErasure: endpoint({
    id: 'privacy.refuseErasure',
    method: 'POST',
    path: '/api/admin/erasure-requests/:id/refuse',
    access: 'admin',
    summary: 'Refuses a pending erasure request with a legal reason the investor is told',
    params: idParams,
    body: erasureRefuseInput,
    answer: envelope(adminErasureRequest),
    errors: [404, 409],
    writes: ['erasure_requests', 'audit_log', 'notifications', 'mail_messages'],
  }),
  erasureSettings: endpoint({
    id: 'privacy.erasureSettings',
    method: 'GET',
    path: '/api/admin/settings/erasure',
    access: 'admin',
    summary: 'How many years the financial records of an erased account are kept',
    answer: envelope(erasureSettings),
    reads: ['settings'],
  }),
  setErasureSettings: endpoint({
    id: 'privacy.setErasureSettings',
    method: 'PUT',
    path: '/api/admin/settings/erasure',
    access: 'admin',
    summary: 'Sets how many years the financial records of an erased account are kept (1 to 30)',
    body: erasureSettings,
    answer: envelope(erasureSettings),
    writes: ['settings', 'audit_log'],
  }),
};
