import { z } from 'zod';
import { pageQuery, requiredText, uuidString } from './common';
import { STAY_REPORT_STATUSES } from './value-sets';
import { says } from './validation';

/** The longest problem report, in characters (after trimming). */
export const STAY_REPORT_TEXT_MAX = 2000;
/** The types a report's photo may have, and its largest size. */
export const STAY_REPORT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const STAY_REPORT_PHOTO_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The form fields of `POST /api/stays/{id}/reports`: what is wrong, in the investor's words. The photo,
 * when there is one, is the file part named `photo`.
 */
export const stayReportFields = z.object({
  text: requiredText('Text', STAY_REPORT_TEXT_MAX),
});
export type StayReportFields = z.input<typeof stayReportFields>;

/** A report's photo, as stored: the name it was uploaded with, its type and size. */
const stayReportPhoto = z.object({ name: z.string(), type: z.string(), size: z.number() });

/** A problem report as its investor sees it. */
export const stayReport = z.object({
  _id: uuidString,
  /** The stay (booking) it is about. */
  bookingId: uuidString,
  projectId: uuidString,
  text: z.string(),
  status: z.enum(STAY_REPORT_STATUSES),
  photo: stayReportPhoto.nullable(),
  /** Where the photo is downloaded (`GET /api/stay-reports/{id}/photo`), for its investor and admins. */
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StayReport = z.infer<typeof stayReport>;

/** A report in the admins' inbox: whose it is, and the stay it is about. */
export const adminStayReport = stayReport.extend({
  /** Null once the account is deleted. */
  user: z.object({ _id: uuidString, name: z.string(), email: z.string() }).nullable(),
  project: z.object({ _id: uuidString, name: z.string() }),
  /** The stay's nights ('YYYY-MM-DD', ascending) and the cabins they are in (A–Z). */
  nights: z.array(z.string()),
  cabins: z.array(z.string()),
});
export type AdminStayReport = z.infer<typeof adminStayReport>;

const statusValue = z.enum(STAY_REPORT_STATUSES, {
  error: says('validation.status_one_of', { values: STAY_REPORT_STATUSES.join(', ') }),
});

/** `GET /api/admin/stay-reports`: a page, newest first, of one status or of all. */
export const adminStayReportsQuery = pageQuery.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), statusValue.optional()),
});
export type AdminStayReportsQuery = z.output<typeof adminStayReportsQuery>;

export const adminStayReportPage = z.object({
  items: z.array(adminStayReport),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminStayReportPage = z.infer<typeof adminStayReportPage>;

/** `PATCH /api/admin/stay-reports/{id}`: an admin moves a report along (new, in progress, done). */
export const stayReportStatusInput = z.object({ status: statusValue });
export type StayReportStatusInput = z.input<typeof stayReportStatusInput>;
