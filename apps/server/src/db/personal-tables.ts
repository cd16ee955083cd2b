import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { OPTIONAL_EMAIL_CATEGORIES } from '@portal/contracts';
import {
  activityRequests,
  adjustments,
  allocationPreferences,
  allocationStays,
  auditLog,
  bankTransactions,
  bookingNights,
  bookings,
  cabinAllowances,
  calendarFeeds,
  capitalCallLines,
  capitalReturns,
  dataExports,
  dataRoomDownloads,
  delegations,
  distributionAllocations,
  documents,
  erasureRequests,
  interestRegistrations,
  investments,
  kycChecks,
  kycDocuments,
  mailMessages,
  monthlyReturns,
  notifications,
  passkeys,
  passwordResets,
  recoveryCodes,
  refreshTokens,
  rentalIncomes,
  signatures,
  signIns,
  statementFiles,
  stayReports,
  streamTickets,
  subscriptions,
  swapOffers,
  updateReads,
  users,
  waitlistEntries,
  webauthnChallenges,
} from './schema';

/** The person as they were before erasure: their id, and the email other rows may name them by. */
export interface Person {
  id: string;
  email: string;
  /** What their name becomes ("Erased investor 7F3A9C2B"). */
  pseudonym: string;
}

/**
 * What erasure does to a table's rows about the person (ADR 031): `delete` them (and the files their
 * `files` column names, deleted from the storage after the commit), `anonymise` them (the columns `set`
 * says, the rows kept), or `keep` them as they are, because bookkeeping law requires the record (they
 * hold no personal field: the person is the account, which then has the pseudonym).
 */
type ErasureRule =
  | { do: 'delete'; files?: AnyPgColumn }
  | { do: 'anonymise'; set: (p: Person) => Record<string, unknown> }
  | { do: 'keep'; why: string };

export interface PersonalTable {
  name: string;
  table: PgTable;
  /** The rows about the person. */
  rows: (p: Person) => SQL | undefined;
  /** The columns that hold personal data (names of the table's TypeScript fields). */
  fields: readonly string[];
  /**
   * Where the export (`collectPersonalData`, src/personal-data.ts) puts these rows: a key of its
   * `data.json`, or null with why it is not exported (secrets, or nothing personal in it).
   */
  section: string | { none: string };
  erasure: ErasureRule;
}

/** The audit details that may name a person (the name, email and bank account an entry recorded). */
const PERSONAL_AUDIT_KEYS = [
  'name',
  'email',
  'phone',
  'address',
  'city',
  'country',
  'postalCode',
  'dateOfBirth',
  'holder',
  'iban',
  'bic',
  'typedName',
];

/**
 * Every table that holds data about one person, and what the export and the erasure do with it: the one
 * list both follow (the privacy module's tests hold every table with a column naming a user to it, and
 * every section it names to the export). A new table of personal data adds its line here.
 */
