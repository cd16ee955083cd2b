import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import type { S3Settings } from '../src/storage/s3-storage';

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}

export interface TestS3 {
  settings: S3Settings;
  /** The S3_* environment that points a server (or the backup CLI) at this bucket. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server (s3rver, from npm) in this process on 127.0.0.1, on a free port, keeping its
 * objects in a temporary folder; one bucket, `portal`.
 */
export async function startTestS3(bucket = 'portal'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  }) as S3rverInstance;
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
