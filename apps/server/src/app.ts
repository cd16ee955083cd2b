import Fastify from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App, AppDeps, Module } from './app-types';
import { coded, ServiceUnavailableError, TooManyRequestsError } from './lib/errors';
import { CHANGES_CHANNEL, ChangeFeed } from './db/changes';
import { openListener } from './db/listener';
import { logRedisState, sharedRateLimitStore, waitForRedis } from './lib/redis';
import { AccessLog } from './plugins/access-log';
import { NO_METRICS, createMetrics, metricsPlugin, reportAppMetrics } from './plugins/metrics';
import { authPlugin } from './plugins/auth';
import { clientErrorHandler, errorsPlugin, requestValidatorCompiler, sendError } from './plugins/errors';
import { openApiPlugin } from './plugins/openapi';
import { REQUEST_ID_HEADER, requestIdGenerator } from './plugins/request-id';
import { AnswerStore, READ_CACHE_MAX_BYTES, readCachePlugin } from './plugins/read-cache';
import { API_ANSWER_HEADERS, securityPlugin } from './plugins/security';
import { createPageSession } from './plugins/page-session';
import { findWebDist, webAppPlugin } from './plugins/web-app';
import { adminDashboardRoutes } from './modules/admin-dashboard/routes';
import { adminUserRoutes } from './modules/admin-users/routes';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { activityRoutes } from './modules/stays/activities/routes';
import { adjustmentRoutes } from './modules/adjustments/routes';
import { allowanceRoutes } from './modules/stays/allowances/routes';
import { bankAccountRoutes } from './modules/bank-accounts/routes';
import { bankStatementRoutes } from './modules/bank-statements/routes';
import { capitalCallRoutes } from './modules/capital-calls/routes';
import { bookingRoutes } from './modules/stays/bookings/routes';
import { rentalIncomeRoutes } from './modules/stays/rentals/routes';
import { calendarRoutes } from './modules/stays/calendar/routes';
import { cabinRoutes } from './modules/stays/cabins/routes';
import { stayRuleRoutes } from './modules/stays/stay-rules/routes';
import { swapRoutes } from './modules/stays/swaps/routes';
import { waitlistRoutes } from './modules/stays/waitlist/routes';
import { allocationRoutes } from './modules/stays/allocations/routes';
import { stayReportRoutes } from './modules/stays/stay-reports/routes';
import { distributionRoutes } from './modules/distributions/routes';
import { documentRoutes } from './modules/documents/routes';
import { healthRoutes } from './modules/health/routes';
import { interestRoutes } from './modules/interest/routes';
import { offeringRoutes } from './modules/offerings/routes';
import { subscriptionRoutes } from './modules/subscriptions/routes';
import { kycRoutes } from './modules/kyc/routes';
import { signatureRoutes } from './modules/signatures/routes';
import { investmentRoutes } from './modules/investments/routes';
import { ledgerRoutes } from './modules/ledger/routes';
import { mailRoutes } from './modules/mail/routes';
import { mediaRoutes } from './modules/media/routes';
import { NOTIFY_CHANNEL } from './modules/notifications/notify';
import { notificationRoutes } from './modules/notifications/routes';
import { performanceRoutes } from './modules/performance/routes';
import { perkRoutes } from './modules/perks/routes';
import { privacyRoutes } from './modules/privacy/routes';
import { delegationRoutes } from './modules/delegations/routes';
import { projectRoutes } from './modules/projects/routes';
import { returnRoutes } from './modules/returns/routes';
import { statementRoutes } from './modules/statements/routes';
import { supportRoutes } from './modules/support/routes';
import { updateRoutes } from './modules/updates/routes';
import { userRoutes } from './modules/users/routes';

/** Every HTTP module, in one list. */
const modules: Module[] = [
  healthRoutes,
  authRoutes,
  userRoutes,
  privacyRoutes,
  delegationRoutes,
  bankAccountRoutes,
  performanceRoutes,
  distributionRoutes,
  adjustmentRoutes,
  statementRoutes,
  projectRoutes,
  investmentRoutes,
  interestRoutes,
  offeringRoutes,
  subscriptionRoutes,
  kycRoutes,
  signatureRoutes,
  updateRoutes,
  perkRoutes,
  allowanceRoutes,
  bookingRoutes,
  rentalIncomeRoutes,
  calendarRoutes,
  activityRoutes,
  cabinRoutes,
  stayRuleRoutes,
  swapRoutes,
  waitlistRoutes,
  allocationRoutes,
  stayReportRoutes,
  capitalCallRoutes,
  bankStatementRoutes,
  documentRoutes,
  mediaRoutes,
  notificationRoutes,
  mailRoutes,
  adminUserRoutes,
  returnRoutes,
  auditRoutes,
  adminDashboardRoutes,
  ledgerRoutes,
  supportRoutes,
];

export interface BuildOptions {
  /** `stream`: where the log lines go instead of stdout (tests read them). */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
}

/** How long a closing instance still does the writes that reach it: ample time for a proxy to leave it out. */
const WRITES_WHILE_CLOSING_MS = 4_000;
/** How many of those it works on at once (a proxy's clients rarely have more in flight to one instance). */
const WRITES_WHILE_CLOSING_AT_ONCE = 4;

