import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminNotificationList,
  RecipientList,
  SendNotificationInput,
  SendNotificationResult,
} from '@portal/contracts';
import { api } from '@/lib/api';

/** Under the admin prefix, so other admin writes (a user deleted, say) refresh these lists too. */
export const notificationKeys = {
  all: ['admin', 'notifications'] as const,
  sent: (page: number, pageSize: number) => ['admin', 'notifications', 'sent', page, pageSize] as const,
  recipients: (q: string) => ['admin', 'notifications', 'recipients', q] as const,
};

/** `GET /api/notifications/admin/all`: every user's notifications, newest first, one page. */
export function useSentNotifications(page: number, pageSize: number) {
  return useQuery({
    queryKey: notificationKeys.sent(page, pageSize),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: AdminNotificationList }>('/api/notifications/admin/all', {
          signal,
          query: { page, pageSize },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** Active users matching a name or email, and how many active users "everyone" is. */
export function useRecipients(q: string) {
  return useQuery({
    queryKey: notificationKeys.recipients(q),
    queryFn: async ({ signal }) =>
      (
        await api<{ data: RecipientList }>('/api/notifications/admin/recipients', {
          signal,
          query: { q: q || undefined, limit: 8 },
        })
      ).data,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useSendNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: SendNotificationInput) =>
      api<{ data: SendNotificationResult; message?: string }>('/api/notifications/send', {
        method: 'POST',
        json: input,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useDeleteSentNotification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/api/notifications/admin/${id}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
