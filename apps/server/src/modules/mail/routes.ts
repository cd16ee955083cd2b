import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { iso } from '../../lib/format';
import { requireAuth } from '../../plugins/auth';
import { route } from '../../plugins/route';
import {
  getEmailPreferences,
  getOutboxMessage,
  jobsOverview,
  listOutbox,
  retryJob,
  setEmailPreferences,
  unsubscribe,
  type OutboxRow,
} from './service';
import { pagination } from '../../lib/format';

const presentMessage = (m: OutboxRow) => ({
  _id: m.id,
  userId: m.userId,
  to: m.toAddress,
  kind: m.kind,
  category: m.category,
  subject: m.subject,
  status: m.status,
  error: m.error,
  attempts: m.attempts,
  batchId: m.batchId,
  sendAfter: iso(m.sendAfter)!,
  createdAt: iso(m.createdAt)!,
  sentAt: iso(m.sentAt),
});

/** Email: the investor's preferences, unsubscribe links, and the admin's outbox and job queues. */
export const mailRoutes: Module = (app, { database, mailer, jobs, config }) => {
  const { db } = database;
  const m = endpoints.mail;

  route(app, m.emailPreferences, async (request) => ({
    success: true as const,
    data: await getEmailPreferences(db, requireAuth(request).id),
  }));
  route(app, m.updateEmailPreferences, async (request) => ({
    success: true as const,
    data: await setEmailPreferences(db, requireAuth(request).id, request.body),
    message: 'Email preferences saved',
  }));

  // RFC 8058: a mail client's one-click unsubscribe is a form POST (`List-Unsubscribe=One-Click`). Only
  // that route takes a form body; everywhere else it stays an unsupported content type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (request, body, done) => {
      if (!request.url.startsWith(endpoints.mail.unsubscribe.path))
        return done(
          Object.assign(new Error('Unsupported content type'), {
            code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
            statusCode: 415,
          }),
          undefined,
        );
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  // Anyone holding the link may use it: the signed token names the account and the category.
  const limit = { rateLimit: { max: config.loginRateLimit, timeWindow: 60_000 } };
  route(
    app,
    m.unsubscribeInfo,
    async (request) => ({
      success: true as const,
      data: await unsubscribe(db, mailer.readUnsubscribeToken(request.query.token), false),
    }),
    limit,
  );
  route(
    app,
    m.unsubscribe,
    async (request) => {
      const data = await unsubscribe(db, mailer.readUnsubscribeToken(request.query.token), true);
      return {
        success: true as const,
        data,
        message: `You will no longer receive ${data.label.toLowerCase()} emails`,
      };
    },
    limit,
  );

  route(app, m.outbox, async (request) => {
    const { page, pageSize } = request.query;
    const { rows, total, counts } = await listOutbox(db, request.query);
    return {
      success: true as const,
      data: { messages: rows.map(presentMessage), pagination: pagination(page, pageSize, total), counts },
    };
  });
  route(app, m.outboxMessage, async (request) => {
    const row = await getOutboxMessage(db, request.params.id);
    const parts = (await mailer.preview(row.id))!;
    return { success: true as const, data: { ...presentMessage(row), ...parts } };
  });
  route(app, m.jobs, async () => ({ success: true as const, data: await jobsOverview(db, jobs) }));
  route(app, m.retryJob, async (request) => {
    await retryJob(db, jobs, request.params.id);
    return { success: true as const, message: 'The job will run again' };
  });
};
