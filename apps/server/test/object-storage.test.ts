import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { restoreBackup } from '../src/backup/backup';
import { openDatabase, type Database } from '../src/db/client';
import { seedDemo } from '../src/db/seed/demo';
import { LoginLimiter } from '../src/modules/credentials/login-limiter';
import { multipart, samplePdf } from '../src/modules/documents/test-support';
import { createDeps } from '../src/runtime';
import type { FileStorage } from '../src/storage/file-storage';
import { createS3Storage } from '../src/storage/s3-storage';
import { emptyTarget, openTarget, runCli, SECRET, type TestTarget } from './backup-support';
import {
  bearer,
  buildTestApp,
  createAdmin,
  createInvestment,
  createProject,
  createUser,
  isPg,
  login,
  testConfig,
  type TestContext,
} from './helpers';
import { startTestS3, type TestS3 } from './s3-server';

/**
 * With S3_BUCKET set, uploaded files live in S3-compatible object storage (s3rver in this process): a
 * document uploads into the bucket and downloads byte for byte (whole and in ranges) through the app,
 * a refused upload leaves no object, and backup and restore carry the objects.
 */
let s3: TestS3;
let restored: TestS3;
beforeAll(async () => {
  [s3, restored] = await Promise.all([startTestS3('portal'), startTestS3('restored')]);
});
afterAll(async () => {
  await s3?.stop();
  await restored?.stop();
});

async function objects(storage: FileStorage): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for await (const { key } of storage.list()) {
    const hash = crypto.createHash('sha256');
    for await (const chunk of storage.get(key)) hash.update(chunk as Buffer);
    found.set(key, hash.digest('hex'));
  }
  return found;
}

describe('documents in object storage', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await buildTestApp({ s3: s3.settings, uploadMaxBytes: 64 * 1024 });
    const a = await createAdmin(ctx.db);
    admin = await ctx.signIn(a);
  });
  afterAll(() => ctx?.close());

  it('uploads into the bucket and downloads byte for byte, whole and in ranges; refusals leave no object', async () => {
    const bucket = createS3Storage(s3.settings);
    const project = await createProject(ctx.db);
    const holder = await createUser(ctx.db);
    await createInvestment(ctx.db, holder.id, project.id);
    const token = await ctx.signIn(holder);
    const upload = async (data: Buffer, name: string) => {
      const body = await multipart({ name: 'Statement', category: 'Tax Documents' }, { data, name });
      return ctx.app.inject({
        method: 'POST',
        url: `/api/documents?userId=${holder.id}&projectId=${project.id}`,
        payload: body.payload,
        headers: { ...body.headers, ...bearer(admin) },
      });
    };

    const pdf = await samplePdf('Statement');
    const res = await upload(pdf, 'statement.pdf');
    expect(res.statusCode).toBe(201);
    const doc = res.json().data as { _id: string; mimeType: string; fileSize: number };
    expect(doc).toMatchObject({ mimeType: 'application/pdf', fileSize: pdf.length });
    const stored = await objects(bucket);
    expect([...stored.values()]).toEqual([crypto.createHash('sha256').update(pdf).digest('hex')]);
    expect(fs.existsSync(path.join(ctx.deps.config.dataDir, 'uploads'))).toBe(false);

    const get = (url: string, headers: Record<string, string> = {}) =>
      ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
    const dl = await get(`/api/documents/${doc._id}/download`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-length']).toBe(String(pdf.length));
    expect(dl.rawPayload.equals(pdf)).toBe(true);
    const part = await get(`/api/documents/${doc._id}/preview`, { range: 'bytes=5-104' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 5-104/${pdf.length}`);
    expect(part.rawPayload.equals(pdf.subarray(5, 105))).toBe(true);
    const last = await get(`/api/documents/${doc._id}/download`, { range: 'bytes=-7' });
    expect(last.rawPayload.equals(pdf.subarray(pdf.length - 7))).toBe(true);
    expect(
      (await get(`/api/documents/${doc._id}/download`, { range: `bytes=${pdf.length}-` })).statusCode,
    ).toBe(416);

    // over the limit (refused while streaming) and HTML named .pdf (refused from its bytes)
    expect((await upload(crypto.randomBytes(65 * 1024), 'big.pdf')).statusCode).toBe(413);
    expect((await upload(Buffer.from('<html><script>x</script></html>'), 'x.pdf')).statusCode).toBe(400);
    expect([...(await objects(bucket)).keys()]).toEqual([...stored.keys()]);

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/documents/${doc._id}`,
      headers: bearer(admin),
    });
    expect(del.statusCode).toBe(200);
    expect((await objects(bucket)).size).toBe(0);
  });
});

