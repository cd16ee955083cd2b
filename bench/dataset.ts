import pg from 'pg';

export interface Scale {
  investors: number;
  projects: number;
  years: number;
  updatesPerProject: number;
  documentsPerProject: number;
  notifications: number;
  /** Investments an investor holds, least and most (the bench investor always five); 2-5 when left out. */
  investmentsPerInvestor?: readonly [number, number];
  /** Audit entries (account created, then updated) an investor; none when left out. */
  auditPerInvestor?: number;
}

export const FULL: Scale = {
  investors: 10_000,
  projects: 50,
  years: 10,
  updatesPerProject: 20,
  documentsPerProject: 10,
  notifications: 100_000,
};
export const QUICK: Scale = {
  investors: 1_000,
  projects: 20,
  years: 3,
  updatesPerProject: 10,
  documentsPerProject: 5,
  notifications: 10_000,
};

/**
 * The embedded database's dataset (PGlite runs PostgreSQL in WebAssembly, single-threaded): a tenth of
 * the investors, still ten years of monthly returns each.
 */
export const EMBEDDED: Scale = {
  investors: 1_000,
  projects: 20,
  years: 10,
  updatesPerProject: 20,
  documentsPerProject: 10,
  notifications: 10_000,
};
export const EMBEDDED_QUICK: Scale = {
  investors: 200,
  projects: 10,
  years: 3,
  updatesPerProject: 5,
  documentsPerProject: 5,
  notifications: 1_000,
};

