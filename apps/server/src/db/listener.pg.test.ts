import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase } from '../../test/helpers';
import { openDatabase, type Database } from './client';
import { openListener, type DbListener } from './listener';

let drop: () => Promise<void>;
let database: Database;
let listener: DbListener;
const warnings: string[] = [];
const onWarning = (w: Error) => warnings.push(w.message);
const silent = { info() {}, warn() {}, error() {} } as unknown as Parameters<typeof openListener>[2];

beforeAll(async () => {
  const created = await createPgDatabase();
  drop = created.drop;
  database = await openDatabase({ url: created.url, poolSize: 2 });
  listener = await openListener(database, ['portal_test_channel'], silent);
  process.on('warning', onWarning);
});
afterAll(async () => {
  process.off('warning', onWarning);
  await listener?.close();
  await database?.close();
  await drop?.();
});

describe('the PostgreSQL listener', () => {
  it('answers many barriers at once with one query at a time on its connection', async () => {
    expect(listener.live).toBe(true);
    const answers = await Promise.all(Array.from({ length: 40 }, () => listener.barrier()));
    expect(answers.every(Boolean)).toBe(true);
    // pg warns when a query is sent while another is running on the same connection.
    await new Promise((r) => setImmediate(r));
    expect(warnings.filter((w) => w.includes('already executing a query'))).toEqual([]);
    expect(listener.live).toBe(true);
  });

  it('confirms a barrier asked after the others have been answered', async () => {
    expect(await listener.barrier()).toBe(true);
  });
});