describe(`backup and restore with object storage (${isPg ? 'pg' : 'embedded'})`, () => {
  const kind = isPg ? 'pg' : 'embedded';
  const cleanup: TestTarget[] = [];
  afterAll(async () => {
    for (const t of cleanup) await t.drop();
  });

  it('backs up the objects with the database and restores them into another bucket', async () => {
    const source = { ...(await emptyTarget(kind)), s3: s3.settings };
    const target = { ...(await emptyTarget(kind)), s3: restored.settings };
    cleanup.push(source, target);
    const sourceBucket = createS3Storage(s3.settings);
    const targetBucket = createS3Storage(restored.settings);
    for (const key of (await objects(sourceBucket)).keys()) await sourceBucket.delete(key);

    // the demo data, its files seeded into the bucket
    let database: Database =
      kind === 'embedded'
        ? await openDatabase({
            dataDir: path.join(source.dataDir, 'db'),
            snapshot: new Blob([fs.readFileSync(inject('pgliteSnapshot'))]),
            migrate: false,
          })
        : await openDatabase({ url: source.databaseUrl!, poolSize: 2 });
    try {
      await seedDemo(database.db, sourceBucket);
    } finally {
      await database.close();
    }
    const sourceObjects = await objects(sourceBucket);
    expect(sourceObjects.size).toBeGreaterThan(5);
    expect(fs.existsSync(path.join(source.dataDir, 'uploads'))).toBe(false);

    const archive = path.join(path.dirname(source.dataDir), 'backup.tar.gz');
    const backup = await runCli(['backup', '--out', archive], {
      ...source.env,
      ...s3.env,
      // The SDK's notice that its releases after January 2027 need Node 22 (this one runs on 20).
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    });
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toContain(`uploaded files: ${sourceObjects.size}`);

    // a restore that fails (the target holds data, no --force) leaves the bucket as it was
    const stray = await targetBucket.put(Buffer.from('stray'), { extension: 'txt' });
    await expect(restoreBackup(target, archive)).rejects.toThrow(`the bucket ${restored.settings.bucket}`);
    expect([...(await objects(targetBucket)).keys()]).toEqual([stray.key]);

    const result = await restoreBackup(target, archive, { force: true });
    expect(result.manifest.files.length).toBe(sourceObjects.size);
    expect(await objects(targetBucket)).toEqual(sourceObjects);
    expect(fs.existsSync(path.join(target.dataDir, 'uploads'))).toBe(false);

    // the restored portal serves a document's file from the restored bucket
    database = await openTarget(target);
    const app = await buildApp(
      {
        ...createDeps(
          testConfig({
            dataDir: target.dataDir,
            jwtSecrets: [SECRET],
            dataKeys: [SECRET],
            s3: restored.settings,
          }),
          database,
        ),
        limiter: new LoginLimiter(500),
      },
      { logger: false },
    );
    try {
      const { accessToken, user } = await login(app, 'investor@example.com', 'investor123');
      const projectId = (user.investments as unknown as { projectId: { _id: string } }[])[0]!.projectId._id;
      const docs = await app.inject({
        method: 'GET',
        url: `/api/documents?projectId=${projectId}`,
        headers: bearer(accessToken),
      });
      const doc = (docs.json().documents as { _id: string; hasFile?: boolean }[])[0]!;
      const file = await app.inject({
        method: 'GET',
        url: `/api/documents/${doc._id}/download`,
        headers: bearer(accessToken),
      });
      expect(file.statusCode).toBe(200);
      const sha = crypto.createHash('sha256').update(file.rawPayload).digest('hex');
      expect([...sourceObjects.values()]).toContain(sha);
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});
