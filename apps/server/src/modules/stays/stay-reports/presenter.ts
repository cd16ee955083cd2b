import { endpoints, endpointUrl, type AdminStayReport, type StayReport } from '@portal/contracts';
import type { AdminStayReportRow, StayReportRow } from './service';

export const presentStayReport = (row: StayReportRow): StayReport => ({
  _id: row.id,
  bookingId: row.bookingId,
  projectId: row.projectId,
  text: row.text,
  status: row.status,
  photo:
    row.photoKey && row.photoMime
      ? { name: row.photoName ?? 'photo', type: row.photoMime, size: row.photoSize ?? 0 }
      : null,
  photoUrl: row.photoKey ? endpointUrl(endpoints.stayReports.photo, { params: { id: row.id } }) : null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const presentAdminStayReport = (row: AdminStayReportRow): AdminStayReport => ({
  ...presentStayReport(row),
  user: row.user && { _id: row.user.id, name: row.user.name, email: row.user.email },
  project: { _id: row.projectId, name: row.projectName },
  nights: row.nights,
  cabins: row.cabins,
});
