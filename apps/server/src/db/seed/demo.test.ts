import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../../test/helpers';
import { queryRows, type Database } from '../client';
import { createLocalStorage } from '../../storage/file-storage';
import { isEmpty, seedDemo } from './demo';

let database: Database;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-seed-'));

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const TABLES = [
  'users',
  'projects',
  'investments',
  'monthly_returns',
  'updates',
  'perks',
  'cabin_allowances',
  'bookings',
  'booking_nights',
  'documents',
  'project_media',
  'notifications',
];

async function counts() {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const [row] = await queryRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${t}`));
    out[t] = row!.n;
  }
  return out;
}

describe('demo data', () => {
  it('fills every screen and never duplicates anything when seeded twice', async () => {
    expect(await isEmpty(database.db)).toBe(true);
    const storage = createLocalStorage(dir);
    await seedDemo(database.db, storage);
    const first = await counts();
    expect(await isEmpty(database.db)).toBe(false);
    expect(first.users).toBe(3);
    expect(first.projects).toBeGreaterThanOrEqual(3);
    expect(first.monthly_returns).toBeGreaterThanOrEqual(48);
    for (const t of TABLES) expect(first[t], t).toBeGreaterThan(0);
    const files = () =>
      fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.pdf')).length;
    const pdfs = files();
    expect(pdfs).toBeGreaterThan(0);
    await seedDemo(database.db, storage);
    expect(await counts()).toEqual(first);
    expect(files()).toBe(pdfs);
  });

  it('gives the first investor an active and a completed project with 24+ months of returns, and the second one a project the first does not hold', async () => {
    const rows = await queryRows<{ email: string; name: string; status: string; months: number }>(
      database.db,
      sql`
      select u.email, p.name, p.status, count(m.*)::int as months
      from investments i
      join users u on u.id = i.user_id
      join projects p on p.id = i.project_id
      left join monthly_returns m on m.user_id = i.user_id and m.project_id = i.project_id
      group by u.email, p.name, p.status`,
    );
    const first = rows.filter((x) => x.email === 'investor@example.com');
    expect(first.map((x) => x.status).sort()).toEqual(['active', 'completed']);
    expect(first.every((x) => x.months >= 24)).toBe(true);
    const second = rows.filter((x) => x.email === 'investor2@example.com').map((x) => x.name);
    expect(second.some((name) => !first.some((f) => f.name === name))).toBe(true);
  });
});
