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

  it('has updates in all three categories, each with HTML content and images', async () => {
    const rows = await queryRows<{ category: string; content: string; images: string[] }>(
      database.db,
      sql`select category, content, images from updates`,
    );
    for (const category of ['milestone', 'financial', 'general']) {
      const ofCategory = rows.filter((r) => r.category === category);
      expect(ofCategory.length, category).toBeGreaterThan(0);
      expect(
        ofCategory.some((r) => /<(p|ul|strong|h[1-6])\b[^>]*>/.test(r.content) && r.images.length > 0),
        `${category}: an update with HTML content and images`,
      ).toBe(true);
    }
  });

  it('serves every photo, video and thumbnail itself: same-origin paths to files the web app ships', async () => {
    const publicDir = path.resolve(import.meta.dirname, '../../../../web/public');
    const media = await queryRows<{ url: string | null; thumbnail: string | null }>(
      database.db,
      sql`select url, thumbnail from project_media
          union all select url, thumbnail from documents where kind = 'media'`,
    );
    const updateRows = await queryRows<{ content: string; images: string[] }>(
      database.db,
      sql`select content, images from updates`,
    );
    const inlineImages = updateRows.flatMap((r) =>
      [...r.content.matchAll(/<img\b[^>]*\bsrc="([^"]*)"/g)].map((m) => m[1]!),
    );
    const urls = [
      ...media.flatMap((m) => [m.url, m.thumbnail]),
      ...updateRows.flatMap((r) => r.images),
      ...inlineImages,
    ].filter((u): u is string => !!u);
    expect(media.length).toBeGreaterThan(0);
    expect(urls.some((u) => u.endsWith('.webm'))).toBe(true);
    for (const url of urls) {
      expect(url, 'a same-origin path').toMatch(/^\/(?!\/)/);
      expect(fs.existsSync(path.join(publicDir, url)), `${url} is a file of apps/web/public`).toBe(true);
    }
  });
});
