import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { RETURNS_IMPORT_MAX_BYTES, monthLabel } from '@portal/contracts';
import { auditLog, capitalReturns, monthlyReturns, users } from '../../db/schema';
import { bearer, createHolding, createProject, createUser, login, useAdminApp } from '../../../test/helpers';
import { multipart } from '../documents/test-support';

const ctx = useAdminApp();

const HEADER = 'investor,project,month,amount,kind';

async function upload(csv: string | Buffer, dryRun: boolean | string = true, as = ctx.admin.token) {
  const form = await multipart(
    {},
    { data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv), name: 'returns.csv', type: 'text/csv' },
  );
  return ctx.app.inject({
    method: 'POST',
    url: `/api/returns/import?dryRun=${String(dryRun)}`,
    headers: { ...bearer(as), ...form.headers },
    payload: form.payload,
  });
}

/** An investor holding a project, with their investor ID read back. */
async function holder(projectName?: string) {
  const { user, project } = await createHolding(
    ctx.db,
    { amount: '10000.00' },
    { project: projectName ? { name: projectName } : {} },
  );
  const [row] = await ctx.db
    .select({ investorId: users.investorId })
    .from(users)
    .where(eq(users.id, user.id));
  return { user, project, investorId: row!.investorId! };
}

const rowsOf = async (userId: string) => ({
  income: await ctx.db.select().from(monthlyReturns).where(eq(monthlyReturns.userId, userId)),
  capital: await ctx.db.select().from(capitalReturns).where(eq(capitalReturns.userId, userId)),
});

const nextMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
};

