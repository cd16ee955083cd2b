import { beforeAll, describe, expect, it } from 'vitest';
import { documents, monthlyReturns, notifications, projectMedia, updates } from '../src/db/schema';
import { createAllowance, createBooking, createPerk, isoDay } from './content-factories';
import { bearer, countQueries, createInvestment, createProject, createUser, useTestApp } from './helpers';

/**
 * No N+1 queries: every endpoint an investor's screens call reads in the same number of statements for
 * a newcomer with one of everything as for a long-standing investor with five investments, ten years of
 * monthly returns and plenty of content. Counted with every cache cold (sign-in check included).
 */
const ctx = useTestApp();

interface Investor {
  token: string;
  projectId: string;
}

const months = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `${2016 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
  );

async function investor(scale: { investments: number; months: number; content: number }): Promise<Investor> {
  const user = await createUser(ctx.db);
  const projectIds: string[] = [];
  for (let i = 0; i < scale.investments; i++) {
    const project = await createProject(ctx.db);
    projectIds.push(project.id);
    await createInvestment(ctx.db, user.id, project.id, { amount: '25000.00', startDate: '2016-01-01' });
    await ctx.db.insert(monthlyReturns).values(
      months(scale.months).map((month) => ({
        userId: user.id,
        projectId: project.id,
        month,
        amount: '101.25',
      })),
    );
  }
  const projectId = projectIds[0]!;
  const n = scale.content;
  const each = <T>(f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
  await ctx.db
    .insert(updates)
    .values(each((i) => ({ projectId, title: `Update ${i}`, excerpt: 'E', content: '<p>C</p>' })));
  await ctx.db.insert(documents).values(
    each((i) => ({
      projectId,
      kind: 'document' as const,
      name: `Shared ${i}`,
      category: 'Contracts' as const,
    })),
  );
  await ctx.db
    .insert(documents)
    .values(each((i) => ({ projectId, userId: user.id, kind: 'document' as const, name: `Own ${i}` })));
  await ctx.db.insert(projectMedia).values(
    each((i) => ({
      projectId,
      title: `Photo ${i}`,
      type: 'photo' as const,
      description: 'D',
      url: `/demo/photos/${i}.jpg`,
    })),
  );
  for (let i = 0; i < Math.min(n, 5); i++) await createPerk(ctx.db, projectId, { name: `Perk ${i}` });
  await createAllowance(ctx.db, user.id, projectId, { totalNights: 200, bonusNights: 5 });
  for (let i = 0; i < Math.min(n, 6); i++)
    await createBooking(ctx.db, user.id, projectId, [isoDay(30 + i * 3)]);
  await ctx.db
    .insert(notifications)
    .values(each((i) => ({ userId: user.id, title: `N${i}`, message: 'M', type: 'info' as const })));
  const accessToken = await ctx.signIn(user);
  return { token: accessToken, projectId };
}

const endpoints = (p: string) => [
  '/api/users/me',
  '/api/projects',
  `/api/projects/${p}`,
  '/api/investment/payouts',
  `/api/updates?projectId=${p}`,
  `/api/documents?projectId=${p}`,
  `/api/media?projectId=${p}`,
  `/api/perks/cabin-nights/${p}`,
  `/api/perks/benefits/${p}`,
  `/api/perks/usage-summary/${p}`,
  `/api/bookings?projectId=${p}`,
  '/api/notifications',
];

let small: Investor;
let large: Investor;

beforeAll(async () => {
  small = await investor({ investments: 1, months: 1, content: 1 });
  large = await investor({ investments: 5, months: 120, content: 12 });
}, 60_000);

describe('investor endpoints', () => {
  it('read in as many statements for five investments and ten years of returns as for one of each', async () => {
    const counts: Record<string, [number, number]> = {};
    for (const [i, who] of [small, large].entries()) {
      for (const url of endpoints(who.projectId)) {
        const key = url.replace(who.projectId, ':project');
        const n = await countQueries(ctx, async () => {
          const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(who.token) });
          expect(res.statusCode, url).toBe(200);
        });
        (counts[key] ??= [0, 0])[i] = n;
      }
    }
    for (const [url, [few, many]] of Object.entries(counts)) {
      expect(many, `${url}: ${few} statements for one of each, ${many} for many`).toBe(few);
      expect(few, url).toBeLessThanOrEqual(5);
    }
  });
});
