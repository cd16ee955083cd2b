import { offerings, subscriptions } from '../src/db/schema';
import type { Db } from '../src/db/client';
import { createProject, createUser, type TestUser } from './helpers';

/** Test factories of money in (ADR 028). */

/**
 * An open offering of a new project with an accepted subscription per amount, by a new investor each
 * (rows written directly), in `locale` when given, with the offering's cabin-night `rule`.
 */
export async function createOfferingWith(
  db: Db,
  amounts: string[],
  locale?: 'de' | 'nb',
  rule: Pick<typeof offerings.$inferInsert, 'nightsPer10000' | 'allowanceMonths'> = {},
) {
  const project = await createProject(db, {}, { cabins: 0 });
  const [offering] = await db
    .insert(offerings)
    .values({
      projectId: project.id,
      minimum: '1.00',
      maximum: '1000000.00',
      target: '5000000.00',
      closesOn: '2027-06-30',
      ...rule,
    })
    .returning();
  const subs: (typeof subscriptions.$inferSelect & { user: TestUser })[] = [];
  for (const amount of amounts) {
    const user = await createUser(db, locale ? { locale } : {});
    const [s] = await db
      .insert(subscriptions)
      .values({
        offeringId: offering!.id,
        userId: user.id,
        amount,
        status: 'accepted',
        acceptedAt: new Date(),
      })
      .returning();
    subs.push({ ...s!, user });
  }
  return { project, offering: offering!, subs };
}
