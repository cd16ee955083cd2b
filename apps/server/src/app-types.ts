import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { ChangeFeed } from './db/changes';
import type { Database } from './db/client';
import type { DbListener } from './db/listener';
import type { JobQueue } from './jobs/queue';
import type { Mailer } from './mail/mailer';
import type { AfterAnswer } from './lib/after-answer';
import type { TokenSigner } from './lib/tokens';
import type { LoginLimiter } from './modules/credentials/login-limiter';
import type { FileStorage } from './storage/file-storage';

/** The Fastify instance with the zod type provider, as every module receives it. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What the metrics read at scrape time, registered by the parts that hold the values (plugins/metrics.ts). */
export interface MetricSources {
  /** A value read at scrape time, e.g. the open notification streams. */
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
  /** A count that only grows (`_total`), read at scrape time. */
  counter(name: string, help: string, read: () => number): void;
  /** Values by one label, read at scrape time (an asynchronous read may fail: the metric is then left out). */
  labelledGauge(name: string, help: string, label: string, read: () => Promise<Record<string, number>>): void;
}

/** What the app is built from; tests build it with their own. */
export interface AppDeps {
  config: Config;
  database: Database;
  signer: TokenSigner;
  limiter: LoginLimiter;
  /** With REDIS_URL: where rate limits and sign-in failures are counted (ADR 019); the app closes it. */
  redis?: Redis | undefined;
  storage: FileStorage;
  /** The durable job queue (pg-boss): started by the process, worked unless RUN_JOBS=false. */
  jobs: JobQueue;
  mailer: Mailer;
  /** Work started by a request that its answer does not wait for; closing the app waits for it. */
  afterAnswer: AfterAnswer;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The database's change signals as this instance has heard them (tests make caches cold with it). */
    changes: ChangeFeed;
  }
}

/** What buildApp makes for the modules from the deps: the database's signals and what follows them. */
interface AppServices {
  listener: DbListener;
  changes: ChangeFeed;
  /** What a module reports to /metrics, read when it is read. */
  metrics: MetricSources;
}

export type Module = (app: App, deps: AppDeps & AppServices) => Promise<void> | void;
