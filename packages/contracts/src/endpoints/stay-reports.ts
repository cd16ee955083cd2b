import { z } from 'zod';
import { envelope, idParams } from '../common';
import { endpoint } from '../endpoint';
import {
  STAY_REPORT_PHOTO_TYPES,
  adminStayReport,
  adminStayReportPage,
  adminStayReportsQuery,
  stayReport,
  stayReportFields,
  stayReportStatusInput,
} from '../stay-reports';

/** What the admins' inbox is made from: the reports, their stays and cabins, who sent them. */
const inboxReads = ['stay_reports', 'bookings', 'booking_nights', 'cabins', 'users', 'projects'] as const;

/**
 * Problem reports from a stay (issue 35): the investor reports what is wrong during their approved stay,
 * with an optional photo; the admins take each up in their inbox and the investor sees its status.
 */
export const stayReportEndpoints = {
  create: endpoint({
    id: 'stayReports.create',
    method: 'POST',
    path: '/api/stays/:id/reports',
    access: 'user',
    summary:
      "Reports a problem with the caller's approved stay: `text`, and a `photo` (JPEG, PNG or WebP, at most 10 MB)",
    description:
      "`id` is the stay's booking id. Another investor's stay is a 404; a stay that is not approved a 409. " +
      'The admins are notified. The same fields may come as JSON, without a photo.',
    params: idParams,
    multipart: { fields: stayReportFields, file: 'optional', fileField: 'photo', json: true },
    status: 201,
    answer: envelope(stayReport),
    errors: [404, 409],
    writes: ['stay_reports', 'notifications'],
  }),
  list: endpoint({
    id: 'stayReports.list',
    method: 'GET',
    path: '/api/stays/:id/reports',
    access: 'user',
    summary: "The caller's problem reports on one of their stays, newest first, each with its status",
    description: "Another investor's stay is a 404.",
    params: idParams,
    answer: envelope(z.array(stayReport)),
    errors: [404],
    reads: ['stay_reports', 'bookings'],
  }),
  photo: endpoint({
    id: 'stayReports.photo',
    method: 'GET',
    path: '/api/stay-reports/:id/photo',
    access: 'user',
    summary: "A problem report's photo: its investor's, or any for an admin (another's is a 404)",
    params: idParams,
    answer: { kind: 'file', types: STAY_REPORT_PHOTO_TYPES },
    errors: [404],
    reads: ['stay_reports'],
  }),
  adminList: endpoint({
    id: 'stayReports.adminList',
    method: 'GET',
    path: '/api/admin/stay-reports',
    access: 'admin',
    summary:
      'The problem reports from stays, newest first, optionally of one status: investor, project, cabins, stay dates, text, photo',
    query: adminStayReportsQuery,
    answer: envelope(adminStayReportPage),
    reads: [...inboxReads],
  }),
  setStatus: endpoint({
    id: 'stayReports.setStatus',
    method: 'PATCH',
    path: '/api/admin/stay-reports/:id',
    access: 'admin',
    summary: 'Moves a problem report along: new, in_progress, done (the investor is notified of a change)',
    params: idParams,
    body: stayReportStatusInput,
    answer: envelope(adminStayReport),
    errors: [404],
    writes: ['stay_reports', 'audit_log', 'notifications'],
  }),
};
