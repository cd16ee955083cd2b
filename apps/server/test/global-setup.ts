import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/**
 * Creating a PGlite database takes about 3 s; loading a migrated snapshot takes 0.4 s. The snapshot is
 * made once per set of migrations and each test file starts from a fresh copy of it.
 */
export async function setup(project: TestProject) {
  const folder = migrationsFolder();
  const hash = crypto.createHash('sha256');
  for (const f of fs
    .readdirSync(folder)
    .filter((n) => n.endsWith('.sql'))
    .sort())
    hash.update(fs.readFileSync(path.join(folder, f)));
  // The job queue's schema and queues are made with the migrations too.
  hash.update(fs.readFileSync(new URL('../src/db/job-schema.ts', import.meta.url)));
  hash.update(JSON.stringify(createRequire(import.meta.url)('pg-boss/package.json').version));
  const file = path.join(os.tmpdir(), `portal-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({});
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const blob = await client.dumpDataDir('none');
    const tmp = `${file}.${process.pid}`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
    await database.close();
  }
  project.provide('pgliteSnapshot', file);
}
