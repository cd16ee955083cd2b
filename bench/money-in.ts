/**
 * Money in at scale (issue 34): a capital call to `subscriptions` accepted subscriptions, then a camt.053
 * of as many credits, one paying each line by its creditor reference, read and matched. Both are run
 * in-process on the bench's PostgreSQL through the services the routes call (`createCall`, `parseCamt`
 * + `importStatement`), each timed from its start to its commit; the notices the route sends after its
 * answer (a PDF, the bell and an email each) are not part of it. The lines must add up to the call's total
 * to the cent and every line must be paid.
 *
 *   node --import tsx bench/money-in.ts [--subscriptions 10000] [--url postgres://…]   (a database of its own)
 */
import crypto from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/lib/passwords';
import type { Mailer } from '../apps/server/src/mail/mailer';
import { parseCamt } from '../apps/server/src/modules/bank-statements/camt';
import { camtFile } from '../apps/server/src/modules/bank-statements/camt-fixture';
import { createCall } from '../apps/server/src/modules/capital-calls/service';
import { importStatement } from '../apps/server/src/modules/reconciliation/service';

const round = (x: number) => Math.round(x * 10) / 10;

/** No subscription is paid in full by a 50 % call, so nothing is funded and no email is queued. */
const noMail = {
  queue: () => Promise.reject(new Error('the money-in bench sends no email')),
} as unknown as Mailer;

export async function moneyInRun(opts: { dbUrl: string; passwordHash: string; subscriptions: number }) {
  const tag = crypto.randomBytes(4).toString('hex');
  const client = new pg.Client({ connectionString: opts.dbUrl });
  await client.connect();
  let offeringId: string;
  let adminId: string;
  try {
    const { rows: admin } = await client.query<{ id: string }>(
      `insert into users (name, email, password_hash, investor_id, is_admin, activated_at)
       values ('Money-in Admin', $1, $2, $3, true, now()) returning id`,
      [`money-in-admin-${tag}@bench.test`, opts.passwordHash, `MIA-${tag.toUpperCase()}`],
    );
    adminId = admin[0]!.id;
    const { rows: project } = await client.query<{ id: string }>(
      `insert into projects (name, location, status) values ($1, 'Bench', 'active') returning id`,
      [`Bench Money-in ${tag}`],
    );
    const { rows: offering } = await client.query<{ id: string }>(
      `insert into offerings (project_id, minimum, maximum, target, closes_on)
       values ($1, 1000, 20000, 1000000000, '2030-12-31') returning id`,
      [project[0]!.id],
    );
    offeringId = offering[0]!.id;
    await client.query(
      `with u as (
         insert into users (name, email, password_hash, investor_id, is_active, activated_at)
         select 'Money-in Investor ' || g, 'money-in-' || $4 || '-' || g || '@bench.test', $1,
           'MI' || $4 || lpad(g::text, 6, '0'), true, now()
         from generate_series(1, $2::int) g
         returning id, investor_id
       )
       insert into subscriptions (offering_id, user_id, amount, status, accepted_at)
       select $3::uuid, u.id, (1000 + (hashtext(u.investor_id) & 8191))::numeric(14, 2) + 0.33, 'accepted', now()
       from u`,
      [opts.passwordHash, opts.subscriptions, offeringId, tag],
    );
    await client.query('analyze users, subscriptions');
  } finally {
    await client.end();
  }

  const database = await openDatabase({ url: opts.dbUrl, poolSize: 4, migrate: false });
  try {
    let t = performance.now();
    // The call and its lines; its notices' job is the queue's (one row, not part of what is timed here).
    const jobs = { send: async () => undefined };
    const call = await createCall(database.db, jobs, adminId, offeringId, {
      percent: 50,
      dueOn: '2030-01-31',
    });
    const callMs = performance.now() - t;
    const cents = call.lines.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0);
    if (call.lines.length !== opts.subscriptions || cents !== Math.round(Number(call.call.total) * 100))
      throw new Error(
        `capital call: ${call.lines.length} lines adding up to ${cents} cents, not ${call.call.total}`,
      );

    const xml = camtFile({
      entries: call.lines.map((l, i) => ({
        amount: l.amount,
        reference: l.reference,
        name: `Money-in Investor ${i + 1}`,
        accountServicerRef: `MI-${tag}-${i + 1}`,
      })),
    });
    t = performance.now();
    const camt = parseCamt(xml);
    const imported = await importStatement(database.db, noMail, adminId, {
      fileName: 'bench.xml',
      kind: camt.kind,
      sha256: crypto.createHash('sha256').update(xml).digest('hex'),
      transactions: camt.transactions,
    });
    const importMs = performance.now() - t;
    if (imported.matched !== opts.subscriptions || imported.duplicates !== 0)
      throw new Error(
        `statement import: ${JSON.stringify({ ...imported, unmatched: imported.unmatched.length })}`,
      );
    return {
      subscriptions: opts.subscriptions,
      callMs: round(callMs),
      statementEntries: imported.entries,
      statementKb: Math.round(Buffer.byteLength(xml) / 1024),
      importMs: round(importMs),
    };
  } finally {
    await database.close();
  }
}

/** Run alone: on a database of its own, migrated, dropped after. */
if (process.argv[1]?.endsWith('money-in.ts')) {
  const { values: args } = parseArgs({
    options: {
      subscriptions: { type: 'string', default: '10000' },
      url: {
        type: 'string',
        default:
          process.env.BENCH_DATABASE_URL ??
          process.env.TEST_DATABASE_URL ??
          'postgres://postgres@127.0.0.1:5432/postgres',
      },
    },
  });
  const name = `portal_bench_money_in_${crypto.randomBytes(4).toString('hex')}`;
  const url = new URL(args.url);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: args.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    await (await openDatabase({ url: url.toString(), poolSize: 1 })).close(); // migrates it
    const result = await moneyInRun({
      dbUrl: url.toString(),
      passwordHash: await hashPassword('bench-password-1'),
      subscriptions: Number(args.subscriptions),
    });
    console.info(result);
    if (result.callMs >= 3000 || result.importMs >= 3000) {
      console.error('over the budget of 3 s');
      process.exitCode = 1;
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
