import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  NOTIFICATION_LIST_LIMIT,
  type NotificationItem,
  type NotificationList,
  type StreamTicket,
} from '@portal/contracts';
import { api } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';

export const notificationsKey = ['notifications'] as const;
export const EMPTY_LIST: NotificationList = { notifications: [], unreadCount: 0 };

async function fetchNotifications(): Promise<NotificationList> {
  try {
    const res = await api<{ data?: Partial<NotificationList> }>('/api/notifications');
    const notifications = res.data?.notifications ?? [];
    return {
      notifications,
      unreadCount: res.data?.unreadCount ?? notifications.filter((n) => !n.read).length,
    };
  } catch (err) {
    // Failure to load notifications is only logged; the list stays as it was (empty at first).
    console.error('Failed to load notifications', err);
    throw err;
  }
}

/** The bell's list; loads once the session is established (docs/product.md §4). */
export function useNotifications() {
  const { status } = useAuth();
  return useQuery({
    queryKey: notificationsKey,
    queryFn: fetchNotifications,
    enabled: status === 'authenticated',
  });
}

export const getStreamTicket = async (): Promise<StreamTicket> =>
  (await api<{ data: StreamTicket }>('/api/notifications/stream/ticket', { method: 'POST' })).data;

/** A notification that arrived live: on top of the list, counted once even if it was already there. */
export function addLiveNotification(qc: QueryClient, n: NotificationItem) {
  const current = qc.getQueryData<NotificationList>(notificationsKey);
  if (!current) {
    void qc.invalidateQueries({ queryKey: notificationsKey });
    return;
  }
  if (current.notifications.some((x) => x._id === n._id)) return;
  qc.setQueryData<NotificationList>(notificationsKey, {
    notifications: [n, ...current.notifications].slice(0, NOTIFICATION_LIST_LIMIT),
    unreadCount: current.unreadCount + (n.read ? 0 : 1),
  });
}

/** Optimistic list edits: applied at once, rolled back when the server refuses. */
function useListMutation<TVars>(opts: {
  request: (vars: TVars) => Promise<unknown>;
  apply: (list: NotificationList, vars: TVars) => NotificationList;
  onSuccess?: () => void;
  failure: string;
}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: opts.request,
    onMutate: async (vars: TVars) => {
      await qc.cancelQueries({ queryKey: notificationsKey });
      const previous = qc.getQueryData<NotificationList>(notificationsKey);
      if (previous) qc.setQueryData(notificationsKey, opts.apply(previous, vars));
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (context?.previous) qc.setQueryData(notificationsKey, context.previous);
      toast({ title: opts.failure, variant: 'destructive' });
    },
    onSuccess: opts.onSuccess,
  });
}

/** Clicking a notification marks it read: the count drops by one, never below zero (docs/product.md §13). */
export function markReadLocally(list: NotificationList, id: string): NotificationList {
  const target = list.notifications.find((n) => n._id === id);
  if (!target || target.read) return list;
  return {
    notifications: list.notifications.map((n) => (n._id === id ? { ...n, read: true } : n)),
    unreadCount: Math.max(0, list.unreadCount - 1),
  };
}

/** Deleting removes it and the count is recomputed. */
export function removeLocally(list: NotificationList, id: string): NotificationList {
  const target = list.notifications.find((n) => n._id === id);
  if (!target) return list;
  return {
    notifications: list.notifications.filter((n) => n._id !== id),
    unreadCount: Math.max(0, list.unreadCount - (target.read ? 0 : 1)),
  };
}

export const useMarkRead = () =>
  useListMutation<string>({
    request: (id) => api(`/api/notifications/${id}/read`, { method: 'PUT' }),
    apply: markReadLocally,
    failure: 'Failed to mark notification as read',
  });

export const useDeleteNotification = () =>
  useListMutation<string>({
    request: (id) => api(`/api/notifications/${id}`, { method: 'DELETE' }),
    apply: removeLocally,
    onSuccess: () => toast({ title: 'Notification deleted' }),
    failure: 'Failed to delete notification',
  });

export const useMarkAllRead = () =>
  useListMutation<void>({
    request: () => api('/api/notifications/read-all', { method: 'PUT' }),
    apply: (list) => ({
      notifications: list.notifications.map((n) => (n.read ? n : { ...n, read: true })),
      unreadCount: 0,
    }),
    failure: 'Failed to mark notifications as read',
  });
