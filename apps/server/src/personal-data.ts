import { asc, desc, eq } from 'drizzle-orm';
import { earliestTodayIso, todayIso } from '@portal/contracts';
import type { Config } from './config';
import type { Db } from './db/client';
import { PERSONAL_TABLES } from './db/personal-tables';
import {
  interestRegistrations,
  kycDocuments,
  mailMessages,
  notifications,
  passkeys,
  signatures,
  signIns,
} from './db/schema';
import { iso, num } from './lib/format';
import type { Mailer } from './mail/mailer';
import { listSessions } from './modules/auth/sessions';
import { downloadName } from './modules/files/send-file';
import { extensionFor } from './modules/files/uploads';
import { presentDocument } from './modules/documents/presenter';
import { getVault } from './modules/documents/service';
import { listPayouts } from './modules/investments/service';
import { getCheck } from './modules/kyc/service';
import { manualReviewProvider } from './modules/kyc/provider';
import { getEmailPreferences } from './modules/mail/service';
import { notificationColumns } from './modules/notifications/notify';
import { inReadersLanguage } from './modules/notifications/notices';
import { presentNotification } from './modules/notifications/presenter';
import { presentPerformance } from './modules/performance/performance';
import { presentCurrentUser } from './modules/portfolio/current-user-presenter';
import { getCurrentUser } from './modules/portfolio/current-user';
import { loadPortfolio } from './modules/portfolio/service';
import type { ArchiveFile, PersonalData } from './modules/privacy/archive';
import { listStatements, statementDownload } from './modules/statements/statement-files';
import { loadStatement } from './modules/statements/statements';
import { presentActivityRequest } from './modules/stays/activities/presenter';
import { listOwnActivityRequests } from './modules/stays/activities/service';
import { presentCabinNights } from './modules/stays/allowances/presenter';
import { getCabinNights } from './modules/stays/allowances/service';
import { presentBooking } from './modules/stays/bookings/presenter';
import { listOwnBookings } from './modules/stays/bookings/service';
import { presentDelegation } from './modules/delegations/presenter';
import { listDelegations } from './modules/delegations/service';
import { presentSwap } from './modules/stays/swaps/presenter';
import { listSwaps } from './modules/stays/swaps/service';
import { presentWaitlistEntry } from './modules/stays/waitlist/presenter';
import { listOwnWaitlist } from './modules/stays/waitlist/service';
import { listOwnSubscriptions } from './modules/subscriptions/service';
import type { FileStorage } from './storage/file-storage';

/** The part of the export's format that a reader of `data.json` may rely on; raised when a section changes shape. */
const FORMAT = 'investor-portal-export/1';

/**
 * Everything the portal holds about one person, for their export (GDPR articles 15 and 20; the privacy
 * module writes the archive). It lives here, beside runtime.ts, because it reads every domain, which no
 * domain module may: each section is what the investor's own endpoint answers, from the same service
 * function and presenter (named beside it), so that the archive and the API say the same. The person is
 * read as an investor, whatever their role: their own data, not what an admin may see. Never secrets:
 * no password hash, TOTP secret, recovery code, token, passkey key or calendar address.
 */
