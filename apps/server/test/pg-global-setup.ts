import crypto from 'node:crypto';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated database each PostgreSQL test file's database is copied from. */
    pgTemplate: string;
    /** The start of the names of this run's databases (`<prefix><random>`). */
    pgRunPrefix: string;
  }
}

/** This run's databases are named after the process that runs Vitest, so later runs can find stale ones. */
const RUN_PREFIX = `portal_t${process.pid}_`;
const NAME = /^portal_t(\d+)_/;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function withServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Drops the databases whose name passes `test`, a few at a time (their checkpoints are shared). */
async function dropWhere(test: (name: string) => boolean) {
  const names = await withServer(async (c) =>
    (
      await c.query<{ datname: string }>(`select datname from pg_database where datname like 'portal_t%'`)
    ).rows
      .map((r) => r.datname)
      .filter(test),
  );
  const queue = [...names];
  await Promise.all(
    Array.from({ length: Math.min(4, queue.length) }, () =>
      withServer(async (c) => {
        for (let name = queue.pop(); name; name = queue.pop())
          await c.query(`drop database if exists "${name}" with (force)`);
      }),
    ),
  );
}

/**
 * Migrating a new PostgreSQL database takes 2-4 s on two busy cores, and dropping one about 1.5 s (a
 * checkpoint each). Instead the migrations run once, into a template, and each test file's database
 * is a copy of it (`openTestDatabase`, under a second); the copies are dropped together when the run
 * ends. Databases left by a run that was stopped (its process gone) are dropped at the next start.
 */
export async function setup(project: TestProject) {
  if (!process.env.TEST_DATABASE_URL) return;
  await dropWhere((name) => {
    const pid = Number(NAME.exec(name)?.[1]);
    return pid > 0 && pid !== process.pid && !alive(pid);
  });
  const template = `${RUN_PREFIX}template_${crypto.randomBytes(4).toString('hex')}`;
  await withServer((c) => c.query(`create database "${template}"`));
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${template}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  await database.close();
  project.provide('pgTemplate', template);
  project.provide('pgRunPrefix', RUN_PREFIX);
  return () => dropWhere((name) => name.startsWith(RUN_PREFIX));
}
