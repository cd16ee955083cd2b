import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { COMMON_PASSWORD_MESSAGE, MIN_PASSWORD_LENGTH, emailProblem } from '@portal/contracts';
import { ConfigError, loadConfig } from './config';
import { users } from './db/schema';
import { isCommonPassword } from './lib/password-policy';
import { hashPassword } from './lib/passwords';
import { openConfiguredDatabase } from './runtime';

const usage = 'Usage: npm run create-admin -- --email <email> --password <password> --name <name>';

async function createAdmin(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  const email = values.email?.trim();
  const name = values.name?.trim();
  const password = values.password;
  if (!email || !name || !password) throw new Error(usage);
  const emailIssue = emailProblem(email);
  if (emailIssue) throw new Error(emailIssue);
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`Password must be at least ${MIN_PASSWORD_LENGTH} characters`);
  if (isCommonPassword(password)) throw new Error(COMMON_PASSWORD_MESSAGE);
  const database = await openConfiguredDatabase(loadConfig());
  try {
    const [existing] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    if (existing) throw new Error(`A user with the email ${email} already exists`);
    const year = new Date().getFullYear();
    const suffix = Math.random().toString(36).slice(2, 8).toUpperCase().padEnd(6, '0');
    await database.db.insert(users).values({
      name,
      email,
      passwordHash: await hashPassword(password),
      investorId: `INV-${year}-${suffix}`,
      isAdmin: true,
      activatedAt: new Date(),
    });
    console.log(`Admin ${email} created.`);
  } finally {
    await database.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'create-admin') await createAdmin(rest);
  else throw new Error(usage);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exit(1);
}
