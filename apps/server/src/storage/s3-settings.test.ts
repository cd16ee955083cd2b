import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

/** The S3_* settings (README: settings): complete or refused with the missing variable named. */
const base = { JWT_SECRET: 'x'.repeat(32), DATABASE_URL: 'postgres://db.example.com/portal' };

describe('S3 settings', () => {
  it('without S3_BUCKET files stay on the local disk', () => {
    expect(loadConfig(base).s3).toBeUndefined();
  });

  it('reads a complete setting, with the region defaulting for AWS itself', () => {
    expect(
      loadConfig({
        ...base,
        S3_BUCKET: 'portal-files',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_REGION: 'eu-north-1',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).s3,
    ).toEqual({
      bucket: 'portal-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-north-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...base, S3_BUCKET: 'portal-files' }).s3).toMatchObject({
      region: 'us-east-1',
      endpoint: undefined,
      accessKeyId: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET: required when S3_ENDPOINT is set'],
    [
      { S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' },
      'S3_BUCKET: required when S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set',
    ],
    [
      { S3_BUCKET: 'portal', S3_ACCESS_KEY_ID: 'k' },
      'S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set',
    ],
    [
      { S3_BUCKET: 'portal', S3_SECRET_ACCESS_KEY: 's' },
      'S3_ACCESS_KEY_ID: required when S3_SECRET_ACCESS_KEY is set',
    ],
    [
      { S3_BUCKET: 'portal', S3_ENDPOINT: 'http://127.0.0.1:9000' },
      'S3_REGION: required when S3_ENDPOINT is set',
    ],
    [{ S3_BUCKET: 'Portal_Files' }, 'S3_BUCKET: must be a bucket name'],
    [
      { S3_BUCKET: 'portal', S3_REGION: 'x', S3_ENDPOINT: 'ftp://files' },
      'S3_ENDPOINT: must be an http:// or https:// URL',
    ],
    [{ S3_BUCKET: 'portal', S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE'],
  ])('refuses an incomplete or bad setting: %j', (env, message) => {
    const load = () => loadConfig({ ...base, ...env });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(message);
  });
});
