import { beforeAll, describe, expect, it } from 'vitest';
import type { Statement, StatementPeriodInfo } from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { and } from 'drizzle-orm';
import crypto from 'node:crypto';
import { capitalReturns, investments, monthlyReturns, statementFiles } from '../../db/schema';
import {
  bearer,
  createAdmin,
  createInvestment,
  createProject,
  createUser,
  useTestApp,
} from '../../../test/helpers';
import { pdfText } from '../../../test/pdf-text';
import { PRELIMINARY_NOTE, statementPdf } from './statements';

const ctx = useTestApp();
const today = new Date().toISOString().slice(0, 10);

/** Euros as a reader writes them, apart from the server's formatter: €1,234.50. */
const eur = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' }).format(n);

/** The quarters and years from 2024-Q3 that have ended, written apart from the server's code. */
function expectedPeriodsFrom2024Q3(): string[] {
  const all: { period: string; to: string; rank: number }[] = [];
  for (let y = 2024; y <= Number(today.slice(0, 4)); y++) {
    for (let q = y === 2024 ? 3 : 1; q <= 4; q++) {
      const to = new Date(Date.UTC(y, q * 3, 0)).toISOString().slice(0, 10);
      all.push({ period: `${y}-Q${q}`, to, rank: 1 });
    }
    all.push({ period: String(y), to: `${y}-12-31`, rank: 0 });
  }
  return all
    .filter((p) => p.to < today)
    .sort((a, b) => (a.to === b.to ? a.rank - b.rank : a.to < b.to ? 1 : -1))
    .map((p) => p.period);
}

let investor: { id: string; name: string; token: string };
let other: { token: string };
let early: { token: string };
let projectA: string;
let projectB: string;

beforeAll(async () => {
  const db = ctx.db;
  const u = await createUser(db, { name: 'Aino Virtanen-Åström' });
  investor = { id: u.id, name: u.name, token: await ctx.signIn(u) };
  const lake = await createProject(db, { name: 'Lakeside Cabins' });
  const forest = await createProject(db, { name: 'Forest Lodge' });
  const later = await createProject(db, { name: 'Later Lodge' });
  projectA = lake.id;
  projectB = forest.id;
  // Held before 2025-Q3: €1,000.00 of it came back in Q1, €2,345.67 in Q3; income in June (before),
  // July to September (within) and October (after).
  await createInvestment(db, u.id, lake.id, {
    amount: '12345.67',
    startDate: '2024-07-15',
    monthly: {
      '2025-06': '100.10',
      '2025-07': '101.11',
      '2025-08': '102.22',
      '2025-09': '103.33',
      '2025-10': '999.99',
    },
  });
  await db.insert(capitalReturns).values([
    { userId: u.id, projectId: lake.id, amount: '1000.00', paymentDate: '2025-03-31' },
    { userId: u.id, projectId: lake.id, amount: '2345.67', paymentDate: '2025-08-15' },
  ]);
  // Invested within 2025-Q3.
  await createInvestment(db, u.id, forest.id, {
    amount: '5000.50',
    startDate: '2025-08-01',
    monthly: { '2025-09': '25.05' },
  });
  // Invested after 2025-Q3: not in its statement.
  await createInvestment(db, u.id, later.id, { amount: '777.00', startDate: '2025-10-01' });

  // Another investor, holding from 2025 only.
  const o = await createUser(db);
  await createInvestment(db, o.id, lake.id, { amount: '1000.00', startDate: '2025-01-10' });
  other = { token: await ctx.signIn(o) };

  // An investment without a start date counts from its first monthly return.
  const e = await createUser(db);
  await createInvestment(db, e.id, forest.id, { amount: '100.00', monthly: { '2024-11': '1.00' } });
  await db.update(investments).set({ startDate: null }).where(eq(investments.userId, e.id));
  early = { token: await ctx.signIn(e) };
});

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('GET /api/statements', () => {
  it('lists every quarter and year that has ended since mid-2024, newest first, a year before its Q4', async () => {
    const res = await get('/api/statements', investor.token);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as StatementPeriodInfo[];
    expect(list.map((p) => p.period)).toEqual(expectedPeriodsFrom2024Q3());
    expect(list.every((p) => p.to < today)).toBe(true);
    expect(list.at(-1)).toEqual({
      period: '2024-Q3',
      kind: 'quarterly',
      from: '2024-07-01',
      to: '2024-09-30',
      published: false,
    });
    expect(list.find((p) => p.period === '2024')).toEqual({
      period: '2024',
      kind: 'annual',
      from: '2024-01-01',
      to: '2024-12-31',
      published: false,
    });
    const i = list.findIndex((p) => p.period === '2025');
    expect(list.slice(i, i + 3).map((p) => p.period)).toEqual(['2025', '2025-Q4', '2025-Q3']);
  });

  it('counts an investment without a start date from its first monthly return', async () => {
    const list = (await get('/api/statements', early.token)).json().data as StatementPeriodInfo[];
    expect(list.at(-1)?.period).toBe('2024-Q4');
    expect(list.map((p) => p.period)).toContain('2024');
  });

  it('is empty for an investor who holds nothing, and 401 without a sign-in', async () => {
    const u = await createUser(ctx.db);
    const token = await ctx.signIn(u);
    expect((await get('/api/statements', token)).json()).toEqual({ success: true, data: [] });
    expect((await get('/api/statements')).statusCode).toBe(401);
  });
});

