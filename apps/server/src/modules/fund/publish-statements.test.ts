import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { bearer, createInvestment, createProject, createUser, login } from '../../../test/helpers';
import { useMailTest } from '../../../test/smtp-sink';

const mt = useMailTest();

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token = mt.adminToken, payload?: object) =>
  mt.ctx.app.inject({ method, url, headers: bearer(token), payload });

describe('publishing statements', () => {
  it('tells every investor who held an investment by the period’s end, by email unless payouts email is off', async () => {
    const project = await createProject(mt.ctx.db, { name: 'Aurora Cabins' });
    const emma = await createUser(mt.ctx.db, { name: 'Emma Lind' });
    const off = await createUser(mt.ctx.db, { name: 'Otto Off' });
    const later = await createUser(mt.ctx.db, { name: 'Lena Later' });
    const gone = await createUser(mt.ctx.db, { name: 'Ina Inactive', isActive: false });
    await createInvestment(mt.ctx.db, emma.id, project.id, { startDate: '2024-11-01' });
    await createInvestment(mt.ctx.db, off.id, project.id, { startDate: '2025-03-31' });
    await createInvestment(mt.ctx.db, later.id, project.id, { startDate: '2025-04-01' });
    await createInvestment(mt.ctx.db, gone.id, project.id, { startDate: '2024-01-01' });
    const offToken = (await login(mt.ctx.app, off.email, off.password)).accessToken;
    await call('PUT', '/api/users/me/email-preferences', offToken, { payouts: false });

    const before = (await call('GET', '/api/admin/statements')).json().data;
    expect(before.publications).toEqual([]);
    expect(before.publishable).toContain('2025-Q1');
    expect(before.publishable).toContain('2024');
    expect(before.publishable).not.toContain('2023');

    const res = await call('POST', '/api/admin/statements/2025-Q1/publish');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      data: { period: '2025-Q1', recipients: 2, emailed: 1 },
      message: 'Statements published to 2 investors',
    });
    await mt.ctx.deps.jobs.drain('mail');
    expect(mt.sink.messages).toHaveLength(1);
    const [mail] = mt.sink.to(emma.email);
    expect(mail!.subject).toBe('Your statement for Q1 2025 is ready');
    expect(mail!.text).toContain('http://portal.test/documents');
    const told = (
      (await mt.ctx.db.execute(
        sql`select u.name from notifications n join users u on u.id = n.user_id where n.title = 'Statement for Q1 2025' order by u.name`,
      )) as unknown as { rows: { name: string }[] }
    ).rows.map((r) => r.name);
    expect(told).toEqual(['Emma Lind', 'Otto Off']);

    const outbox = await call('GET', `/api/admin/outbox?batchId=${res.json().data.batchId}`);
    expect(outbox.json().data.counts).toMatchObject({ sent: 1 });
    const after = (await call('GET', '/api/admin/statements')).json().data;
    expect(after.publications).toMatchObject([{ period: '2025-Q1', recipients: 2, emailed: 1 }]);
    expect(after.publishable).not.toContain('2025-Q1');
  });

  it('once per period; a period not ended is a 400, one nobody held a 400; investors may not publish', async () => {
    const project = await createProject(mt.ctx.db);
    const emma = await createUser(mt.ctx.db);
    await createInvestment(mt.ctx.db, emma.id, project.id, { startDate: '2024-05-01' });
    expect((await call('POST', '/api/admin/statements/2024-Q3/publish')).statusCode).toBe(200);
    const again = await call('POST', '/api/admin/statements/2024-Q3/publish');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The statements for Q3 2024 are already published');
    const year = new Date().getUTCFullYear();
    const future = await call('POST', `/api/admin/statements/${year}/publish`);
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toMatch(new RegExp(`^The period ${year} has not ended yet`));
    const empty = await call('POST', '/api/admin/statements/2023-Q1/publish');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Nobody held an investment in Q1 2023');
    const bad = await call('POST', '/api/admin/statements/2024-Q5/publish');
    expect(bad.statusCode).toBe(400);
    const investor = (await login(mt.ctx.app, emma.email, emma.password)).accessToken;
    expect((await call('POST', '/api/admin/statements/2024-Q2/publish', investor)).statusCode).toBe(403);
    // Nothing half-written: the refused ones left no publication behind.
    const list = (await call('GET', '/api/admin/statements')).json().data;
    expect(list.publications.map((p: { period: string }) => p.period)).toEqual(['2024-Q3']);
  });
});
