import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createInvestment,
  createPgDatabase,
  createProject,
  createUser,
  login,
  testConfig,
  type TestUser,
} from '../../test/helpers';
import { buildApp } from '../app';
import type { App } from '../app-types';
import { openDatabase, type Database } from '../db/client';
import { LISTENER_APPLICATION_NAME } from '../db/listener';
import { projects } from '../db/schema';
import { createDeps } from '../runtime';

/** Two instances of the app on one PostgreSQL database, as behind a load balancer. */
interface Instance {
  app: App;
  database: Database;
}

let url: string;
let drop: () => Promise<void>;
let a: Instance;
let b: Instance;
let investor: TestUser;
let token: string;
let projectId: string;

async function instance(): Promise<Instance> {
  const config = testConfig({ databaseUrl: url });
  const database = await openDatabase({ url, poolSize: 4 });
  const app = await buildApp(createDeps(config, database), { logger: false });
  await app.ready();
  return { app, database };
}

const get = (i: Instance, path: string) => i.app.inject({ method: 'GET', url: path, headers: bearer(token) });
async function queriesOn(i: Instance, fn: () => Promise<unknown>) {
  const before = i.database.queries.count;
  await fn();
  return i.database.queries.count - before;
}
async function until<T>(what: string, fn: () => Promise<T>, ok: (v: T) => boolean, ms = 2_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  ({ url, drop } = await createPgDatabase());
  a = await instance();
  b = await instance();
  const project = await createProject(a.database.db, { name: 'Shared Fell' });
  projectId = project.id;
  investor = await createUser(a.database.db, { name: 'Dana Shared' });
  await createInvestment(a.database.db, investor.id, project.id, { monthly: { '2025-01': '10.00' } });
  token = (await login(a.app, investor.email, investor.password)).accessToken;
});

afterAll(async () => {
  for (const i of [a, b]) {
    await i?.app.close();
    await i?.database.close();
  }
  await drop?.();
});

describe('kept answers across instances on one PostgreSQL database', () => {
  it('a write through one instance reaches the answers kept by the other within moments', async () => {
    expect((await get(b, '/api/users/me')).json().data.name).toBe('Dana Shared');
    expect(await queriesOn(b, () => get(b, '/api/users/me'))).toBe(0);
    const put = await a.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(token),
      payload: { name: 'Dana Renamed' },
    });
    expect(put.statusCode).toBe(200);
    const t0 = performance.now();
    await until(
      'instance B to see the new name',
      async () => (await get(b, '/api/users/me')).json().data.name,
      (name) => name === 'Dana Renamed',
    );
    expect(performance.now() - t0).toBeLessThan(1_000);
  });

  it('so does a write by another program (any writer of the database is seen)', async () => {
    await get(b, '/api/projects');
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query('update projects set name = $1 where id = $2', ['Shared Fell II', projectId]);
    await other.end();
    await until(
      'the renamed project',
      async () => (await get(b, '/api/projects')).json().data[0].name,
      (name) => name === 'Shared Fell II',
    );
  });

  it('without its listener an instance answers from the database, and keeps answers again once it is back', async () => {
    await get(b, '/api/users/me');
    expect(await queriesOn(b, () => get(b, '/api/users/me'))).toBe(0);
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    const { rows } = await killer.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1`,
      [LISTENER_APPLICATION_NAME],
    );
    expect(rows).toHaveLength(2);
    // While B is without its listener, a change can go unheard: it must not answer from memory.
    await until(
      'instance B to notice',
      () => queriesOn(b, () => get(b, '/api/users/me')),
      (n) => n > 0,
    );
    await a.database.db.update(projects).set({ name: 'Shared Fell III' }).where(eq(projects.id, projectId));
    expect((await get(b, '/api/projects')).json().data[0].name).toBe('Shared Fell III');
    await killer.end();
    // Back: answers are kept again.
    await until(
      'instance B to keep answers again',
      async () => {
        await get(b, '/api/users/me');
        return queriesOn(b, () => get(b, '/api/users/me'));
      },
      (n) => n === 0,
      5_000,
    );
    expect((await get(b, '/api/projects')).json().data[0].name).toBe('Shared Fell III');
  });
});