describe('GET /api/statements/:period', () => {
  it('answers the capital account of 2025-Q3 to the cent: contribution, monthly income, return of capital', async () => {
    const res = await get('/api/statements/2025-Q3', investor.token);
    expect(res.statusCode).toBe(200);
    const s = res.json().data as Statement;
    expect(s).toMatchObject({
      investorName: 'Aino Virtanen-Åström',
      period: '2025-Q3',
      kind: 'quarterly',
      from: '2025-07-01',
      to: '2025-09-30',
    });
    expect(s.investorId).toMatch(/^INV-/);
    expect(s.projects).toEqual([
      {
        projectId: projectA,
        name: 'Lakeside Cabins',
        openingCapital: 11345.67,
        contributions: 0,
        capitalReturned: 2345.67,
        income: 306.66,
        incomeByMonth: [
          { month: '2025-07', amount: 101.11 },
          { month: '2025-08', amount: 102.22 },
          { month: '2025-09', amount: 103.33 },
        ],
        rentalIncome: [],
        adjustments: [],
        closingCapital: 9000,
      },
      {
        projectId: projectB,
        name: 'Forest Lodge',
        openingCapital: 0,
        contributions: 5000.5,
        capitalReturned: 0,
        income: 25.05,
        incomeByMonth: [{ month: '2025-09', amount: 25.05 }],
        rentalIncome: [],
        adjustments: [],
        closingCapital: 5000.5,
      },
    ]);
    expect(s.totals).toEqual({
      openingCapital: 11345.67,
      contributions: 5000.5,
      capitalReturned: 2345.67,
      income: 331.71,
      closingCapital: 14000.5,
    });
    const cents = (n: number) => Math.round(n * 100);
    for (const f of [...s.projects, s.totals])
      expect(cents(f.closingCapital)).toBe(
        cents(f.openingCapital) + cents(f.contributions) - cents(f.capitalReturned),
      );
  });

  it("gives the portfolio's IRR at the period's end: the rate that zeroes the flows' value", async () => {
    const { xirr } = (await get('/api/statements/2025-Q3', investor.token)).json().data as Statement;
    const flows = [
      { date: '2024-07-15', amount: -12345.67 },
      { date: '2025-03-31', amount: 1000 },
      { date: '2025-06-30', amount: 100.1 },
      { date: '2025-07-31', amount: 101.11 },
      { date: '2025-08-01', amount: -5000.5 },
      { date: '2025-08-15', amount: 2345.67 },
      { date: '2025-08-31', amount: 102.22 },
      { date: '2025-09-30', amount: 103.33 + 25.05 + 14000.5 },
    ];
    const npv = (rate: number) =>
      flows.reduce(
        (s, f) =>
          s + f.amount / (1 + rate) ** ((Date.parse(f.date) - Date.parse(flows[0]!.date)) / 86_400_000 / 365),
        0,
      );
    expect(xirr).not.toBeNull();
    expect(Math.sign(npv(xirr! - 0.0001))).not.toBe(Math.sign(npv(xirr! + 0.0001)));
  });

  it('answers a year, and leaves out what was invested after it', async () => {
    const s = (await get('/api/statements/2024', investor.token)).json().data as Statement;
    expect(s.projects.map((p) => [p.name, p.openingCapital, p.contributions, p.closingCapital])).toEqual([
      ['Lakeside Cabins', 0, 12345.67, 12345.67],
    ]);
  });

  it('404 for a period not ended, one before the first investment, and another investor’s', async () => {
    const year = today.slice(0, 4);
    for (const [period, token] of [
      [year, investor.token],
      [`${Number(year) + 1}-Q1`, investor.token],
      ['2024-Q2', investor.token],
      ['2024-Q3', other.token],
      ['2024', other.token],
    ] as const) {
      const res = await get(`/api/statements/${period}`, token);
      expect(res.statusCode, period).toBe(404);
      expect((await get(`/api/statements/${period}/pdf`, token)).statusCode, period).toBe(404);
    }
    // The other investor's own 2025-Q3 is theirs alone.
    const s = (await get('/api/statements/2025-Q3', other.token)).json().data as Statement;
    expect(s.projects.map((p) => p.openingCapital)).toEqual([1000]);
  });

  it('400 naming a malformed period; 401 without a sign-in', async () => {
    expect((await get('/api/statements/2025-Q5', investor.token)).json().message).toBe(
      "Period '2025-Q5' is not a year (2025) or a quarter (2025-Q3)",
    );
    for (const period of ['2025-Q5', '2025-3', 'Q3-2025', '25']) {
      const res = await get(`/api/statements/${period}`, investor.token);
      expect(res.statusCode, period).toBe(400);
      expect(res.json().message).toContain(`'${period}'`);
      expect((await get(`/api/statements/${period}/pdf`, investor.token)).statusCode).toBe(400);
    }
    expect((await get('/api/statements/2025-Q3')).statusCode).toBe(401);
    expect((await get('/api/statements/2025-Q3/pdf')).statusCode).toBe(401);
  });
});

