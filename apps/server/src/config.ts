import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import net from 'node:net';
import { z } from 'zod';
import type { S3Settings } from './storage/s3-storage';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A list of secrets, newest first, separated by commas; each at least 32 characters. */
const keyListSetting = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  )
  .refine((list) => list.length > 0 && list.every((k) => k.length >= 32), {
    error: 'must be one or more secrets of at least 32 characters, newest first, separated by commas',
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  JWT_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  JWT_SECRETS: keyListSetting.optional(),
  DATA_KEYS: keyListSetting.optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(25 * 1024 * 1024),
  SEED_DEMO: bool.optional(),
  ALLOW_DEMO_ACCOUNTS: bool.optional(),
  KYC_VALID_MONTHS: z.coerce
    .number({ error: 'must be a whole number of months' })
    .int({ error: 'must be a whole number of months' })
    .min(1)
    .max(120)
    .default(24),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ACCESS_LOG: z.enum(['app', 'proxy'], { error: "must be 'app' or 'proxy'" }).default('app'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  WEB_DIST: z.string().optional(),
  SMTP_URL: z
    .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)' })
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^(?:[^<>@]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/, {
      error: 'must be an address, or a name and an address ("Investor Portal <portal@example.com>")',
    })
    .optional(),
  APP_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((v) => v.replace(/\/+$/, ''))
    .optional(),
  MAIL_RATE_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number of emails per minute' })
    .int({ error: 'must be a whole number of emails per minute' })
    .min(1)
    .max(1_000_000)
    .default(600),
  RUN_JOBS: bool.optional(),
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .regex(/^\S+( \S+){4}$/, {
      error: 'must be a cron expression of five fields (minute hour day month weekday), in UTC',
    })
    .optional(),
  BACKUP_DIR: z.string().min(1).default('./backups'),
  BACKUP_KEEP_DAILY: z.coerce.number().int().min(1).max(3650).default(7),
  BACKUP_KEEP_MONTHLY: z.coerce.number().int().min(0).max(1200).default(12),
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL (redis://host:6379/0)' })
    .optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, { error: 'must be 1-64 letters, digits, ":", ".", "-" or "_"' })
    .default('portal:'),
  TRUST_PROXY: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isProxyAddress), {
      error: 'must be proxy addresses or CIDR ranges, separated by commas (10.0.0.5, 10.1.0.0/16, loopback)',
    })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens',
    })
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL (https://s3.example.com)' })
    .optional(),
  S3_REGION: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
});

