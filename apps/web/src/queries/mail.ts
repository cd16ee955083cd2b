import { keepPreviousData } from '@tanstack/react-query';
import type { Answer, EmailPreferencesInput, MailStatus } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call, queryKey } from '@/lib/endpoint-client';
import { useEndpointMutation, useEndpointQuery, type EndpointMutationOptions } from '@/lib/endpoint-hooks';

const e = endpoints.mail;

/** How often the outbox and the queues are read again while emails wait to go out. */
const OUTBOX_POLL_MS = 2_000;

/** The outbox's filters as the screen keeps them ('' = any). */
export interface OutboxParams {
  status: MailStatus | '';
  /** One broadcast's emails (the notification's batch), or '' for all. */
  batchId: string;
}

/**
 * A page of the outbox (`GET /api/admin/outbox`), newest first, with the counts by status; the previous
 * page stays while the next loads, and it reloads every 2 s while any email is still queued.
 */
export function useOutbox(params: OutboxParams, page: number, pageSize: number) {
  return useEndpointQuery(
    e.outbox,
    {
      query: {
        status: params.status || undefined,
        batchId: params.batchId || undefined,
        page,
        pageSize,
      },
    },
    {
      select: (a) => a.data,
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data && q.state.data.counts.queued > 0 ? OUTBOX_POLL_MS : false),
    },
  );
}

/** One email with its HTML and plain-text parts (`GET /api/admin/outbox/{id}`); nothing while `id` is null. */
export function useOutboxMessage(id: string | null) {
  return useEndpointQuery(e.outboxMessage, { params: { id: id! } }, { select: (a) => a.data, enabled: !!id });
}

/**
 * The background queues' counts and the jobs that failed after their retries (`GET /api/admin/jobs`);
 * reloads every 2 s while jobs wait, run or retry.
 */
export function useJobs() {
  return useEndpointQuery(
    e.jobs,
    {},
    {
      select: (a) => a.data,
      refetchInterval: (q) =>
        q.state.data?.queues.some((c) => c.waiting + c.active + c.retrying > 0) ? OUTBOX_POLL_MS : false,
    },
  );
}

/** Runs a failed job again (`POST /api/admin/jobs/{id}/retry`); the outbox and the queues reload. */
export const useRetryJob = (cb?: EndpointMutationOptions<Answer<typeof e.retryJob>, string>) =>
  useEndpointMutation(e.retryJob, { mutationFn: (id) => call(e.retryJob, { params: { id } }), ...cb });

/** What an unsubscribe link turns off, and for which (masked) address; no sign-in needed. */
export function useUnsubscribeInfo(token: string) {
  return useEndpointQuery(
    e.unsubscribeInfo,
    { query: { token } },
    {
      select: (a) => a.data,
      enabled: !!token,
      // A bad link stays bad: its 400 is shown at once, not after retries.
      retry: false,
    },
  );
}

/** Turns off the kind of email the link names; the answer carries the server's confirmation. */
export const useUnsubscribe = (cb?: EndpointMutationOptions<Answer<typeof e.unsubscribe>, string>) =>
  useEndpointMutation(e.unsubscribe, {
    mutationFn: (token) => call(e.unsubscribe, { query: { token } }),
    ...cb,
  });

/** The key of the signed-in user's email preferences (a save puts its answer there at once). */
export const emailPreferencesKey = queryKey(e.emailPreferences);

/** Which kinds of email the signed-in user receives. */
export function useEmailPreferences() {
  return useEndpointQuery(e.emailPreferences, {}, { select: (a) => a.data });
}

/** Turns kinds of email on or off; the answer is the whole set as saved. */
export const useUpdateEmailPreferences = (
  cb?: EndpointMutationOptions<Answer<typeof e.updateEmailPreferences>, EmailPreferencesInput>,
) =>
  useEndpointMutation(e.updateEmailPreferences, {
    mutationFn: (body) => call(e.updateEmailPreferences, { body }),
    ...cb,
  });
