import { keepPreviousData } from '@tanstack/react-query';
import type { StayReport, StayReportStatus } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type FailureOption } from '@/lib/endpoint-hooks';
import { previewFile } from '@/lib/files';
import { uploadTo } from '@/lib/upload';

const e = endpoints.stayReports;

/** The investor's problem reports on one of their stays, newest first, each with its status. */
export const useStayReports = (bookingId: string) =>
  useEndpointQuery(e.list, { params: { id: bookingId } }, { select: (a) => a.data });

/** Reports a problem with one of the investor's approved stays: the text, and a photo when chosen. */
export const useReportProblem = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.create, {
    failure,
    mutationFn: ({
      bookingId,
      text,
      photo,
      onProgress,
    }: {
      bookingId: string;
      text: string;
      photo: File | null;
      onProgress?: (percent: number) => void;
    }) => {
      // The text first, so that the server reads it before the photo streams in.
      const form = new FormData();
      form.append('text', text);
      if (photo) form.append(e.create.multipart.fileField, photo, photo.name);
      return uploadTo(e.create, { params: { id: bookingId }, form }, { onProgress });
    },
  });

/** Opens a report's photo in a new tab (downloaded where it cannot be shown). */
export const openStayReportPhoto = (report: Pick<StayReport, 'photoUrl' | 'photo'>) =>
  report.photoUrl ? previewFile(report.photoUrl, report.photo?.name ?? 'photo') : Promise.resolve(null);

/** The admins' inbox of problem reports, newest first, a page at a time. */
export const useStayReportInbox = (q: { status?: StayReportStatus; page: number; pageSize: number }) =>
  useEndpointQuery(
    e.adminList,
    { query: { status: q.status, page: q.page, pageSize: q.pageSize } },
    { select: (a) => a.data, placeholderData: keepPreviousData },
  );

/** Moves a report along (new, in progress, done); its investor is notified. */
export const useSetStayReportStatus = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.setStatus, {
    failure,
    mutationFn: ({ id, status }: { id: string; status: StayReportStatus }) =>
      call(e.setStatus, { params: { id }, body: { status } }),
  });
