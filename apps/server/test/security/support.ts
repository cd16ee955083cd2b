/** Shared pieces of the security tests: the route table, a database fingerprint and a world of two investors. */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import {
  allocations,
  allocationStays,
  activityRequests,
  documents,
  interestRegistrations,
  kycChecks,
  kycDocuments,
  notifications,
  offerings,
  subscriptions,
  projectMedia,
  updates,
  perks,
} from '../../src/db/schema';
export { routeKey } from './route-table';
import { samplePdf, samplePng } from '../../src/modules/documents/test-support';
import { createAllowance, createBooking, isoDay } from '../content-factories';
import {
  bearer,
  createAdmin,
  createInvestment,
  createProject,
  createUser,
  type TestContext,
} from '../helpers';

/** Every table's row count and a digest of its rows: equal fingerprints mean nothing was written. */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = (await db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const r = (await db.execute(
      sql.raw(
        `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as f from "${name}" t`,
      ),
    )) as unknown as { rows: { f: string }[] };
    out[name] = r.rows[0]!.f;
  }
  return out;
}

/** Every file under the uploads folder (also half-written `.part` files), by path. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

export const uploadsDir = (ctx: TestContext) => path.join(ctx.deps.config.dataDir, 'uploads');

/**
 * Two investors and an admin. A holds projects `onlyA` and `shared`, B holds `onlyB` and `shared`. Every
 * object A owns carries a marker (`secret`) that must never appear in an answer to B.
 */