/** What loadDataset needs of a connection: pg's Client, or PGlite through `pgliteSession`. */
export interface SqlClient {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/** A PGlite database as a SqlClient: statements without parameters may be several, as with pg. */
export const pgliteSession = (db: {
  query(text: string, values?: unknown[]): Promise<unknown>;
  exec(text: string): Promise<unknown>;
}): SqlClient => ({
  query: (text, values) => (values?.length ? db.query(text, values) : db.exec(text)),
});

export const BENCH_PASSWORD = 'bench-password-1';
export const BENCH_INVESTOR = 'bench.investor@example.com';
export const BENCH_ADMIN = 'bench.admin@example.com';

/**
 * Loads the benchmark dataset with set-based inserts (generate_series), so that millions of monthly
 * returns go in as a handful of statements, into PostgreSQL (a URL) or an open PGlite database. Every
 * investor holds 2-5 investments; the bench investor holds exactly five. `passwordHash` is one argon2id
 * hash used for every account. The database must be migrated and hold no other data.
 */
export async function loadDataset(
  target: string | SqlClient,
  scale: Scale,
  passwordHash: string,
): Promise<Record<string, number>> {
  const own = typeof target === 'string' ? new pg.Client({ connectionString: target }) : null;
  await own?.connect();
  const client: SqlClient = own ?? (target as SqlClient);
  const timings: Record<string, number> = {};
  const run = async (name: string, text: string, values: unknown[] = []) => {
    const t = performance.now();
    await client.query(text, values);
    timings[name] = Math.round(performance.now() - t);
  };
  const months = scale.years * 12;
  try {
    await client.query('begin');
    await run(
      'projects',
      `insert into projects (name, location, status, total_investment, total_returned, annual_roi, investment_date,
         investment_period, expected_monthly_return, description)
       select 'Bench Project ' || g, 'Region ' || (g % 9), case when g % 5 = 0 then 'completed' else 'active' end,
         1000000 + g * 1000, 100000 + g * 100, (6 + g % 5)::text, date '2016-01-01', 120, 0.7,
         'A project of the benchmark dataset.'
       from generate_series(1, $1::int) g`,
      [scale.projects],
    );
    await run(
      'users',
      `insert into users (name, email, password_hash, investor_id, is_admin, is_active, activated_at, city, country)
       select 'Investor ' || lpad(g::text, 6, '0'),
              case when g = 1 then $3 else 'investor' || g || '@bench.example.com' end,
              $2, 'INV-2016-' || lpad(upper(to_hex(g)), 6, '0'), false, true, now(), 'City ' || (g % 100), 'Finland'
       from generate_series(1, $1::int) g`,
      [scale.investors, passwordHash, BENCH_INVESTOR],
    );
    await client.query(
      `insert into users (name, email, password_hash, investor_id, is_admin, is_active, activated_at)
       values ('Bench Admin', $1, $2, 'INV-2016-ADMIN0', true, true, now())`,
      [BENCH_ADMIN, passwordHash],
    );
    // From here the tables' own triggers are off (and with them the per-row foreign-key checks: every row
    // is generated from the users and projects themselves); what they keep is computed once at the end.
    await client.query('set local session_replication_role = replica');
    // 2-5 investments an investor by default (exactly 5 for the first), in distinct projects.
    await run(
      'investments',
      `with u as (
         select id, row_number() over (order by investor_id) as n from users where not is_admin
       ), p as (
         select id, row_number() over (order by name) - 1 as k from projects
       )
       insert into investments (user_id, project_id, amount, returns, roi, start_date)
       select u.id, p.id, 5000 + (u.n * 37 + s * 101) % 45000, 0, 7.5, date '2016-01-01'
       from u
       cross join lateral generate_series(1, case when u.n = 1 then 5 else $2::int + (u.n % ($3::int - $2::int + 1))::int end) s
       join p on p.k = ((u.n * 7 + s * 13) % $1::int)`,
      [scale.projects, ...(scale.investmentsPerInvestor ?? [2, 5])],
    );
    // The bulk of the data: build the indexes once after the load instead of row by row.
    await client.query("set local maintenance_work_mem = '512MB'");
    await client.query(`drop index monthly_returns_user_project_month_key;
      drop index monthly_returns_project_idx;
      drop index monthly_returns_paid_on_idx;
      drop index monthly_returns_project_month_idx;
      alter table monthly_returns drop constraint monthly_returns_pkey`);
    await run(
      'monthly_returns',
      `insert into monthly_returns (user_id, project_id, month, amount)
       select i.user_id, i.project_id, to_char(date '2016-01-01' + (m || ' month')::interval, 'YYYY-MM'),
              round((i.amount * 0.0065 * (1 + 0.3 * cos(m * 0.5236)))::numeric, 2)
       from investments i cross join generate_series(0, $1::int - 1) m`,
      [months],
    );
    await run(
      'monthly_returns_indexes',
      `alter table monthly_returns add constraint monthly_returns_pkey primary key (id);
       create unique index monthly_returns_user_project_month_key on monthly_returns (user_id, project_id, month);
       create index monthly_returns_project_idx on monthly_returns (project_id);
       create index monthly_returns_paid_on_idx on monthly_returns (paid_on);
       create index monthly_returns_project_month_idx on monthly_returns (project_id, month)`,
    );
    // Triggers did not run while loading: compute the investments' roll-up of their months once, and the
    // totals of migration 0022 (every month here is one of an investment, so no join is needed).
    await run(
      'investment_roll_up',
      `update investments i set returns_from_months = d.total, months_recorded = d.n
       from (select user_id, project_id, sum(amount) as total, count(*)::int as n from monthly_returns group by 1, 2) d
       where i.user_id = d.user_id and i.project_id = d.project_id`,
    );
    await run(
      'kept_totals',
      `insert into monthly_return_totals (paid_on, project_id, amount, n)
         select paid_on, project_id, sum(amount), count(*)::int from monthly_returns group by 1, 2;
       insert into project_investment_totals (project_id, invested, returns_all_paid, investments)
         select project_id, sum(amount),
                sum(coalesce(case when months_recorded > 0 then returns_from_months end, returns)), count(*)::int
         from investments group by 1;
       insert into investor_count (id, n) select true, count(distinct user_id) from investments having count(*) > 0`,
    );
    await run(
      'updates',
      `insert into updates (project_id, title, category, excerpt, content, date, images)
       select p.id, 'Update ' || g || ' for ' || p.name,
              (array['milestone','financial','general'])[1 + g % 3],
              'A short excerpt of update ' || g || '.', '<p>Update body ' || g || '.</p>',
              now() - (g || ' days')::interval, '[]'::jsonb
       from projects p cross join generate_series(1, $1::int) g`,
      [scale.updatesPerProject],
    );
    await run(
      'documents',
      `insert into documents (project_id, kind, name, category, type, upload_date, is_new)
       select p.id, 'document', 'Report ' || g || ' — ' || p.name,
              (array['Contracts','Tax Documents','Investment Reports','Perk Documentation'])[1 + g % 4], 'PDF',
              now() - (g || ' days')::interval, g % 3 = 0
       from projects p cross join generate_series(1, $1::int) g`,
      [scale.documentsPerProject],
    );
    await run(
      'notifications',
      `with u as (select id, row_number() over (order by investor_id) - 1 as n from users where not is_admin),
            s as (select g, g % (select count(*) from u) as k from generate_series(0, $1::int - 1) g)
       insert into notifications (user_id, title, message, type, read, created_at)
       select u.id, 'Notice ' || s.g, 'Benchmark notification ' || s.g, 'info', s.g % 2 = 0,
              now() - (s.g || ' minutes')::interval
       from s join u on u.n = s.k`,
      [scale.notifications],
    );
    await run(
      'notification_count',
      `insert into notification_count (slot, n) select 0, count(*) from notifications having count(*) > 0`,
    );
    if (scale.auditPerInvestor) {
      await run(
        'audit_log',
        `insert into audit_log (actor_id, action, entity, entity_id, details, created_at)
         select a.id, case when g = 1 then 'create' else 'update' end, 'user', u.id::text,
                jsonb_build_object('name', u.name), now() - ((u.n * $1::int + g) || ' minutes')::interval
         from (select id, name, row_number() over (order by investor_id) as n from users where not is_admin) u
         cross join generate_series(1, $1::int) g
         cross join (select id from users where is_admin limit 1) a`,
        [scale.auditPerInvestor],
      );
      await run(
        'audit_count',
        `insert into audit_count (slot, n) select 0, count(*) from audit_log having count(*) > 0`,
      );
    }
    await client.query('set local session_replication_role = origin');
    await client.query('commit');
    await run('analyze', 'analyze');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    await own?.end();
  }
  return timings;
}
