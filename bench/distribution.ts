/**
 * A distribution run over many investors (issue 16): a project held by `investors` investors, then
 * `POST /api/distributions` (the draft: every allocation computed and written) and
 * `POST /api/distributions/{id}/finalize` (every investor's return, the audit row and every
 * notification, in one transaction), each timed from the request to its answer. The allocations are
 * read back and must add up to the amount to the cent.
 */
import pg from 'pg';

export async function distributionRun(opts: {
  dbUrl: string;
  base: string;
  adminToken: string;
  passwordHash: string;
  investors: number;
}) {
  const client = new pg.Client({ connectionString: opts.dbUrl });
  await client.connect();
  let projectId: string;
  try {
    const { rows } = await client.query<{ id: string }>(
      `insert into projects (name, location, status) values ('Bench Distribution Cabins', 'Bench', 'active') returning id`,
    );
    projectId = rows[0]!.id;
    await client.query(
      `with u as (
         insert into users (name, email, password_hash, investor_id, is_active, activated_at)
         select 'Distribution Investor ' || g, 'dist-' || g || '@bench.test', $1, 'DST-' || lpad(g::text, 6, '0'), true, now()
         from generate_series(1, $2::int) g
         returning id, investor_id
       )
       insert into investments (user_id, project_id, amount, start_date)
       select u.id, $3::uuid, (1000 + (hashtext(u.investor_id) & 8191))::numeric(14, 2) + 0.37, '2024-01-01'
       from u`,
      [opts.passwordHash, opts.investors, projectId],
    );
    await client.query('analyze users, investments');
  } finally {
    await client.end();
  }
  const headers = { authorization: `Bearer ${opts.adminToken}`, 'content-type': 'application/json' };
  const amount = 123_456.79;
  let t = performance.now();
  const drafted = await fetch(`${opts.base}/api/distributions`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ projectId, period: '2024-06', kind: 'income', amount, paymentDate: '2024-06-30' }),
  });
  const draftMs = performance.now() - t;
  if (drafted.status !== 201)
    throw new Error(`distribution draft: ${drafted.status} ${await drafted.text()}`);
  const run = (await drafted.json()).data as { _id: string; allocations: { amount: number }[] };
  const cents = run.allocations.reduce((s, a) => s + Math.round(a.amount * 100), 0);
  if (run.allocations.length !== opts.investors || cents !== Math.round(amount * 100))
    throw new Error(`distribution draft: ${run.allocations.length} allocations adding up to ${cents} cents`);
  t = performance.now();
  const final = await fetch(`${opts.base}/api/distributions/${run._id}/finalize`, {
    method: 'POST',
    headers: { authorization: headers.authorization },
  });
  const finalizeMs = performance.now() - t;
  if (!final.ok) throw new Error(`distribution finalize: ${final.status} ${await final.text()}`);
  return {
    investors: opts.investors,
    draftMs: Math.round(draftMs),
    finalizeMs: Math.round(finalizeMs),
    totalMs: Math.round(draftMs + finalizeMs),
  };
}
