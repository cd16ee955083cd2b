import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminBooking, BookingStatus, InterestPage, InterestStatus } from '@portal/contracts';
import { api } from '@/lib/api';
import { adminKeys } from './keys';

/** Booking requests of a project (`GET /api/bookings/admin?projectId=&status=`). */
export function useProjectBookings(projectId: string | undefined, status: BookingStatus | undefined) {
  return useQuery({
    queryKey: [...adminKeys.all, 'bookings', projectId, status ?? 'all'],
    queryFn: async ({ signal }) =>
      (
        await api<{ data: AdminBooking[] }>('/api/bookings/admin', {
          signal,
          query: { projectId, status },
        })
      ).data,
    enabled: !!projectId,
  });
}

export function useDecideBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: { id: string; decision: 'approve' | 'decline'; note?: string }) =>
      api<{ data: AdminBooking; message?: string }>(`/api/bookings/${id}/${decision}`, {
        method: 'PUT',
        json: note ? { note } : {},
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Interest registrations, newest first, with server-side search and paging. */
export function useInterest(q: { search?: string; status?: InterestStatus; page: number; pageSize: number }) {
  return useQuery({
    queryKey: [...adminKeys.all, 'interest', q],
    queryFn: async ({ signal }) =>
      (
        await api<{ data: InterestPage }>('/api/interest', {
          signal,
          query: { q: q.search, status: q.status, page: q.page, pageSize: q.pageSize },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** Moves a registration along (new -> contacted -> closed). */
export function useSetInterestStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: InterestStatus }) =>
      api(`/api/interest/${id}/status`, { method: 'PUT', json: { status } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
