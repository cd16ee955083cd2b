import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TransactionRollbackError, eq, inArray, sql } from 'drizzle-orm';
import { DOCUMENT_CATEGORIES } from '@portal/contracts';
import { migrationsFolder } from '../../db/client';
import { documents } from '../../db/schema';
import { bearer, createProject, signInAdmin, useTestApp } from '../../../test/helpers';
import { createDocumentRow, multipart } from './test-support';

const ctx = useTestApp();
let adminToken: string;
let project: { id: string };

beforeAll(async () => {
  adminToken = await signInAdmin(ctx);
  project = await createProject(ctx.db);
});

async function send(method: 'POST' | 'PUT', url: string, fields: Record<string, string>) {
  const body = await multipart(fields);
  return ctx.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(adminToken) },
  });
}

const allowed =
  'Category must be one of: Contracts, Tax Documents, Investment Reports, Perk Documentation, General, Offering';

describe('document categories', () => {
  it('are the value set of the contracts, in the schema too', () => {
    expect(documents.category.enumValues).toEqual([...DOCUMENT_CATEGORIES]);
  });

  it('refuse an unknown category with a 400 naming the allowed ones, on create and on update, writing nothing', async () => {
    const before = await ctx.db.select().from(documents).where(eq(documents.projectId, project.id));
    const created = await send('POST', `/api/documents?projectId=${project.id}`, {
      name: 'Tax statement 2025',
      category: 'Tax',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe(allowed);
    expect(await ctx.db.select().from(documents).where(eq(documents.projectId, project.id))).toEqual(before);

    const doc = await createDocumentRow(ctx.db, ctx.deps.storage, {
      projectId: project.id,
      category: 'Contracts',
    });
    const updated = await send('PUT', `/api/documents/${doc.id}?projectId=${project.id}`, {
      category: 'Misc',
    });
    expect(updated.statusCode).toBe(400);
    expect(updated.json().message).toBe(allowed);
    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row!.category).toBe('Contracts');
  });

  it('accept each category of the set, whatever its case, and General when left empty', async () => {
    for (const category of DOCUMENT_CATEGORIES) {
      const res = await send('POST', `/api/documents?projectId=${project.id}`, { name: category, category });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.category).toBe(category);
    }
    const lower = await send('POST', `/api/documents?projectId=${project.id}`, {
      name: 'Lower',
      category: '  tax documents ',
    });
    expect(lower.json().data.category).toBe('Tax Documents');
    const empty = await send('POST', `/api/documents?projectId=${project.id}`, {
      name: 'Empty',
      category: '',
    });
    expect(empty.json().data.category).toBe('General');
  });

  it('the migration maps known spellings to the set and anything else to General', async () => {
    const file = fs.readdirSync(migrationsFolder()).find((f) => f.endsWith('_document_categories.sql'))!;
    const [mapping] = fs
      .readFileSync(path.join(migrationsFolder(), file), 'utf8')
      .split('--> statement-breakpoint');
    const spellings: Record<string, string> = {
      Tax: 'Tax Documents',
      ' tax  statements ': 'Tax Documents',
      'Tax Document': 'Tax Documents',
      contract: 'Contracts',
      Agreements: 'Contracts',
      Reports: 'Investment Reports',
      'Quarterly report': 'Investment Reports',
      'investment reports': 'Investment Reports',
      Perks: 'Perk Documentation',
      'perk documents': 'Perk Documentation',
      Misc: 'General',
      general: 'General',
      Contracts: 'Contracts',
    };
    // Run on rows of the old free text, inside a transaction that is rolled back.
    let seen: { name: string; category: string }[] = [];
    await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE documents DROP CONSTRAINT documents_category_check`);
        const rows = await tx
          .insert(documents)
          .values(
            Object.keys(spellings).map((category) => ({
              projectId: project.id,
              name: category,
              category: category as 'General',
            })),
          )
          .returning({ id: documents.id });
        await tx.execute(sql.raw(mapping!));
        seen = await tx
          .select({ name: documents.name, category: documents.category })
          .from(documents)
          .where(
            inArray(
              documents.id,
              rows.map((r) => r.id),
            ),
          );
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    expect(Object.fromEntries(seen.map((r) => [r.name, r.category]))).toEqual(spellings);
  });
});
