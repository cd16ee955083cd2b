import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'portal-config-'));

describe('loadConfig', () => {
  it('applies the documented defaults and keeps a generated secret in DATA_DIR', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: dir,
      databaseUrl: undefined,
      uploadMaxBytes: 25 * 1024 * 1024,
      seedDemo: true,
      logLevel: 'info',
      accessLog: 'app',
    });
    expect(c.jwtSecrets[0]!.length).toBeGreaterThanOrEqual(32);
    expect(c.dataKeys).toEqual(c.jwtSecrets);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecrets).toEqual(c.jwtSecrets);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
  });

  it('names the variable of a bad value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '-5', DATA_DIR: tmp() })).toThrow(/UPLOAD_MAX_BYTES/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud', DATA_DIR: tmp() })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', JWT_SECRET: 'x'.repeat(40) })).toThrow(
      /DATABASE_URL/,
    );
    expect(() => loadConfig({ SEED_DEMO: 'maybe', DATA_DIR: tmp() })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ ACCESS_LOG: 'nginx', DATA_DIR: tmp() })).toThrow(/ACCESS_LOG/);
    expect(loadConfig({ ACCESS_LOG: 'proxy', DATA_DIR: tmp() }).accessLog).toBe('proxy');
    expect(loadConfig({ DATA_DIR: tmp() }).kycValidMonths).toBe(24);
    expect(loadConfig({ KYC_VALID_MONTHS: '12', DATA_DIR: tmp() }).kycValidMonths).toBe(12);
    expect(() => loadConfig({ KYC_VALID_MONTHS: '0', DATA_DIR: tmp() })).toThrow(/KYC_VALID_MONTHS/);
  });

  it('mail settings: defaults for the embedded demo, checked values, MAIL_FROM with SMTP_URL', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({
      smtpUrl: undefined,
      appUrl: 'http://localhost:3000',
      appUrlSet: false,
      mailRatePerMinute: 600,
      runJobs: true,
    });
    expect(
      loadConfig({
        DATA_DIR: dir,
        SMTP_URL: 'smtp://user:pass@mail.example.com:587',
        MAIL_FROM: 'Investor Portal <portal@example.com>',
        APP_URL: 'https://portal.example.com/',
        MAIL_RATE_PER_MINUTE: '120',
        RUN_JOBS: 'false',
        DATABASE_URL: 'postgres://localhost/portal',
        JWT_SECRET: 'x'.repeat(40),
      }),
    ).toMatchObject({
      smtpUrl: 'smtp://user:pass@mail.example.com:587',
      mailFrom: 'Investor Portal <portal@example.com>',
      appUrl: 'https://portal.example.com',
      appUrlSet: true,
      mailRatePerMinute: 120,
      runJobs: false,
    });
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ DATA_DIR: dir, SMTP_URL: 'smtp://mail.example.com' })).toThrow(
      /MAIL_FROM: required when SMTP_URL is set/,
    );
    expect(() => loadConfig({ DATA_DIR: dir, MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ DATA_DIR: dir, APP_URL: 'portal.example.com' })).toThrow(/APP_URL/);
    // Without APP_URL, links lead to the port the server listens on.
    expect(loadConfig({ DATA_DIR: dir, PORT: '4711' })).toMatchObject({
      appUrl: 'http://localhost:4711',
      appUrlSet: false,
    });
    expect(() => loadConfig({ DATA_DIR: dir, MAIL_RATE_PER_MINUTE: '0' })).toThrow(/MAIL_RATE_PER_MINUTE/);
    expect(() => loadConfig({ DATA_DIR: dir, MAIL_RATE_PER_MINUTE: 'fast' })).toThrow(/MAIL_RATE_PER_MINUTE/);
    expect(() => loadConfig({ DATA_DIR: dir, RUN_JOBS: 'sometimes' })).toThrow(/RUN_JOBS/);
    // On the embedded database nothing else could work the queue.
    expect(() => loadConfig({ DATA_DIR: dir, RUN_JOBS: 'false' })).toThrow(
      /RUN_JOBS: false needs DATABASE_URL/,
    );
  });

  it('requires JWT_SECRET with DATABASE_URL, and seeds PostgreSQL only on request', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(
      /JWT_SECRET: required when DATABASE_URL is set/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x', JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET/,
    );
    const c = loadConfig({ DATABASE_URL: 'postgres://localhost/x', JWT_SECRET: 'x'.repeat(40) });
    expect(c.seedDemo).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://localhost/x', JWT_SECRET: 'x'.repeat(40), SEED_DEMO: 'true' })
        .seedDemo,
    ).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false', DATA_DIR: tmp() }).seedDemo).toBe(false);
  });
});
