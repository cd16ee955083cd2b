import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Config } from '../src/config';
import { bearer, buildTestApp, createAdmin, login, type TestContext, type TestUser } from './helpers';

/** A real SMTP server on 127.0.0.1 for the tests: it keeps what it receives, or refuses while told to. */
export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /** While true, every message is refused with a temporary error (451). */
  refusing: boolean;
  /** Messages to one address. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: SmtpSink = {
    url: '',
    messages: [],
    refusing: false,
    to: (address) =>
      sink.messages.filter((m) =>
        [m.to].flat().some((t) => t?.value.some((v) => v.address?.toLowerCase() === address.toLowerCase())),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (sink.refusing)
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            sink.messages.push(parsed);
            callback();
          },
          (err: Error) => callback(err),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://127.0.0.1:${port}`;
  return sink;
}

/** What a test file of email gets: the SMTP server, and per test a fresh app sending to it, with an admin. */
export interface MailTest {
  sink: SmtpSink;
  ctx: TestContext;
  admin: TestUser;
  adminToken: string;
  /** Sends what is queued (the queue worked step by step): answers how many jobs ran. */
  drain(): Promise<number>;
  /** The admin sends a notification (`POST /api/notifications/send`); answers what the server says. */
  broadcast(
    body: Record<string, unknown>,
  ): Promise<{ sent: number; emailed: number; emailSkipped: number; batchId: string }>;
}

/**
 * Starts the SMTP server for the file, and before each test an app (PGlite or PostgreSQL) whose mail goes
 * to it, with an admin signed in; closes them after. The fields are set when each test runs.
 */
export function useMailTest(overrides: Partial<Config> = {}): MailTest {
  const t = {
    // The work requests did after their answer (a password reset's) first: it may queue email.
    drain: async () => {
      await t.ctx.deps.afterAnswer.settled();
      return t.ctx.deps.jobs.drain('mail');
    },
    async broadcast(body) {
      const res = await t.ctx.app.inject({
        method: 'POST',
        url: '/api/notifications/send',
        headers: bearer(t.adminToken),
        payload: { title: 'Spring meeting', message: 'We meet on May 4.\n\nBring questions.', ...body },
      });
      if (res.statusCode !== 200) throw new Error(`send: ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
  } as MailTest;
  beforeAll(async () => {
    t.sink = await startSmtpSink();
  });
  afterAll(() => t.sink.close());
  beforeEach(async () => {
    t.sink.messages.length = 0;
    t.sink.refusing = false;
    t.ctx = await buildTestApp({ smtpUrl: t.sink.url, ...overrides });
    t.admin = await createAdmin(t.ctx.db, { name: 'Ada Admin' });
    t.adminToken = (await login(t.ctx.app, t.admin.email, t.admin.password)).accessToken;
  });
  afterEach(() => t.ctx.close());
  return t;
}