export async function buildWorld(ctx: TestContext) {
  const { db, deps } = ctx;
  const tag = Math.random().toString(36).slice(2, 8);
  const secret = (what: string) => `SECRET-OF-A-${what}-${tag}`;
  const admin = await createAdmin(db, { name: `Admin ${tag}` });
  const a = await createUser(db, { name: secret('name') });
  const b = await createUser(db, { name: `Bea Other ${tag}` });
  const onlyA = await createProject(db, { name: secret('project'), status: 'active' });
  const onlyB = await createProject(db, { name: `B project ${tag}`, status: 'active' });
  const shared = await createProject(db, { name: `Shared project ${tag}`, status: 'active' });
  await createInvestment(db, a.id, onlyA.id, { amount: '77777.77', monthly: { '2025-01': '4321.09' } });
  await createInvestment(db, a.id, shared.id, { amount: '5555.55', monthly: { '2025-02': '1357.91' } });
  await createInvestment(db, b.id, onlyB.id, { amount: '1000.00' });
  await createInvestment(db, b.id, shared.id, { amount: '2000.00' });
  await createAllowance(db, a.id, shared.id);
  await createAllowance(db, b.id, shared.id);
  const booking = await createBooking(db, a.id, shared.id, [isoDay(40), isoDay(41)], {
    notes: secret('booking'),
  });
  const pdf = await deps.storage.put(await samplePdf('A private statement'));
  const png = await deps.storage.put(samplePng());
  const one = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows)[0]!.id;
  const docOfA = await one(
    db
      .insert(documents)
      .values({
        projectId: shared.id,
        userId: a.id,
        name: secret('document'),
        fileKey: pdf.key,
        fileMime: 'application/pdf',
        fileSize: pdf.size,
        fileName: 'statement.pdf',
      })
      .returning({ id: documents.id }),
  );
  const docOfOnlyA = await one(
    db
      .insert(documents)
      .values({
        projectId: onlyA.id,
        userId: null,
        name: secret('shared-document'),
        fileKey: pdf.key,
        fileMime: 'application/pdf',
        fileSize: pdf.size,
        fileName: 'report.pdf',
      })
      .returning({ id: documents.id }),
  );
  const mediaOfA = await one(
    db
      .insert(documents)
      .values({
        projectId: shared.id,
        userId: a.id,
        kind: 'media',
        type: 'photo',
        name: secret('media'),
        fileKey: png.key,
        fileMime: 'image/png',
        fileSize: png.size,
        fileName: 'photo.png',
      })
      .returning({ id: documents.id }),
  );
  const projectMediaOfOnlyA = await one(
    db
      .insert(projectMedia)
      .values({ projectId: onlyA.id, title: secret('project-media'), type: 'photo', description: 'x' })
      .returning({ id: projectMedia.id }),
  );
  const updateOfOnlyA = await one(
    db
      .insert(updates)
      .values({ projectId: onlyA.id, title: secret('update'), content: '<p>x</p>' })
      .returning({ id: updates.id }),
  );
  const perkOfOnlyA = await one(
    db
      .insert(perks)
      .values({ projectId: onlyA.id, name: secret('perk'), type: 'cabin' })
      .returning({ id: perks.id }),
  );
  // A partner activity A alone may request, and A's request of one in the shared project.
  const activityOfOnlyA = await one(
    db
      .insert(perks)
      .values({ projectId: onlyA.id, name: secret('activity'), type: 'safari', bookingAvailable: true })
      .returning({ id: perks.id }),
  );
  const sharedActivity = await one(
    db
      .insert(perks)
      .values({ projectId: shared.id, name: `Shared safari ${tag}`, type: 'safari', bookingAvailable: true })
      .returning({ id: perks.id }),
  );
  const activityRequestOfA = await one(
    db
      .insert(activityRequests)
      .values({
        perkId: sharedActivity,
        projectId: shared.id,
        userId: a.id,
        date: isoDay(45),
        partySize: 2,
        note: secret('activity-request'),
      })
      .returning({ id: activityRequests.id }),
  );
  // A peak allocation of the project only A holds, open for rankings.
  const allocationOfOnlyA = await one(
    db
      .insert(allocations)
      .values({
        projectId: onlyA.id,
        title: secret('allocation'),
        seed: 'seed',
        seedHash: 'hash',
        preferencesDue: new Date(Date.now() + 86_400_000),
        runsAt: new Date(Date.now() + 2 * 86_400_000),
      })
      .returning({ id: allocations.id }),
  );
  await db
    .insert(allocationStays)
    .values({ allocationId: allocationOfOnlyA, checkIn: isoDay(300), checkOut: isoDay(303) });
  const notificationOfA = await one(
    db
      .insert(notifications)
      .values({ userId: a.id, title: secret('notification'), message: secret('notification-message') })
      .returning({ id: notifications.id }),
  );
  const interestOfA = await one(
    db
      .insert(interestRegistrations)
      .values({ userId: a.id, name: 'A', email: a.email, message: secret('interest') })
      .returning({ id: interestRegistrations.id }),
  );
  // A's identity document and A's subscription of an offering of A's project (issue 34).
  const kycDocOfA = await one(
    db
      .insert(kycDocuments)
      .values({
        userId: a.id,
        kind: 'identity',
        fileKey: pdf.key,
        fileMime: 'application/pdf',
        fileSize: pdf.size,
        fileName: `${secret('kyc')}.pdf`,
      })
      .returning({ id: kycDocuments.id }),
  );
  // A's identity is verified, so that A may sign the subscription.
  await db.insert(kycChecks).values({
    userId: a.id,
    dateOfBirth: '1980-01-01',
    taxResidence: 'FI',
    politicallyExposed: false,
    sourceOfFunds: 'x',
    submittedAt: new Date(Date.now() - 60_000),
    verifiedAt: new Date(),
  });
  // An open offering is shown to every signed-in investor, so its project is one no name of which is A's.
  const offered = await createProject(db, { name: `Offered project ${tag}`, status: 'active' });
  const offeringOfOnlyA = await one(
    db
      .insert(offerings)
      .values({
        projectId: offered.id,
        minimum: '1000',
        maximum: '50000',
        target: '100000',
        closesOn: isoDay(90),
      })
      .returning({ id: offerings.id }),
  );
  const subscriptionOfA = await one(
    db
      .insert(subscriptions)
      .values({ offeringId: offeringOfOnlyA, userId: a.id, amount: '5000' })
      .returning({ id: subscriptions.id }),
  );
  const tokens = {
    admin: await ctx.signIn(admin),
    a: await ctx.signIn(a),
    b: await ctx.signIn(b),
  };
  return {
    tag,
    /** Strings that belong to A alone: A's email, A's name and the names of A's objects. */
    secrets: [
      a.email,
      'SECRET-OF-A-',
      // A's amounts, as JSON would print them.
      '77777.77',
      '4321.09',
      '5555.55',
      '1357.91',
    ],
    admin,
    a,
    b,
    projects: { onlyA, onlyB, shared },
    objects: {
      booking: booking.id,
      docOfA,
      docOfOnlyA,
      mediaOfA,
      projectMediaOfOnlyA,
      updateOfOnlyA,
      perkOfOnlyA,
      activityOfOnlyA,
      activityRequestOfA,
      allocationOfOnlyA,
      notificationOfA,
      interestOfA,
      kycDocOfA,
      subscriptionOfA,
    },
    tokens,
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

/** A new investor, signed in, who has asked to set up two-factor sign-in: the user, its token and the secret. */
export async function totpStarted(ctx: TestContext) {
  const user = await createUser(ctx.db);
  const accessToken = await ctx.signIn(user);
  const setup = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/totp/setup',
    headers: bearer(accessToken),
  });
  return { user, accessToken, secret: setup.json().data.secret as string };
}