/** An address, a CIDR range, or one of proxy-addr's names for a range (what Fastify's trustProxy takes). */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * What signs tokens and signed links (access, refresh successors, page cookies, media addresses, calendar
   * feeds, unsubscribe links), newest first: the newest signs, every one verifies (JWT_SECRETS).
   */
  jwtSecrets: readonly string[];
  /** What seals secrets at rest (two-factor secrets, IBANs, mail secrets), newest first (DATA_KEYS). */
  dataKeys: readonly string[];
  uploadMaxBytes: number;
  /** How many calendar months an identity verification lasts (KYC_VALID_MONTHS, ADR 028). */
  kycValidMonths: number;
  seedDemo: boolean;
  /**
   * Whether a production server on PostgreSQL may start while a demo account still has its demo password
   * (it refuses otherwise, main.ts): only for a demo installation.
   */
  allowDemoAccounts: boolean;
  /**
   * Backups on a schedule (issue 37): a cron expression in UTC, run once across instances through the job
   * queue, into `backupDir` (or the S3 bucket's `backups/` prefix), keeping the newest archive of each of
   * the last `daily` days and `monthly` months.
   */
  backups: { schedule: string | undefined; dir: string; keepDaily: number; keepMonthly: number };
  logLevel: string;
  /**
   * Who writes the access line of each request (ADR 017): the app ('app', the default: it may run alone),
   * or the reverse proxy in front ('proxy', as deploy/ does: nginx logs each request with the id it
   * gives the app), the app then writing only the lines of answers that failed.
   */
  accessLog: 'app' | 'proxy';
  /** Login attempts per minute per IP; failed attempts per 15 minutes per account are half of it. */
  loginRateLimit: number;
  /** The bearer token that reads GET /metrics; without it there is no /metrics (404). */
  metricsToken?: string;
  webDist: string | undefined;
  /** Mail goes out over SMTP when set; otherwise each message is written to DATA_DIR/mail as an .eml file. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The portal's public address, which makes the links in emails absolute: APP_URL, or without it
   * http://localhost:PORT.
   */
  appUrl: string;
  /**
   * Whether APP_URL was given. Without it a link made for the page that asked (the calendar address)
   * starts with the address that request reached (lib/public-url.ts).
   */
  appUrlSet: boolean;
  /** Emails sent per minute at most, across every instance. */
  mailRatePerMinute: number;
  /** Whether this process works the job queue (a server does unless RUN_JOBS=false; `npm run worker` does). */
  runJobs: boolean;
  /**
   * With it, rate limits and the sign-in lockout are counted in Redis and hold across instances
   * (ADR 019); without it, in each process's memory.
   */
  redisUrl: string | undefined;
  /** Put before every Redis key of this portal, so that several can share one Redis. */
  redisPrefix: string;
  /** The proxies whose X-Forwarded-For (and -Proto, -Host) is believed: addresses or CIDR ranges. */
  trustProxy: string[];
  /** Uploaded files go to this S3-compatible bucket when set (ADR 018); otherwise to DATA_DIR/uploads. */
  s3?: S3Settings;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.RUN_JOBS === false && !e.DATABASE_URL)
    throw new ConfigError(
      'Invalid environment:\n  RUN_JOBS: false needs DATABASE_URL (a worker process, npm run worker, then works the queue)',
    );
  if (e.SMTP_URL && !e.MAIL_FROM)
    throw new ConfigError('Invalid environment:\n  MAIL_FROM: required when SMTP_URL is set');
  const s3 = s3Settings(e);
  const dataDir = path.resolve(e.DATA_DIR);
  // Keys apart (issue 37): JWT_SECRETS signs, DATA_KEYS seals. An installation that set only JWT_SECRET
  // keeps working: it is read as both lists. The embedded default generates one secret for both.
  let single = e.JWT_SECRET;
  if (!single && !(e.JWT_SECRETS && e.DATA_KEYS)) {
    if (e.DATABASE_URL)
      throw new ConfigError(
        'Invalid environment:\n  JWT_SECRET: required when DATABASE_URL is set (or both JWT_SECRETS and DATA_KEYS)',
      );
    single = embeddedSecret(dataDir);
  }
  const jwtSecrets = e.JWT_SECRETS ?? [single!];
  const dataKeys = e.DATA_KEYS ?? [single!];
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecrets,
    dataKeys,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    kycValidMonths: e.KYC_VALID_MONTHS,
    // Demo data is seeded into a new embedded database unless switched off, and into PostgreSQL only on request.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    allowDemoAccounts: e.ALLOW_DEMO_ACCOUNTS ?? false,
    backups: {
      schedule: e.BACKUP_SCHEDULE,
      dir: path.resolve(e.BACKUP_DIR),
      keepDaily: e.BACKUP_KEEP_DAILY,
      keepMonthly: e.BACKUP_KEEP_MONTHLY,
    },
    logLevel: e.LOG_LEVEL,
    accessLog: e.ACCESS_LOG,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    metricsToken: e.METRICS_TOKEN,
    webDist: e.WEB_DIST,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Investor Portal <portal@localhost>',
    appUrl: e.APP_URL ?? `http://localhost:${e.PORT}`,
    appUrlSet: e.APP_URL !== undefined,
    mailRatePerMinute: e.MAIL_RATE_PER_MINUTE,
    runJobs: e.RUN_JOBS ?? true,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    trustProxy: e.TRUST_PROXY ?? [],
    s3,
  };
}

/** The S3_* settings: all of them need S3_BUCKET, and the two keys go together. */
function s3Settings(e: z.infer<typeof envSchema>): S3Settings | undefined {
  const fail = (line: string) => new ConfigError(`Invalid environment:\n  ${line}`);
  if (!e.S3_BUCKET) {
    const given = (
      ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const
    ).filter((name) => e[name] !== undefined);
    if (given.length)
      throw fail(`S3_BUCKET: required when ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set`);
    return undefined;
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw fail(
      e.S3_ACCESS_KEY_ID
        ? 'S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set'
        : 'S3_ACCESS_KEY_ID: required when S3_SECRET_ACCESS_KEY is set',
    );
  if (e.S3_ENDPOINT && !e.S3_REGION)
    throw fail('S3_REGION: required when S3_ENDPOINT is set (the region your S3-compatible server expects)');
  return {
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION ?? 'us-east-1',
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? false,
  };
}

/** The embedded default keeps a generated secret in DATA_DIR so that sessions survive restarts. */
function embeddedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
