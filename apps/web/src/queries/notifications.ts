import { t } from 'i18next';
import { useEndpointQuery, useEndpointMutation } from '@/lib/endpoint-hooks';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import {
  endpointUrl,
  NOTIFICATION_LIST_LIMIT,
  type Answer,
  type NotificationItem,
  type NotificationList,
  type SendNotificationInput,
  type StreamTicket,
} from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { useAuth } from '@/queries/session';
import { call, endpointQuery, queryKey } from '@/lib/endpoint-client';
import { toast } from '@/lib/toast';

const e = endpoints.notifications;

/** The key of the bell's list (live notifications are put there). */
export const notificationsKey = queryKey(e.list);
export const EMPTY_LIST: NotificationList = { notifications: [], unreadCount: 0 };

/** The list may come without its count (then the unread ones are counted) or without data at all. */
function notificationList(answer: Answer<typeof e.list>): NotificationList {
  const data = (answer as { data?: Partial<NotificationList> }).data;
  const notifications = data?.notifications ?? [];
  return { notifications, unreadCount: data?.unreadCount ?? notifications.filter((n) => !n.read).length };
}

/** The bell's list; loads once the session is established (docs/product.md §4). */
export function useNotifications() {
  const { status } = useAuth();
  const query = endpointQuery(e.list, {}, notificationList);
  return useQuery({
    ...query,
    queryFn: async (ctx: { signal: AbortSignal }) => {
      try {
        return await query.queryFn(ctx);
      } catch (err) {
        // Failure to load notifications is only logged; the list stays as it was (empty at first).
        console.error('Failed to load notifications', err);
        throw err;
      }
    },
    enabled: status === 'authenticated',
  });
}

/** A single-use ticket that opens the live stream (the api client refreshes tokens first if need be). */
export const getStreamTicket = async (): Promise<StreamTicket> => (await call(e.streamTicket)).data;

/** The address of the live stream, opened with a ticket. */
export const streamUrl = (ticket: string) => endpointUrl(e.stream, { query: { ticket } });

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
  /** The failure toast's title, in the page's language at the time. */
  failure: () => string;
}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: opts.request,
    // The failure toast (its title alone) is told by the mutation cache; here the list is put back.
    meta: { failure: () => ({ titleOnly: opts.failure() }) },
    onMutate: async (vars: TVars) => {
      await qc.cancelQueries({ queryKey: notificationsKey });
      const previous = qc.getQueryData<NotificationList>(notificationsKey);
      if (previous) qc.setQueryData(notificationsKey, opts.apply(previous, vars));
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (context?.previous) qc.setQueryData(notificationsKey, context.previous);
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
    request: (id) => call(e.read, { params: { id } }),
    apply: markReadLocally,
    failure: () => t('notifications:failure.markRead'),
  });

export const useDeleteNotification = () =>
  useListMutation<string>({
    request: (id) => call(e.remove, { params: { id } }),
    apply: removeLocally,
    onSuccess: () => toast({ title: t('notifications:bell.deleted') }),
    failure: () => t('notifications:failure.delete'),
  });

export const useMarkAllRead = () =>
  useListMutation<void>({
    request: () => call(e.readAll),
    apply: (list) => ({
      notifications: list.notifications.map((n) => (n.read ? n : { ...n, read: true })),
      unreadCount: 0,
    }),
    failure: () => t('notifications:failure.markAll'),
  });

/** Every user's notifications, newest first, one page (the admin's sent list). */
export function useSentNotifications(page: number, pageSize: number) {
  return useEndpointQuery(
    e.adminList,
    { query: { page, pageSize } },
    { select: (a) => a.data, placeholderData: keepPreviousData },
  );
}

/** Active users matching a name or email, and how many active users "everyone" is. */
export function useRecipients(q: string) {
  return useEndpointQuery(
    e.recipients,
    { query: { q: q || undefined, limit: 8 } },
    { select: (a) => a.data, placeholderData: keepPreviousData, staleTime: 30_000 },
  );
}

export function useSendNotification() {
  return useEndpointMutation(e.send, {
    mutationFn: (input: SendNotificationInput) => call(e.send, { body: input }),
    failure: () => t('notifications:failure.send'),
  });
}

export function useDeleteSentNotification() {
  return useEndpointMutation(e.adminRemove, {
    mutationFn: (id: string) => call(e.adminRemove, { params: { id } }),
    failure: () => t('notifications:failure.delete'),
  });
}