/** Builds the app without listening; tests call `inject` on it. */
export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<App> {
  // Gathered only for a reader of /metrics (METRICS_TOKEN): then each answer's duration is observed.
  const metrics = deps.config.metricsToken ? createMetrics() : undefined;
  // X-Forwarded-For is believed only from the proxies named in TRUST_PROXY (ADR 019).
  const trustProxy = deps.config.trustProxy.length ? deps.config.trustProxy : false;
  const app = Fastify({
    logger: opts.logger ?? { level: deps.config.logLevel },
    // One access line a request instead of Fastify's two (plugins/access-log.ts, ADR 017).
    logController: new AccessLog(metrics?.observe, deps.config.accessLog === 'app'),
    trustProxy,
    bodyLimit: 1024 * 1024,
    // Closing is answered by our own hook below, in the envelope (Fastify's built-in 503 is plain).
    return503OnClosing: false,
    // Once the requests in flight are finished (plugins/graceful-close.ts) and the streams ended, every
    // connection left goes: 'idle' would leave one that never sent a request (a browser opens spare
    // connections ahead of need) open until its headers time out, 60 s, past the grace period.
    forceCloseConnections: true,
    requestTimeout: 30_000,
    // The request's id, in every log line of the request and in X-Request-Id: a trusted proxy's own, or new.
    genReqId: requestIdGenerator(trustProxy),
    // A malformed or over-long address is refused by the router before any hook runs: the same envelope
    // as the rest, and the headers the hooks would have added.
    // What Node's HTTP parser refuses (a header with a control character …), also in the envelope.
    clientErrorHandler,
    frameworkErrors: (err, request, reply) => {
      void sendError(err, request, reply.headers(API_ANSWER_HEADERS).header(REQUEST_ID_HEADER, request.id));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(requestValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  errorsPlugin(app);

  // From the moment shutdown starts, every answer closes its connection, and a new read gets a 503 in
  // the envelope. A proxy sends a refused read to another instance and, after a few, leaves this one
  // out (nginx's proxy_next_upstream and max_fails); it never resends a write, so a write that arrives
  // while the proxy is still sending here is done rather than refused. So that the work taken on while
  // closing ends within the grace period, that is for WRITES_WHILE_CLOSING_MS and at most
  // WRITES_WHILE_CLOSING_AT_ONCE at a time; other writes are refused too (ADR 021).
  let closingSince: number | null = null;
  let writesWhileClosing = 0;
  app.addHook('preClose', async () => {
    closingSince = performance.now();
  });
  // Work that answers did not wait for ends before the app (and then its database) closes.
  app.addHook('onClose', () => deps.afterAnswer.settled());
  // A callback hook, not an async one: it runs on every request and almost always has nothing to do.
  // It also gives every answer its request's id, first, so that every error answer has it too.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    if (closingSince === null) return done();
    void reply.header('connection', 'close');
    const read = request.method === 'GET' || request.method === 'HEAD';
    if (
      !read &&
      performance.now() - closingSince < WRITES_WHILE_CLOSING_MS &&
      writesWhileClosing < WRITES_WHILE_CLOSING_AT_ONCE
    ) {
      writesWhileClosing++;
      reply.raw.once('close', () => writesWhileClosing--);
      return done();
    }
    done(new ServiceUnavailableError('The server is restarting. Please try again in a moment.'));
  });

  // Cookies are read for two things only: the known-device token of the sign-in routes (ADR 007) and
  // the page cookie of the dashboard's HTML (ADR 023); never to authorize an API call.
  await app.register(cookie);
  const { redis } = deps;
  if (redis) {
    logRedisState(redis, app.log);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    // Counting starts shared when Redis answers soon; if not, in memory until it does (ADR 019).
    await waitForRedis(redis, 2000);
  }
  await app.register(rateLimit, {
    global: false,
    // With Redis every instance counts together; while it cannot answer, each counts alone (ADR 019).
    ...(redis && { store: sharedRateLimitStore(redis) }),
    errorResponseBuilder: (_req, ctx) =>
      new TooManyRequestsError(
        coded('common.retry_in', { seconds: Math.ceil(ctx.ttl / 1000) }),
        ctx.ttl / 1000,
      ),
  });
  // Uploads stream to storage; the file size limit is enforced while the bytes arrive. The form parser
  // is registered with the routes that take forms only (plugins/route.ts).
  app.decorate('uploadLimits', {
    fileSize: deps.config.uploadMaxBytes,
    files: 1,
    fields: 30,
    parts: 32,
    fieldSize: 16 * 1024,
    fieldNameSize: 100,
    headerPairs: 50,
  });
  securityPlugin(app);

  // One connection per instance hears the database's signals: new notifications, and which rows
  // changed, which keeps the caches of sign-in checks and investors' answers true (ADR 005).
  const listener = await openListener(deps.database, [CHANGES_CHANNEL, NOTIFY_CHANNEL], app.log);
  app.addHook('onClose', () => listener.close());
  const changes = new ChangeFeed(listener, deps.database);
  const answers = new AnswerStore(READ_CACHE_MAX_BYTES);
  changes.onReset(() => answers.clear());
  const sources = metrics ?? NO_METRICS;
  reportAppMetrics(sources, { answers, database: deps.database, jobs: deps.jobs });
  app.decorate('changes', changes);
  authPlugin(app, { db: deps.database.db, signer: deps.signer, changes });
  readCachePlugin(app, { changes, store: answers });
  openApiPlugin(app);

  // Queuing jobs needs the queue connected; working them is the process's choice (RUN_JOBS).
  await deps.jobs.start();
  app.addHook('onClose', () => deps.jobs.stop());

  const services = { listener, changes, metrics: sources };
  for (const mod of modules) await mod(app, { ...deps, ...services });

  metricsPlugin(app, { token: deps.config.metricsToken, metrics });
  await webAppPlugin(app, {
    root: findWebDist(deps.config.webDist),
    pageSession: createPageSession(app, { secrets: deps.config.jwtSecrets, signer: deps.signer }),
  });
  return app;
}
