import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TransactionRollbackError, inArray, sql } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import { DOCUMENT_KINDS, INTEREST_STATUSES } from '@portal/contracts';
import { createProject, useTestApp } from '../../test/helpers';
import { migrationsFolder } from './client';
import { documents, interestRegistrations } from './schema';

const ctx = useTestApp();
let project: { id: string };

beforeAll(async () => {
  project = await createProject(ctx.db);
});

/** The database's error for a write, or 'accepted'. */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (err) {
    const cause = (err as { cause?: { message?: string } }).cause;
    return String(cause?.message ?? (err as Error).message);
  }
  return 'accepted';
}

describe('the value sets of the contracts, checked by the database', () => {
  it('are the columns’ types and their check constraints', () => {
    expect(documents.kind.enumValues).toEqual([...DOCUMENT_KINDS]);
    expect(interestRegistrations.status.enumValues).toEqual([...INTEREST_STATUSES]);
    const checks = (t: Parameters<typeof getTableConfig>[0]) => getTableConfig(t).checks.map((c) => c.name);
    expect(checks(documents)).toContain('documents_kind_check');
    expect(checks(interestRegistrations)).toContain('interest_registrations_status_check');
  });

  it('refuse a document kind or an interest status outside the set', async () => {
    expect(
      await refusal(() =>
        ctx.db.insert(documents).values({ projectId: project.id, name: 'x', kind: 'folder' as 'document' }),
      ),
    ).toMatch(/documents_kind_check/);
    expect(
      await refusal(() =>
        ctx.db
          .insert(interestRegistrations)
          .values({ name: 'x', email: 'x@example.test', status: 'pending' as 'new' }),
      ),
    ).toMatch(/interest_registrations_status_check/);
    for (const status of INTEREST_STATUSES)
      expect(
        await refusal(() =>
          ctx.db.insert(interestRegistrations).values({ name: status, email: 'x@example.test', status }),
        ),
      ).toBe('accepted');
  });

  it('the migration maps an interest status written otherwise into the set before checking it', async () => {
    const file = fs.readdirSync(migrationsFolder()).find((f) => f.endsWith('_value_set_checks.sql'))!;
    const [mapping] = fs
      .readFileSync(path.join(migrationsFolder(), file), 'utf8')
      .split('--> statement-breakpoint');
    const spellings: Record<string, string> = {
      new: 'new',
      contacted: 'contacted',
      closed: 'closed',
      ' Contacted ': 'contacted',
      CLOSED: 'closed',
      'In progress': 'contacted',
      resolved: 'closed',
      archived: 'closed',
      pending: 'new',
      '': 'new',
    };
    // Run on rows of the old free text, inside a transaction that is rolled back.
    let seen: { name: string; status: string }[] = [];
    await ctx.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`ALTER TABLE interest_registrations DROP CONSTRAINT interest_registrations_status_check`,
        );
        const rows = await tx
          .insert(interestRegistrations)
          .values(
            Object.keys(spellings).map((status) => ({
              name: status,
              email: 'old@example.test',
              status: status as 'new',
            })),
          )
          .returning({ id: interestRegistrations.id });
        await tx.execute(sql.raw(mapping!));
        seen = await tx
          .select({ name: interestRegistrations.name, status: interestRegistrations.status })
          .from(interestRegistrations)
          .where(
            inArray(
              interestRegistrations.id,
              rows.map((r) => r.id),
            ),
          );
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    expect(Object.fromEntries(seen.map((r) => [r.name, r.status]))).toEqual(spellings);
  });
});
