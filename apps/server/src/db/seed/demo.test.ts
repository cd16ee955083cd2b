import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../../test/helpers';
import { queryRows, type Database } from '../client';
import { createLocalStorage } from '../../storage/file-storage';
import { isEmpty, launchFrom, seedDemo } from './demo';

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
  'distributions',
  'distribution_allocations',
  'capital_returns',
  'cabins',
  'high_seasons',
  'swap_offers',
];

async function counts() {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const [row] = await queryRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${t}`));
    out[t] = row!.n;
  }
  return out;
}

const bookedNights = async () =>
  (
    await queryRows<{ booking_id: string; night: string }>(
      database.db,
      sql`select booking_id, night::text as night from booking_nights order by booking_id, night`,
    )
  ).map((r) => `${r.booking_id} ${r.night}`);

/**
 * The first investor's demo bookings lie around `today`: stays taken before it, a pending request well
 * after; and the allowances are valid, one of them expiring soon.
 */
async function expectBookingsAround(db: Database, today: string) {
  const rows = await queryRows<{ status: string; nights: string[]; created: string }>(
    db.db,
    sql`select b.status, b.nights, to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD') as created
          from bookings b join users u on u.id = b.user_id where u.email = 'investor@example.com'`,
  );
  const pending = rows.filter((r) => r.status === 'pending');
  const approved = rows.filter((r) => r.status === 'approved');
  expect(pending.length).toBeGreaterThan(0);
  expect(approved.length).toBeGreaterThan(0);
  const inDays = (night: string) => (Date.parse(night) - Date.parse(today)) / 86_400_000;
  // A month or more ahead, so a pending request stays in the future for the life of a demo.
  for (const r of pending) for (const n of r.nights) expect(inDays(n), n).toBeGreaterThanOrEqual(30);
  // Approved stays either already taken, or far enough ahead to stay ahead (they are offered in a swap).
  for (const r of approved) {
    const ahead = r.nights.map(inDays);
    expect(ahead.every((d) => d < 0) || ahead.every((d) => d >= 30), r.nights.join()).toBe(true);
  }
  expect(approved.some((r) => inDays(r.nights[0]!) < 0)).toBe(true);
  for (const r of rows) expect(r.created < r.nights[0]!).toBe(true);
  for (const r of rows) expect(r.created <= today).toBe(true);
  // Every allowance is still valid, and one expires within three months (the "expires soon" case).
  const expiries = (
    await queryRows<{ expires: string }>(db.db, sql`select expires_at::text as expires from cabin_allowances`)
  ).map((r) => inDays(r.expires));
  for (const d of expiries) expect(d).toBeGreaterThan(30);
  expect(expiries.some((d) => d <= 92)).toBe(true);
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
    // Seeding again on another day neither duplicates nor moves the bookings made the first time.
    const nightsBefore = await bookedNights();
    await seedDemo(database.db, storage, new Date(Date.now() + 40 * 86_400_000));
    expect(await counts()).toEqual(first);
    expect(await bookedNights()).toEqual(nightsBefore);
  });

  it('places the demo bookings relative to the seeding day: stays taken in the past, a pending request ahead', async () => {
    // A database seeded on a day far from the others, so fixed dates could not pass by chance.
    const other = await openTestDatabase();
    const today = '2031-03-15';
    try {
      await seedDemo(
        other.db,
        createLocalStorage(fs.mkdtempSync(path.join(dir, 'other-'))),
        new Date(`${today}T18:30:00Z`),
      );
      await expectBookingsAround(other, today);
    } finally {
      await other.close();
    }
    await expectBookingsAround(database, new Date().toISOString().slice(0, 10));
  });

  it('gives every project cabins, and the first project a high season with full nights and a swap offer waiting', async () => {
    const [row] = await queryRows<{ without: number; full: number; peak: number; swaps: number }>(
      database.db,
      sql`
      select
        (select count(*)::int from projects p where not exists (select 1 from cabins c where c.project_id = p.id)) as without,
        (select count(*)::int from (
          select bn.project_id, bn.night from booking_nights bn join cabins c on c.id = bn.cabin_id and c.active
          group by bn.project_id, bn.night
          having count(*) = (select count(*) from cabins c2 where c2.project_id = bn.project_id and c2.active)
        ) f) as full,
        (select count(*)::int from booking_nights bn join high_seasons s
           on s.project_id = bn.project_id and bn.night between s.starts_on and s.ends_on) as peak,
        (select count(*)::int from swap_offers where status = 'pending') as swaps`,
    );
    // Peak nights: five this season, and seven last winter (the fairness ledger's history).
    expect(row).toEqual({ without: 0, full: 2, peak: 12, swaps: 1 });
    // A Christmas draw open for rankings, with both demo investors' rankings.
    const [draw] = await queryRows<{ status: string; stays: number; rankings: number; hashed: boolean }>(
      database.db,
      sql`select a.status,
            (select count(*)::int from allocation_stays s where s.allocation_id = a.id) as stays,
            (select count(*)::int from allocation_preferences p where p.allocation_id = a.id) as rankings,
            a.seed_hash = encode(sha256(convert_to(a.seed, 'UTF8')), 'hex') as hashed
          from allocations a`,
    );
    expect(draw).toEqual({ status: 'open', stays: 3, rankings: 2, hashed: true });
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

  it("records no return for a month before its investment's start month or after it ended (capital returned)", async () => {
    const early = await queryRows<{ month: string; start: string }>(
      database.db,
      sql`select m.month, i.start_date::text as start from monthly_returns m
            join investments i on i.user_id = m.user_id and i.project_id = m.project_id
           where m.month < to_char(i.start_date, 'YYYY-MM')
          union all
          select to_char(c.payment_date, 'YYYY-MM'), i.start_date::text from capital_returns c
            join investments i on i.user_id = c.user_id and i.project_id = c.project_id
           where c.payment_date < date_trunc('month', i.start_date)
          union all
          select m.month, i.start_date::text from monthly_returns m
            join investments i on i.user_id = m.user_id and i.project_id = m.project_id
           where m.month > (select to_char(max(c.payment_date), 'YYYY-MM') from capital_returns c
                             where c.user_id = i.user_id and c.project_id = i.project_id
                            having sum(c.amount) >= i.amount)`,
    );
    expect(early).toEqual([]);
    const [counted] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from monthly_returns`,
    );
    expect(counted!.n).toBeGreaterThan(0);
  });

  it("returns Pine Hollow's capital with its final distribution: a final capital run and the first investor's return of capital", async () => {
    const rows = await queryRows<{
      kind: string;
      status: string;
      amount: string;
      paid: string;
      invested: string;
    }>(
      database.db,
      sql`
      select d.kind, d.status, c.amount, c.payment_date::text as paid, i.amount as invested
      from distributions d
      join projects p on p.id = d.project_id and p.name = 'Pine Hollow Retreat'
      join capital_returns c on c.distribution_id = d.id
      join users u on u.id = c.user_id and u.email = 'investor@example.com'
      join investments i on i.user_id = u.id and i.project_id = p.id`,
    );
    expect(rows).toEqual([
      { kind: 'capital', status: 'final', amount: '15000.00', paid: '2024-12-15', invested: '15000.00' },
    ]);
  });

  it("schedules Fjordview's income for this month after today: a final income run, Upcoming until its day, not yet counted", async () => {
    const rows = await queryRows<{
      kind: string;
      status: string;
      month: string;
      paid: string;
      future: boolean;
      returns: string;
      recorded: string;
    }>(
      database.db,
      sql`
      select d.kind, d.status, r.month, r.payment_date::text as paid,
             r.paid_on > (now() at time zone 'utc')::date as future,
             i.returns_from_months::text as recorded,
             (select sum(m.amount)::text from monthly_returns m
               where m.user_id = i.user_id and m.project_id = i.project_id and m.paid_on <= (now() at time zone 'utc')::date) as returns
      from distributions d
      join projects p on p.id = d.project_id and p.name = 'Fjordview Timber Lodges'
      join monthly_returns r on r.project_id = d.project_id and r.month = d.period and r.payment_date = d.payment_date
      join investments i on i.user_id = r.user_id and i.project_id = r.project_id
      where d.kind = 'income'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'income', status: 'final', future: true });
    expect(rows[0]!.paid.slice(8)).toBe('15');
    expect(Number(rows[0]!.recorded) - Number(rows[0]!.returns)).toBeCloseTo(240, 2);
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

  it('opens one project for interest with the spec’s location and figures and a launch some months after the seeding day', async () => {
    const rows = await queryRows<Record<string, string | boolean>>(
      database.db,
      sql`select name, location, investment_date::text as starts, interest_target::text as target, interest_commitments::text as commitments,
                 interest_minimum::text as minimum, interest_maximum::text as maximum,
                 projected_roi::text as roi, expected_launch::text as launch, cardinality(features) as features
            from projects where open_for_interest`,
    );
    expect(rows).toEqual([
      {
        name: 'Swiss Alpine Retreat Cabins',
        location: 'Alpine Region, Switzerland',
        starts: launchFrom(new Date()),
        target: '5000000.00',
        commitments: '2100000.00',
        minimum: '25000.00',
        maximum: '500000.00',
        roi: '9.20',
        launch: launchFrom(new Date()),
        features: 5,
      },
    ]);
    expect(Date.parse(rows[0]!.launch as string)).toBeGreaterThan(Date.now() + 120 * 86_400_000);
    // A quarter's first day, at least six months ahead, whatever the day.
    expect(launchFrom(new Date('2026-11-25T12:00:00Z'))).toBe('2027-07-01');
    expect(launchFrom(new Date('2026-10-01T00:00:00Z'))).toBe('2027-04-01');
    expect(launchFrom(new Date('2027-06-30T23:00:00Z'))).toBe('2028-01-01');
  });
});