describe('GET /api/statements/:period/pdf', () => {
  it('answers a PDF attachment whose text carries the JSON statement’s figures', async () => {
    const s = (await get('/api/statements/2025-Q3', investor.token)).json().data as Statement;
    const res = await get('/api/statements/2025-Q3/pdf', investor.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statement-${s.investorId}-2025-Q3.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Aino Virtanen-Åström');
    expect(text).toContain(s.investorId!);
    expect(text).toContain('2025-Q3');
    expect(text).toContain('2025-07-01 to 2025-09-30');
    const lines = text.split('\n');
    for (const p of s.projects) {
      expect(lines).toContain(p.name);
      for (const v of [p.openingCapital, p.contributions, p.capitalReturned, p.income, p.closingCapital])
        expect(lines).toContain(eur(v));
      for (const m of p.incomeByMonth) expect(lines).toContain(eur(m.amount));
    }
    for (const v of Object.values(s.totals)) expect(lines).toContain(eur(v));
    expect(lines).toContain('€9,000.00');
    expect(lines).toContain('€306.66');
    expect(lines).toContain('€14,000.50');
    expect(text).toContain(`Portfolio XIRR at 2025-09-30: ${(s.xirr! * 100).toFixed(1)}%`);
    expect(text).not.toContain('Later Lodge');
  });

  it('says "not available" when the IRR cannot be computed, and writes Latin Extended, other characters as ?', async () => {
    const base = (await get('/api/statements/2025-Q3', investor.token)).json().data as Statement;
    const pdf = Buffer.from(await statementPdf({ ...base, investorName: 'Łukasz Čapek Ő 李', xirr: null }));
    const text = await pdfText(pdf);
    expect(text).toContain('Portfolio XIRR at 2025-09-30: not available');
    expect(text).toContain('Investor: Łukasz Čapek Ő ?');
  });

  it('takes a few milliseconds (median of 20 downloads, logged)', async () => {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      const res = await get('/api/statements/2025-Q3/pdf', investor.token);
      times.push(performance.now() - t0);
      expect(res.statusCode).toBe(200);
    }
    times.sort((a, b) => a - b);
    console.log(`statement PDF: median ${times[10]!.toFixed(1)} ms over 20 downloads`);
  });
});