describe('POST /api/returns/import', () => {
  it('checks every row in a dry run, naming each problem, and writes nothing', async () => {
    const { user, project, investorId } = await holder();
    const other = await createProject(ctx.db);
    const stranger = await createUser(ctx.db);
    await ctx.db
      .insert(monthlyReturns)
      .values({ userId: user.id, projectId: project.id, month: '2024-12', amount: '5.00' });
    const before = await rowsOf(user.id);
    const next = nextMonth();
    const csv = [
      HEADER,
      `${user.email},${project.id},2025-01,100.50,income`, // 2: good
      `${investorId},${project.name},2025-01,200,capital`, // 3: good
      '',
      `nobody@example.test,${project.id},2025-02,1,`, // 5: unknown investor
      `${user.email},No such project,2025-02,1,income`, // 6: unknown project
      `${user.email},${other.id},2025-02,1,income`, // 7: not held
      `${stranger.email},${project.id},2025-02,1,income`, // 8: not held
      `${user.email},${project.id},${next},1,income`, // 9: month not begun
      `${user.email},${project.id},2025-13,1,income`, // 10: bad month
      `${user.email},${project.id},2025-03,1.234,income`, // 11: 3 decimals
      `${user.email},${project.id},2025-04,0,income`, // 12: zero
      `${user.email},${project.id},2025-05,-5,income`, // 13: negative
      `${user.email},${project.id},2025-06,1,dividend`, // 14: bad kind
      `${user.email.toUpperCase()},${project.id},2025-01,3,income`, // 15: same as line 2
      `${user.email},${project.id},2024-12,3,income`, // 16: already recorded
      `${user.email},${project.id},2024-12,3,capital`, // 17: capital: fine
      `${user.email},${project.id}`, // 18: too few values
    ].join('\n');
    const res = await upload(csv, true);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.written).toBe(0);
    expect(body.message).toBe('13 of 16 rows have problems');
    const byRow = Object.fromEntries(
      body.data.rows.map((r: { row: number; ok: boolean; error?: string }) => [r.row, r.error ?? 'ok']),
    );
    expect(byRow).toEqual({
      2: 'ok',
      3: 'ok',
      5: 'No investor has the ID or email "nobody@example.test"',
      6: 'No project has the id or name "No such project"',
      7: 'This investor holds no investment in this project',
      8: 'This investor holds no investment in this project',
      9: `${monthLabel(next)} has not begun yet: a return can be recorded up to ${monthLabel(new Date().toISOString().slice(0, 7))}`,
      10: 'Month "2025-13" must be YYYY-MM',
      11: 'Amount 1.234 must have at most 2 decimals',
      12: 'Amount must be more than 0',
      13: 'Amount "-5" must be a number such as 1234.50 (no signs or separators)',
      14: 'Kind "dividend" must be income or capital',
      15: 'The same investor, project, month and kind as line 2',
      16: 'A return for Dec 2024 is already recorded for this investor and project',
      17: 'ok',
      18: 'The line has 2 values, the header 5; Month is missing; Amount is missing',
    });
    expect(body.data.rows.find((r: { row: number }) => r.row === 2)).toEqual({ row: 2, ok: true });
    expect(await rowsOf(user.id)).toEqual(before);
  });

  it('writes nothing on a real run with one bad row: 400 with the same rows', async () => {
    const { user, project } = await holder();
    const csv = [
      HEADER,
      `${user.email},${project.id},2025-01,10,income`,
      `${user.email},${project.id},2025-02,10,`,
      `${user.email},${project.id},2025-03,abc,income`,
    ].join('\r\n');
    const dry = (await upload(csv, true)).json();
    const res = await upload(csv, false);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: '1 of 3 rows have problems: nothing was written',
      error: '1 of 3 rows have problems: nothing was written',
      code: 'distributions.import_rows_bad',
      params: { bad: 1, total: 3 },
      data: { rows: dry.data.rows, written: 0 },
    });
    expect(res.json().data.rows[2]).toEqual({
      row: 4,
      ok: false,
      error: 'Amount "abc" must be a number such as 1234.50 (no signs or separators)',
    });
    expect(await rowsOf(user.id)).toEqual({ income: [], capital: [] });
  });

  it("refuses a row for a month before the investment's start month, naming both, income or capital; nothing is written", async () => {
    const { user, project } = await createHolding(ctx.db, { amount: '20000.00', startDate: '2026-06-01' });
    const csv = [
      HEADER,
      `${user.email},${project.id},2025-01,55.00,income`, // 2: before the start
      `${user.email},${project.id},2026-05,100,capital`, // 3: before the start
      `${user.email},${project.id},2026-06,10,income`, // 4: the start month: fine
    ].join('\n');
    const res = await upload(csv, false);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.rows).toEqual([
      { row: 2, ok: false, error: "Jan 2025 is before this investment's start month, Jun 2026" },
      { row: 3, ok: false, error: "May 2026 is before this investment's start month, Jun 2026" },
      { row: 4, ok: true },
    ]);
    expect(await rowsOf(user.id)).toEqual({ income: [], capital: [] });
  });

  it('refuses a row for a month after the investment ended (its capital returned in full); nothing is written', async () => {
    const { user, project } = await holder();
    await ctx.db
      .insert(capitalReturns)
      .values({ userId: user.id, projectId: project.id, amount: '10000.00', paymentDate: '2024-12-15' });
    const csv = [
      HEADER,
      `${user.email},${project.id},2024-12,10,income`, // 2: the month it ended: fine
      `${user.email},${project.id},2025-02,10,income`, // 3: after it ended
    ].join('\n');
    const res = await upload(csv, false);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.rows).toEqual([
      { row: 2, ok: true },
      {
        row: 3,
        ok: false,
        error: 'Feb 2025 is after this investment ended, Dec 2024 (its capital was returned in full)',
      },
    ]);
    expect((await rowsOf(user.id)).income).toEqual([]);
  });

  it('writes income and capital rows in one go: the totals move and the audit row counts them', async () => {
    const { user, project, investorId } = await holder(`Import Lodge ${Date.now()}`);
    const csv = [
      HEADER,
      `${user.email.toUpperCase()},${project.name},2025-01,100.10,income`,
      `${investorId.toLowerCase()},${project.id.toUpperCase()},2025-02,0.2,`,
      `${investorId},${project.name},2025-02,2500,capital`,
      `${user.email},${project.id},2025-03,500.5,Capital`,
    ].join('\n');
    const investor = await login(ctx.app, user.email, user.password);
    const me = async () =>
      (
        await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(investor.accessToken) })
      ).json().data;
    expect((await me()).totalReturned).toBe(0);

    const dry = await upload(csv, true);
    expect(dry.json()).toMatchObject({ message: 'All 4 rows can be imported', data: { written: 0 } });
    const res = await upload(csv, false);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: '4 rows imported',
      data: { rows: [2, 3, 4, 5].map((row) => ({ row, ok: true })), written: 4 },
    });
    const { income, capital } = await rowsOf(user.id);
    expect(income.map((r) => [r.projectId, r.month, r.amount]).sort()).toEqual([
      [project.id, '2025-01', '100.10'],
      [project.id, '2025-02', '0.20'],
    ]);
    expect(capital.map((r) => [r.paymentDate, r.amount, r.distributionId]).sort()).toEqual([
      ['2025-02-28', '2500.00', null],
      ['2025-03-31', '500.50', null],
    ]);
    const data = await me();
    expect(data.totalReturned).toBe(100.3);
    expect(data.capitalReturned).toBe(3000.5);
    expect(data.investments[0].returns).toBe(100.3);

    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'import'), eq(auditLog.entity, 'monthly-return')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.details).toEqual({ rows: 4, income: 2, capital: 2 });

    // Income once per month; the same file again is refused whole, capital rows included.
    const again = await upload(csv, false);
    expect(again.statusCode).toBe(400);
    expect(
      again
        .json()
        .data.rows.filter((r: { ok: boolean }) => !r.ok)
        .map((r: { row: number }) => r.row),
    ).toEqual([2, 3]);
    expect((await rowsOf(user.id)).capital).toHaveLength(2);
  });

  it('finds a project by its name in any case', async () => {
    const name = `Aurora Lakeside Cabins ${Date.now()}`;
    const { user, project } = await holder(name);
    const csv = `${HEADER}\n${user.email},${name.toLowerCase()},2025-01,1,income\n${user.email},${name.toUpperCase()},2025-02,2,income`;
    const res = await upload(csv, false);
    expect(res.json()).toMatchObject({ message: '2 rows imported', data: { written: 2 } });
    expect((await rowsOf(user.id)).income.map((r) => [r.projectId, r.month])).toEqual([
      [project.id, '2025-01'],
      [project.id, '2025-02'],
    ]);
    // Two projects whose names differ only in case: the name is ambiguous.
    await createProject(ctx.db, { name: name.toUpperCase() });
    const twins = await upload(`${HEADER}\n${user.email},${name.toLowerCase()},2025-03,1,income`, true);
    expect(twins.json().data.rows).toEqual([
      { row: 2, ok: false, error: `2 projects are named "${name.toLowerCase()}": give the project's id` },
    ]);
  });

  it('refuses a project name two projects share, asking for the id', async () => {
    const name = `Twin ${Date.now()}`;
    const { user } = await holder(name);
    await createProject(ctx.db, { name });
    const res = await upload(`${HEADER}\n${user.email},${name},2025-01,1,income`, true);
    expect(res.json().data.rows).toEqual([
      { row: 2, ok: false, error: `2 projects are named "${name}": give the project's id` },
    ]);
  });

  it('refuses bad files with a message naming the problem', async () => {
    const { user, project } = await holder();
    const good = `${user.email},${project.id},2025-01,1,income`;
    const message = async (csv: string | Buffer, status = 400) => {
      const res = await upload(csv, true);
      expect(res.statusCode).toBe(status);
      expect(res.json().data).toBeUndefined();
      return res.json().message as string;
    };
    expect(await message('')).toBe('The file is empty');
    expect(await message(`${HEADER}\n`)).toBe('The file has no rows below its header');
    expect(await message(`investor,project,month,amount\n${good}`)).toBe(
      `The header line misses kind: the first line must be ${HEADER}`,
    );
    expect(await message(`investor,project,month,amount,kind,note\n${good},x`)).toBe(
      `The header line has unknown columns "note": the first line must be ${HEADER}`,
    );
    expect(await message(`${good}\n${good}`)).toMatch(
      /^The header line misses investor, project, month, amount, kind/,
    );
    expect(await message(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]))).toBe(
      'The file is not a CSV text file',
    );
    expect(await message(`${HEADER}\n"${good}`)).toMatch(/^The file is not valid CSV: /);
    // Columns in another order, a byte order mark and spaces around the values are fine.
    const reordered = await upload(
      `\uFEFFKind, Amount ,month,project,investor\nincome, 12.5 ,2025-01,${project.id},${user.email}`,
      true,
    );
    expect(reordered.json().data.rows).toEqual([{ row: 2, ok: true }]);

    const many = `${HEADER}\n${`${good}\n`.repeat(50_001)}`;
    expect(await message(many)).toBe('The file has 50,001 rows: at most 50,000 can be imported at once');
    const huge = Buffer.alloc(RETURNS_IMPORT_MAX_BYTES + 10, 'a');
    expect(await message(huge, 413)).toBe('The file is larger than the import limit of 8 MB');

    const noFile = await multipart({ note: 'x' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/returns/import?dryRun=true',
      headers: { ...bearer(ctx.admin.token), ...noFile.headers },
      payload: noFile.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No file was sent: put the CSV in the field "file"');
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/returns/import?dryRun=true',
      headers: bearer(ctx.admin.token),
      payload: { rows: [] },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe('Send the CSV file in a multipart form, in the field "file"');
    const noFlag = await upload(`${HEADER}\n${good}`, 'maybe');
    expect(noFlag.statusCode).toBe(400);
    expect(noFlag.json().message).toBe('Dry run must be true or false');
  });

  it('refuses a file over the limit with a 413 and writes nothing, also when it arrives cut exactly at the limit', async () => {
    const { user, project } = await holder();
    // Blank lines (skipped) up to the limit, which falls inside the second row's amount: cut there,
    // the file would read as a good file importing 12.00 instead of 1234.56.
    const rows = `${user.email},${project.id},1999-01,10.00,income\n${user.email},${project.id},1999-02,12`;
    const head = `${HEADER}\n`;
    const kept = Buffer.from(
      `${head}${'\n'.repeat(RETURNS_IMPORT_MAX_BYTES - head.length - rows.length)}${rows}`,
    );
    expect(kept.length).toBe(RETURNS_IMPORT_MAX_BYTES);
    const file = Buffer.concat([kept, Buffer.from(`34.56,income\n${'\n'.repeat(64 * 1024)}`)]);
    const form = await multipart({}, { data: file, name: 'returns.csv', type: 'text/csv' });
    // Where the file's bytes start in the form, to send the form in two pieces split at the limit.
    const at = form.payload.indexOf(kept.subarray(0, head.length)) + RETURNS_IMPORT_MAX_BYTES;
    const send = (dryRun: boolean, split: boolean) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/returns/import?dryRun=${dryRun}`,
        headers: { ...bearer(ctx.admin.token), ...form.headers },
        payload: split
          ? Readable.from([form.payload.subarray(0, at), form.payload.subarray(at)])
          : form.payload,
      });
    for (const dryRun of [true, false])
      for (const split of [false, true]) {
        const res = await send(dryRun, split);
        expect(res.statusCode, `dryRun=${dryRun}, split=${split}`).toBe(413);
        expect(res.json().message).toBe('The file is larger than the import limit of 8 MB');
      }
    expect(await rowsOf(user.id)).toEqual({ income: [], capital: [] });
  });

  it('refuses a form with two files, whichever field the second is in, and writes nothing', async () => {
    const { user, project } = await holder();
    const csv = (month: string) => `${HEADER}\n${user.email},${project.id},${month},10,income`;
    for (const second of ['file', 'other']) {
      const form = new FormData();
      form.append('file', new Blob([csv('2025-01')], { type: 'text/csv' }), 'january.csv');
      form.append(second, new Blob([csv('2025-02')], { type: 'text/csv' }), 'february.csv');
      const body = new Response(form);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/returns/import?dryRun=false',
        headers: { ...bearer(ctx.admin.token), 'content-type': body.headers.get('content-type')! },
        payload: Buffer.from(await body.arrayBuffer()),
      });
      expect(res.statusCode, second).toBe(400);
      expect(res.json().message).toBe(
        'The form has more than one file: send only the CSV, in the field "file"',
      );
    }
    expect(await rowsOf(user.id)).toEqual({ income: [], capital: [] });
  });

  it('is for administrators: an investor gets 403 and nothing is written', async () => {
    const { user, project } = await holder();
    const investor = await login(ctx.app, user.email, user.password);
    const res = await upload(
      `${HEADER}\n${user.email},${project.id},2025-01,1,income`,
      false,
      investor.accessToken,
    );
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(user.id)).toEqual({ income: [], capital: [] });
  });
});
