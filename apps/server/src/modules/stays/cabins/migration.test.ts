import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TransactionRollbackError, eq, sql } from 'drizzle-orm';
import { migrationsFolder } from '../../../db/client';
import { bookingNights, cabins } from '../../../db/schema';
import { createProject, createUser, useTestApp } from '../../../../test/helpers';
import { createBooking, isoDay } from '../../../../test/content-factories';

const ctx = useTestApp();

describe('the migration that brings cabins', () => {
  it('gives each project as many cabins as its busiest night needs and every live night a cabin of its own', async () => {
    const file = fs.readdirSync(migrationsFolder()).find((f) => f.endsWith('_cabins_and_seasons.sql'))!;
    const statements = fs
      .readFileSync(path.join(migrationsFolder(), file), 'utf8')
      .split('--> statement-breakpoint');
    const dataSteps = statements.filter((s) => /INSERT INTO "cabins"|UPDATE "booking_nights"/.test(s));
    expect(dataSteps).toHaveLength(2);

    const busy = await createProject(ctx.db, {}, { cabins: 0 });
    const quiet = await createProject(ctx.db, {}, { cabins: 0 });
    const users = await Promise.all([1, 2, 3].map(() => createUser(ctx.db)));
    // Three stays on day 10, two on day 11: three cabins; the quiet project still gets one.
    for (const [i, u] of users.entries())
      await createBooking(ctx.db, u.id, busy.id, i < 2 ? [isoDay(10), isoDay(11)] : [isoDay(10)], {
        status: i === 0 ? 'approved' : 'pending',
      });

    let seen: {
      busy: string[];
      quiet: string[];
      nights: { night: string; cabinId: string | null }[];
    } | null = null;
    await ctx.db
      .transaction(async (tx) => {
        // As before the migration: no cabins anywhere, no night in one.
        await tx.execute(sql`delete from cabins`);
        for (const step of dataSteps) await tx.execute(sql.raw(step));
        const names = async (projectId: string) =>
          (await tx.select({ name: cabins.name }).from(cabins).where(eq(cabins.projectId, projectId)))
            .map((c) => c.name)
            .sort();
        seen = {
          busy: await names(busy.id),
          quiet: await names(quiet.id),
          nights: await tx
            .select({ night: bookingNights.night, cabinId: bookingNights.cabinId })
            .from(bookingNights)
            .where(eq(bookingNights.projectId, busy.id)),
        };
        tx.rollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof TransactionRollbackError)) throw err;
      });
    expect(seen!.busy).toEqual(['Cabin 1', 'Cabin 2', 'Cabin 3']);
    expect(seen!.quiet).toEqual(['Cabin 1']);
    expect(seen!.nights).toHaveLength(5);
    expect(seen!.nights.every((n) => n.cabinId)).toBe(true);
    expect(new Set(seen!.nights.map((n) => `${n.cabinId}|${n.night}`)).size).toBe(5);
  });
});
