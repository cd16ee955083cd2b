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
    });
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(c.jwtSecret);
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
