import { envelope, idParams, okMessage } from '../common';
import { endpoint } from '../endpoint';
import {
  jobsOverview,
  outboxList,
  outboxMessageDetail,
  outboxQuery,
  unsubscribeInfo,
  unsubscribeQuery,
} from '../mail';

export const mailEndpoints = {
  unsubscribeInfo: endpoint({
    id: 'mail.unsubscribeInfo',
    method: 'GET',
    path: '/api/email/unsubscribe',
    access: 'public',
    summary: "What an email's unsubscribe link turns off (no sign-in: the signed token is enough)",
    query: unsubscribeQuery,
    answer: envelope(unsubscribeInfo),
    errors: [429],
    reads: ['users'],
  }),
  unsubscribe: endpoint({
    id: 'mail.unsubscribe',
    method: 'POST',
    path: '/api/email/unsubscribe',
    access: 'public',
    summary: "Turns off the kind of email an unsubscribe link names (also RFC 8058's one-click POST)",
    description:
      'Mail clients send `List-Unsubscribe=One-Click` as a form body to the `List-Unsubscribe` address; ' +
      'the token in the query is what counts.',
    query: unsubscribeQuery,
    answer: envelope(unsubscribeInfo),
    errors: [429],
    writes: ['users'],
  }),
  outbox: endpoint({
    id: 'mail.outbox',
    method: 'GET',
    path: '/api/admin/outbox',
    access: 'admin',
    summary: 'The emails the portal sent or will send, newest first, with counts by status',
    query: outboxQuery,
    answer: envelope(outboxList),
    reads: ['mail_messages'],
  }),
  outboxMessage: endpoint({
    id: 'mail.outboxMessage',
    method: 'GET',
    path: '/api/admin/outbox/:id',
    access: 'admin',
    summary: 'One email of the outbox with its HTML and plain-text parts',
    params: idParams,
    answer: envelope(outboxMessageDetail),
    reads: ['mail_messages'],
  }),
  jobs: endpoint({
    id: 'mail.jobs',
    method: 'GET',
    path: '/api/admin/jobs',
    access: 'admin',
    summary: 'The background queues: jobs waiting, running, retrying and failed, and the failed ones',
    answer: envelope(jobsOverview),
    reads: ['mail_messages'],
  }),
  retryJob: endpoint({
    id: 'mail.retryJob',
    method: 'POST',
    path: '/api/admin/jobs/:id/retry',
    access: 'admin',
    summary: 'Runs a failed job again',
    params: idParams,
    answer: okMessage,
    writes: ['mail_messages'],
  }),
};
