import { z } from 'zod';
import { envelope, idParams } from '../common';
import { endpoint } from '../endpoint';
import { dataExport, DATA_EXPORT_VALID_DAYS, DATA_EXPORTS_PER_DAY } from '../privacy';

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
};
