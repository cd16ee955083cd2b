import { inArray } from 'drizzle-orm';
import type { Config } from './config';
import type { DbOrTx } from './db/client';
import { users } from './db/schema';
import { DEMO_ACCOUNTS } from './db/seed/demo';
import { verifyPassword } from './lib/passwords';

/** The demo accounts present in the database that still sign in with their published demo password. */
async function demoAccountsWithDemoPasswords(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const open: string[] = [];
  for (const row of rows) {
    const demo = DEMO_ACCOUNTS.find((a) => a.email === row.email)!;
    if (await verifyPassword(row.passwordHash, demo.password)) open.push(row.email);
  }
  // In the README's order.
  return DEMO_ACCOUNTS.map((a) => a.email).filter((e) => open.includes(e));
}

/**
 * Why a production server on PostgreSQL must not start (issue 37): a demo account that anyone can sign
 * in to with the password printed in the README. Null when it may start: not production, the embedded
 * database (a trial on one machine), `ALLOW_DEMO_ACCOUNTS=true`, or no demo account with its demo password.
 */
export async function demoAccountRefusal(cfg: Config, db: DbOrTx): Promise<string | null> {
  if (cfg.env !== 'production' || !cfg.databaseUrl || cfg.allowDemoAccounts) return null;
  const open = await demoAccountsWithDemoPasswords(db);
  if (open.length === 0) return null;
  return [
    `Refusing to start: ${open.join(', ')} still sign${open.length === 1 ? 's' : ''} in with the demo password published in the README.`,
    'Delete these accounts or change their passwords (or, for a demo installation only, set ALLOW_DEMO_ACCOUNTS=true).',
  ].join('\n');
}