describe('published statements are frozen', () => {
  const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
  const listed = async (token: string, period: string) =>
    (
      (await get('/api/statements', token)).json().data as {
        period: string;
        published: boolean;
        sha256?: string;
      }[]
    ).find((p) => p.period === period);
  let adminToken: string;
  beforeAll(async () => {
    const admin = await createAdmin(ctx.db);
    adminToken = await ctx.signIn(admin);
  });
  const publish = (period: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/admin/statements/${period}/publish`,
      headers: bearer(adminToken),
    });

  it('a period not published is listed as preliminary, and its PDF says so', async () => {
    expect(await listed(investor.token, '2025-Q2')).toEqual({
      period: '2025-Q2',
      kind: 'quarterly',
      from: '2025-04-01',
      to: '2025-06-30',
      published: false,
    });
    const text = await pdfText((await get('/api/statements/2025-Q2/pdf', investor.token)).rawPayload);
    expect(text.split('\n')).toContain(PRELIMINARY_NOTE);
    expect(text).toContain('statement 2025-Q2 (preliminary) - page 1 of 1');
  });

  it('publishing stores each investor’s PDF; its download answers those bytes after the money under it changes', async () => {
    expect((await publish('2025-Q3')).statusCode).toBe(200);
    await ctx.deps.jobs.drain('statements');
    const stored = await ctx.db.select().from(statementFiles).where(eq(statementFiles.period, '2025-Q3'));
    expect(stored).toHaveLength(3); // every holder: the investor, the other, the early one
    const mine = stored.find((f) => f.userId === investor.id)!;

    const item = await listed(investor.token, '2025-Q3');
    expect(item).toMatchObject({ period: '2025-Q3', published: true, sha256: mine.sha256 });
    const first = await get('/api/statements/2025-Q3/pdf', investor.token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.headers['content-disposition']).toMatch(
      /^attachment; filename="statement-.+-2025-Q3\.pdf"$/,
    );
    expect(sha256(first.rawPayload)).toBe(mine.sha256);
    expect(first.rawPayload.length).toBe(mine.fileSize);
    const text = await pdfText(first.rawPayload);
    expect(text).not.toContain('Preliminary');
    expect(text).toContain(eur(306.66));

    // July's return changes under the published statement: the figures of the moment change, the
    // published PDF does not.
    await ctx.db
      .update(monthlyReturns)
      .set({ amount: '1101.11' })
      .where(and(eq(monthlyReturns.userId, investor.id), eq(monthlyReturns.month, '2025-07')));
    const live = (await get('/api/statements/2025-Q3', investor.token)).json().data as Statement;
    expect(live.totals.income).toBe(1331.71);
    const again = await get('/api/statements/2025-Q3/pdf', investor.token);
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, first.rawPayload)).toBe(0);
    expect((await listed(investor.token, '2025-Q3'))?.sha256).toBe(mine.sha256);
    await ctx.db
      .update(monthlyReturns)
      .set({ amount: '101.11' })
      .where(and(eq(monthlyReturns.userId, investor.id), eq(monthlyReturns.month, '2025-07')));
  });

  it('a download before the job reaches it stores the PDF once (two at once too); the job keeps it', async () => {
    expect((await publish('2025-Q2')).statusCode).toBe(200);
    const [a, b] = await Promise.all([
      get('/api/statements/2025-Q2/pdf', investor.token),
      get('/api/statements/2025-Q2/pdf', investor.token),
    ]);
    expect(a.statusCode).toBe(200);
    expect(Buffer.compare(a.rawPayload, b.rawPayload)).toBe(0);
    expect(await pdfText(a.rawPayload)).not.toContain('Preliminary');
    const rows = await ctx.db.select().from(statementFiles).where(eq(statementFiles.period, '2025-Q2'));
    expect(rows.map((r) => r.userId)).toEqual([investor.id]);
    expect(sha256(a.rawPayload)).toBe(rows[0]!.sha256);
    // The file that lost the race was deleted: every stored statement file has its row.
    const keys = new Set((await ctx.db.select().from(statementFiles)).map((r) => r.fileKey));
    const files: string[] = [];
    for await (const f of ctx.deps.storage.list()) if (f.key.endsWith('.pdf')) files.push(f.key);
    expect(new Set(files)).toEqual(keys);

    await ctx.deps.jobs.drain('statements');
    const after = await ctx.db.select().from(statementFiles).where(eq(statementFiles.period, '2025-Q2'));
    expect(after).toHaveLength(3);
    expect(after.find((r) => r.userId === investor.id)).toEqual(rows[0]);
    const c = await get('/api/statements/2025-Q2/pdf', investor.token);
    expect(Buffer.compare(c.rawPayload, a.rawPayload)).toBe(0);
  });

  it('the list stores a published statement the job has not reached, so that it can give its SHA-256', async () => {
    expect((await publish('2025')).statusCode).toBe(200);
    const item = await listed(investor.token, '2025');
    expect(item).toMatchObject({ published: true, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const pdf = await get('/api/statements/2025/pdf', investor.token);
    expect(sha256(pdf.rawPayload)).toBe(item!.sha256);
    // Another investor's published period is still a 404, and one they held nothing in stays unlisted.
    expect((await get('/api/statements/2024-Q3/pdf', other.token)).statusCode).toBe(404);
    await ctx.deps.jobs.drain('statements');
  });
});