export const PERSONAL_TABLES: readonly PersonalTable[] = [
  {
    name: 'users',
    table: users,
    rows: (p) => eq(users.id, p.id),
    fields: ['name', 'email', 'phone', 'address', 'city', 'country', 'postalCode', 'dateOfBirth'],
    section: 'profile',
    erasure: {
      do: 'anonymise',
      set: (p) => ({
        name: p.pseudonym,
        email: `erased-${p.id}@erased.invalid`,
        phone: null,
        address: null,
        city: null,
        country: null,
        postalCode: null,
        dateOfBirth: null,
        // No password matches a value that is not a hash; the account is inactive besides.
        passwordHash: '!erased',
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        bankIbanSealed: null,
        bankIbanLast4: null,
        bankBic: null,
        bankHolder: null,
        bankUpdatedAt: null,
        emailOptOut: [...OPTIONAL_EMAIL_CATEGORIES],
        isActive: false,
        erasedAt: sql`now()`,
        updatedAt: sql`now()`,
      }),
    },
  },
  // Sign-in and security: every way in ends.
  {
    name: 'refresh_tokens',
    table: refreshTokens,
    rows: (p) => eq(refreshTokens.userId, p.id),
    fields: [],
    section: { none: 'secrets (token hashes)' },
    erasure: { do: 'delete' },
  },
  {
    name: 'sign_ins',
    table: signIns,
    rows: (p) => eq(signIns.userId, p.id),
    fields: ['userAgent', 'ipAddress'],
    section: 'signIns',
    erasure: { do: 'delete' },
  },
  {
    name: 'passkeys',
    table: passkeys,
    rows: (p) => eq(passkeys.userId, p.id),
    fields: ['name', 'publicKey', 'credentialId'],
    section: 'passkeys',
    erasure: { do: 'delete' },
  },
  {
    name: 'webauthn_challenges',
    table: webauthnChallenges,
    rows: (p) => eq(webauthnChallenges.userId, p.id),
    fields: [],
    section: { none: 'short-lived secrets' },
    erasure: { do: 'delete' },
  },
  {
    name: 'recovery_codes',
    table: recoveryCodes,
    rows: (p) => eq(recoveryCodes.userId, p.id),
    fields: [],
    section: { none: 'secrets (code hashes)' },
    erasure: { do: 'delete' },
  },
  {
    name: 'password_resets',
    table: passwordResets,
    rows: (p) => eq(passwordResets.userId, p.id),
    fields: [],
    section: { none: 'secrets (token hashes)' },
    erasure: { do: 'delete' },
  },
  {
    name: 'stream_tickets',
    table: streamTickets,
    rows: (p) => eq(streamTickets.userId, p.id),
    fields: [],
    section: { none: 'short-lived secrets' },
    erasure: { do: 'delete' },
  },
  {
    name: 'calendar_feeds',
    table: calendarFeeds,
    rows: (p) => eq(calendarFeeds.userId, p.id),
    fields: [],
    section: { none: 'the calendar address is a secret' },
    erasure: { do: 'delete' },
  },
  // Identity check.
  {
    name: 'kyc_checks',
    table: kycChecks,
    rows: (p) => eq(kycChecks.userId, p.id),
    fields: ['dateOfBirth', 'taxResidence', 'politicallyExposed', 'sourceOfFunds', 'rejectionReason'],
    section: 'identityCheck',
    erasure: { do: 'delete' },
  },
  {
    name: 'kyc_documents',
    table: kycDocuments,
    rows: (p) => eq(kycDocuments.userId, p.id),
    fields: ['fileName', 'fileKey'],
    section: 'identityCheck',
    erasure: { do: 'delete', files: kycDocuments.fileKey },
  },
  // Documents and statements' files (the figures stay derivable from the kept money records).
  {
    name: 'documents',
    table: documents,
    rows: (p) => eq(documents.userId, p.id),
    fields: ['name', 'description', 'fileName', 'fileKey'],
    section: 'documents',
    erasure: { do: 'delete', files: documents.fileKey },
  },
  {
    name: 'statement_files',
    table: statementFiles,
    rows: (p) => eq(statementFiles.userId, p.id),
    fields: ['fileKey'],
    section: 'statements',
    erasure: { do: 'delete', files: statementFiles.fileKey },
  },
  {
    name: 'data_room_downloads',
    table: dataRoomDownloads,
    rows: (p) => eq(dataRoomDownloads.userId, p.id),
    fields: [],
    section: { none: 'a record for the admins of which documents were read' },
    erasure: { do: 'delete' },
  },
  {
    name: 'data_exports',
    table: dataExports,
    rows: (p) => eq(dataExports.userId, p.id),
    fields: ['fileKey'],
    section: { none: 'the exports themselves' },
    erasure: { do: 'delete', files: dataExports.fileKey },
  },
  // Communication.
  {
    name: 'notifications',
    table: notifications,
    rows: (p) => eq(notifications.userId, p.id),
    fields: ['title', 'message', 'params'],
    section: 'notifications',
    erasure: { do: 'delete' },
  },
  {
    name: 'mail_messages',
    table: mailMessages,
    rows: (p) => eq(mailMessages.userId, p.id),
    fields: ['toAddress', 'subject', 'data'],
    section: 'emails',
    erasure: { do: 'delete' },
  },
  {
    name: 'interest_registrations',
    table: interestRegistrations,
    rows: (p) =>
      or(
        eq(interestRegistrations.userId, p.id),
        sql`lower(${interestRegistrations.email}) = lower(${p.email})`,
      ),
    fields: ['name', 'email', 'phone', 'message'],
    section: 'interestRegistrations',
    erasure: { do: 'delete' },
  },
  {
    name: 'update_reads',
    table: updateReads,
    rows: (p) => eq(updateReads.userId, p.id),
    fields: [],
    section: { none: 'which updates were read: nothing said about the person' },
    erasure: { do: 'delete' },
  },
  // Stays and perks: nothing of it is a financial record, except a rented stay's booking (its income).
  {
    name: 'cabin_allowances',
    table: cabinAllowances,
    rows: (p) => eq(cabinAllowances.userId, p.id),
    fields: [],
    section: 'cabinNights',
    erasure: { do: 'delete' },
  },
  {
    name: 'bookings',
    table: bookings,
    rows: (p) => eq(bookings.userId, p.id),
    fields: ['notes', 'giftRecipient', 'decisionNote'],
    section: 'bookings',
    // Kept (a rented stay's income refers to its booking), without its words; stays ahead are cancelled.
    erasure: {
      do: 'anonymise',
      set: () => ({
        notes: '',
        giftRecipient: null,
        decisionNote: null,
        status: sql`case when ${bookings.status} in ('pending', 'approved') and (${bookings.nights} ->> -1) >= to_char(now() at time zone 'utc', 'YYYY-MM-DD') then 'cancelled' else ${bookings.status} end`,
      }),
    },
  },
  {
    name: 'booking_nights',
    table: bookingNights,
    rows: (p) => eq(bookingNights.userId, p.id),
    fields: [],
    section: 'bookings',
    erasure: { do: 'delete' },
  },
  {
    name: 'waitlist_entries',
    table: waitlistEntries,
    rows: (p) => eq(waitlistEntries.userId, p.id),
    fields: [],
    section: 'waitlist',
    erasure: { do: 'delete' },
  },
  {
    name: 'stay_reports',
    table: stayReports,
    rows: (p) => eq(stayReports.userId, p.id),
    fields: ['text', 'photoName', 'photoKey'],
    section: { none: 'an admin inbox; not part of the export yet' },
    erasure: { do: 'delete', files: stayReports.photoKey },
  },
  {
    name: 'allocation_preferences',
    table: allocationPreferences,
    rows: (p) => eq(allocationPreferences.userId, p.id),
    fields: [],
    section: { none: 'the ranking of a peak allocation' },
    erasure: { do: 'delete' },
  },
  {
    name: 'allocation_stays',
    table: allocationStays,
    rows: (p) => eq(allocationStays.userId, p.id),
    fields: [],
    section: { none: 'the result of a peak allocation' },
    erasure: { do: 'keep', why: 'the fairness record of a draw, naming nobody but the pseudonym' },
  },
  {
    name: 'activity_requests',
    table: activityRequests,
    rows: (p) => eq(activityRequests.userId, p.id),
    fields: ['note', 'decisionNote'],
    section: 'activityRequests',
    erasure: { do: 'delete' },
  },
  {
    name: 'swap_offers',
    table: swapOffers,
    rows: (p) => or(eq(swapOffers.fromUserId, p.id), eq(swapOffers.toUserId, p.id)),
    fields: ['note'],
    section: 'swaps',
    erasure: { do: 'delete' },
  },
  // Delegated access (ADR 032): given by the person, to them, or to their email before they had an account.
  {
    name: 'delegations',
    table: delegations,
    rows: (p) =>
      or(
        eq(delegations.principalId, p.id),
        eq(delegations.delegateId, p.id),
        sql`lower(${delegations.invitedEmail}) = lower(${p.email})`,
      ),
    fields: ['invitedEmail'],
    section: 'delegations',
    erasure: { do: 'delete' },
  },
  // Money: kept under the pseudonym for the retention period (bookkeeping law).
  {
    name: 'investments',
    table: investments,
    rows: (p) => eq(investments.userId, p.id),
    fields: [],
    section: 'investments',
    erasure: { do: 'keep', why: 'the capital account (bookkeeping)' },
  },
  {
    name: 'monthly_returns',
    table: monthlyReturns,
    rows: (p) => eq(monthlyReturns.userId, p.id),
    fields: [],
    section: 'payouts',
    erasure: { do: 'keep', why: 'income paid (bookkeeping, tax)' },
  },
  {
    name: 'distribution_allocations',
    table: distributionAllocations,
    rows: (p) => eq(distributionAllocations.userId, p.id),
    fields: [],
    section: 'payouts',
    erasure: { do: 'keep', why: 'payments made (bookkeeping)' },
  },
  {
    name: 'capital_returns',
    table: capitalReturns,
    rows: (p) => eq(capitalReturns.userId, p.id),
    fields: [],
    section: 'payouts',
    erasure: { do: 'keep', why: 'capital paid back (bookkeeping)' },
  },
  {
    name: 'adjustments',
    table: adjustments,
    rows: (p) => eq(adjustments.userId, p.id),
    fields: [],
    section: 'payouts',
    erasure: { do: 'keep', why: 'corrections of the books (append-only, ADR 026)' },
  },
  {
    name: 'rental_incomes',
    table: rentalIncomes,
    rows: (p) => eq(rentalIncomes.userId, p.id),
    fields: [],
    section: 'payouts',
    erasure: { do: 'keep', why: 'income paid (bookkeeping, tax)' },
  },
  {
    name: 'subscriptions',
    table: subscriptions,
    rows: (p) => eq(subscriptions.userId, p.id),
    fields: [],
    section: 'subscriptions',
    erasure: { do: 'keep', why: 'the amounts committed and paid in (bookkeeping)' },
  },
  {
    name: 'capital_call_lines',
    table: capitalCallLines,
    rows: (p) => eq(capitalCallLines.userId, p.id),
    fields: [],
    section: 'subscriptions',
    erasure: { do: 'keep', why: 'amounts called and paid (bookkeeping)' },
  },
  {
    name: 'signatures',
    table: signatures,
    rows: (p) => eq(signatures.userId, p.id),
    fields: ['typedName', 'ipAddress', 'userAgent'],
    section: 'signatures',
    // The hashes stay as the evidence that an agreement was signed; who typed what, from where, goes.
    erasure: { do: 'anonymise', set: (p) => ({ typedName: p.pseudonym, ipAddress: '', userAgent: '' }) },
  },
  {
    name: 'bank_transactions',
    table: bankTransactions,
    rows: (p) =>
      or(
        eq(bankTransactions.payoutUserId, p.id),
        inArray(
          bankTransactions.callLineId,
          sql`(select ${capitalCallLines.id} from ${capitalCallLines} where ${capitalCallLines.userId} = ${p.id})`,
        ),
      ),
    fields: ['counterparty', 'counterpartyIban'],
    section: { none: 'the bank’s record of a payment, read by the admins' },
    // The amount, day and reference stay as the voucher; the payer's name and account go.
    erasure: { do: 'anonymise', set: (p) => ({ counterparty: p.pseudonym, counterpartyIban: null }) },
  },
  // The records of what was done about the person.
  {
    name: 'audit_log',
    table: auditLog,
    rows: (p) =>
      or(
        and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, p.id)),
        sql`${auditLog.details} ->> 'userId' = ${p.id}`,
      ),
    fields: ['details'],
    section: { none: 'the admins’ record of changes' },
    erasure: {
      do: 'anonymise',
      set: () => ({
        details: sql`case when ${auditLog.details} is null then null else ${auditLog.details} - ${sql.raw(
          `array[${PERSONAL_AUDIT_KEYS.map((k) => `'${k}'`).join(', ')}]`,
        )}::text[] - (case when ${auditLog.action} = 'kyc-reject' then 'reason' else '' end) end`,
      }),
    },
  },
  {
    name: 'erasure_requests',
    table: erasureRequests,
    rows: (p) => eq(erasureRequests.userId, p.id),
    fields: ['reason'],
    section: { none: 'the record of the request itself' },
    erasure: { do: 'anonymise', set: () => ({ reason: null }) },
  },
];