export async function collectPersonalData(
  deps: { db: Db; storage: FileStorage; config: Config; mailer: Mailer },
  userId: string,
): Promise<PersonalData> {
  const { db, storage, config, mailer } = deps;
  const viewer = { id: userId, isAdmin: false, sid: '' };
  const today = todayIso();
  const stayToday = earliestTodayIso();
  // GET /api/users/me: the profile, the bank account as masked there, the investments and their totals.
  const profile = presentCurrentUser(await getCurrentUser(db, userId));
  const projects = [...new Map(profile.investments.map((i) => [i.projectId._id, i.projectId])).values()];

  // GET /api/statements and GET /api/statements/{period}.
  const statementList = await listStatements(db, storage, userId);
  const statements = [];
  for (const s of statementList)
    statements.push({ ...s, figures: await loadStatement(db, userId, s.period) });

  // Per project, as GET /api/bookings, /api/perks/cabin-nights/{id}, /api/swaps, /api/perks/activity-requests
  // and /api/documents answer them for that project.
  const bookings = [];
  const cabinNights = [];
  const swaps = [];
  const activityRequests = [];
  const ownDocuments = [];
  for (const project of projects) {
    bookings.push(...(await listOwnBookings(db, viewer, project._id)).map((b) => presentBooking(b)));
    const nights = await getCabinNights(db, viewer, project._id);
    if (nights) cabinNights.push({ project, ...presentCabinNights(nights, today) });
    swaps.push(...(await listSwaps(db, viewer, project._id)).map((v) => presentSwap(v, stayToday)));
    activityRequests.push(
      ...(await listOwnActivityRequests(db, viewer, project._id)).map(presentActivityRequest),
    );
    const vault = await getVault(db, viewer, project._id);
    ownDocuments.push(...vault.documents.filter((d) => d.userId === userId));
  }

  // Every notification (GET /api/notifications answers the newest), in the reader's language.
  const notificationRows = await db
    .select(notificationColumns)
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));

  const [signInRows, passkeyRows, signatureRows, interestRows, mailRows, identityFiles] = await Promise.all([
    db.select().from(signIns).where(eq(signIns.userId, userId)).orderBy(desc(signIns.createdAt)),
    db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt)),
    db.select().from(signatures).where(eq(signatures.userId, userId)).orderBy(asc(signatures.signedAt)),
    db
      .select()
      .from(interestRegistrations)
      .where(eq(interestRegistrations.userId, userId))
      .orderBy(asc(interestRegistrations.createdAt)),
    db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.userId, userId))
      .orderBy(desc(mailMessages.createdAt)),
    db
      .select()
      .from(kycDocuments)
      .where(eq(kycDocuments.userId, userId))
      .orderBy(asc(kycDocuments.uploadedAt)),
  ]);

  const sections: Record<string, unknown> = {
    format: FORMAT,
    exportedAt: new Date().toISOString(),
    profile,
    // GET /api/users/me/email-preferences: which emails they turned off (their consent to them).
    emailPreferences: await getEmailPreferences(db, userId),
    investments: profile.investments,
    // GET /api/investment/payouts and GET /api/investment/performance.
    payouts: await listPayouts(db, userId, today),
    performance: presentPerformance((await loadPortfolio(db, userId)).holdings, today),
    statements,
    subscriptions: await listOwnSubscriptions(db, userId, config.kycValidMonths),
    // The signed agreements: what was signed, when, from where, and the hashes that prove it.
    signatures: signatureRows.map((s) => ({
      _id: s.id,
      subscriptionId: s.subscriptionId,
      typedName: s.typedName,
      signedAt: iso(s.signedAt),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
      agreementSha256: s.agreementSha256,
      documentSha256: s.documentSha256,
    })),
    // GET /api/kyc.
    identityCheck: await getCheck(
      {
        db,
        mailer,
        provider: manualReviewProvider(config.kycValidMonths),
        validMonths: config.kycValidMonths,
      },
      userId,
    ),
    bookings,
    cabinNights,
    // GET /api/waitlist (the entries still ahead).
    waitlist: (await listOwnWaitlist(db, viewer, stayToday)).map(presentWaitlistEntry),
    swaps,
    activityRequests,
    // GET /api/delegations: the access they gave and were given.
    delegations: await listDelegations(db, userId).then(({ given, received }) => ({
      given: given.map(presentDelegation),
      received: received.map(presentDelegation),
    })),
    documents: ownDocuments.map(presentDocument),
    notifications: (await inReadersLanguage(notificationRows)).map(presentNotification),
    emails: mailRows.map((m) => ({
      _id: m.id,
      kind: m.kind,
      category: m.category,
      to: m.toAddress,
      subject: m.subject,
      status: m.status,
      createdAt: iso(m.createdAt),
      sentAt: iso(m.sentAt),
    })),
    interestRegistrations: interestRows.map((r) => ({
      _id: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      investmentAmount: r.amount == null ? null : num(r.amount),
      message: r.message,
      status: r.status,
      createdAt: iso(r.createdAt),
    })),
    // GET /api/auth/sessions (the sign-ins still open), and every sign-in kept, with its full address.
    sessions: await listSessions(db, userId, ''),
    signIns: signInRows.map((s) => ({
      _id: s.id,
      method: s.method,
      userAgent: s.userAgent,
      ipAddress: s.ipAddress,
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
    })),
    // GET /api/auth/passkeys: their names and dates, never their keys.
    passkeys: passkeyRows.map((p) => ({
      _id: p.id,
      name: p.name,
      createdAt: iso(p.createdAt),
      lastUsedAt: iso(p.lastUsedAt),
      backedUp: p.backedUp,
    })),
  };

  // The one list of personal data (db/personal-tables.ts, which erasure follows too) names the section
  // of each table: a section it names and the archive lacks is a table the export forgot.
  for (const t of PERSONAL_TABLES)
    if (typeof t.section === 'string' && !(t.section in sections))
      throw new Error(`The export has no section "${t.section}" for the table ${t.name}`);

  const files: ArchiveFile[] = [
    ...ownDocuments
      .filter((d) => d.fileKey && d.fileMime)
      .map((d) => ({
        path: `documents/${downloadName(d.fileName ?? d.name, extensionFor(d.fileMime!))}`,
        open: async () => storage.get(d.fileKey!),
      })),
    ...statementList.map((s) => ({
      path: `statements/statement-${s.period}.pdf`,
      open: async () => (await statementDownload(db, storage, userId, s.period)).body,
    })),
    ...identityFiles.map((k) => ({
      path: `identity/${k.kind}-${downloadName(k.fileName, extensionFor(k.fileMime))}`,
      open: async () => storage.get(k.fileKey),
    })),
  ];
  return { sections, files };
}
