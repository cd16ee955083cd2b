import { sql } from 'drizzle-orm';
import {
  ACTIVITY_REQUEST_STATUSES,
  BOOKING_STATUSES,
  BOOKING_TYPES,
  DISTRIBUTION_KINDS,
  DISTRIBUTION_STATUSES,
  ADJUSTMENT_KINDS,
  DOCUMENT_CATEGORIES,
  DOCUMENT_KINDS,
  EMAIL_CATEGORIES,
  MAIL_STATUSES,
  OPTIONAL_EMAIL_CATEGORIES,
  INTEREST_STATUSES,
  BANK_TRANSACTION_OUTCOMES,
  DATA_EXPORT_STATUSES,
  ERASURE_STATUSES,
  DELEGATION_ROLES,
  KYC_DOCUMENT_KINDS,
  OFFERING_STATUSES,
  PAYOUT_BANK_STATUSES,
  STORED_SUBSCRIPTION_STATUSES,
  NOTIFICATION_TYPES,
  PERK_STATUSES,
  PROJECT_MEDIA_STATUSES,
  PROJECT_MEDIA_TYPES,
  PROJECT_STATUSES,
  STAY_REPORT_STATUSES,
  SWAP_STATUSES,
  UPDATE_CATEGORIES,
  type UpdateTranslations,
} from '@portal/contracts';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The whole data model (docs/product.md §17). Money is numeric(14,2); timestamps are timestamptz;
 * months are 'YYYY-MM' text. Drizzle returns numeric columns as strings: convert them at the edge.
 */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const monthCheck = (col: string) => sql.raw(`${col} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`);

/**
 * A check that the column holds one of a value set of the contracts, so that the database refuses what
 * the API refuses: `"t"."col" in ('a', 'b')`.
 */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', '))})`;

/** A text-search document (`tsvector`), read as its text form. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What the admin user search matches: the words of the name, email and investor ID ('@', '.', '+', '_'
 * and '-' split words), kept as a column (`users.search_document`) so that testing a row against a
 * search reads it instead of parsing the three fields again (about 30 µs a row). Positions are kept:
 * a search word the parser cuts in two ('x²y') is a phrase query, which a stripped document never matches.
 */
const userSearchDocument = sql`to_tsvector('simple'::regconfig, translate("name" || ' ' || "email" || ' ' || coalesce("investor_id", ''), '@.+_-', '     '))`;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    investorId: text('investor_id'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** Null for an account created through sign-up that no admin has activated yet. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    country: text('country'),
    postalCode: text('postal_code'),
    dateOfBirth: date('date_of_birth'),
    /** The language of the account's pages, emails and PDFs (docs/product.md §19). */
    locale: text('locale').notNull().default('en'),
    /** Summary overrides: when null the summary is computed from the investments. */
    totalInvestment: money('total_investment'),
    totalReturned: money('total_returned'),
    investmentDate: date('investment_date'),
    investmentPeriod: text('investment_period'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The sign-in before the last one: none means the current sign-in is the user's first. */
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    /** The TOTP secret, encrypted (AES-256-GCM); set while enrolling, in use once totpEnabledAt is set. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last accepted TOTP time step: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /**
     * Where distributions are paid: the IBAN sealed (AES-256-GCM, like the TOTP secret) and its last four
     * characters for the mask, the BIC and the holder's name. All set together, or none.
     */
    bankIbanSealed: text('bank_iban_sealed'),
    bankIbanLast4: text('bank_iban_last4'),
    bankBic: text('bank_bic'),
    bankHolder: text('bank_holder'),
    bankUpdatedAt: timestamp('bank_updated_at', { withTimezone: true }),
    /** The optional email categories the user turned off (OPTIONAL_EMAIL_CATEGORIES). */
    emailOptOut: text('email_opt_out')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * When the account's personal data was erased (GDPR article 17, ADR 031): its name is then a
     * pseudonym, its email a placeholder, and it can never sign in again.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** Read by the admin users search only (its GIN index below); computed by the database. */
    searchDocument: tsvector('search_document').generatedAlwaysAs(userSearchDocument),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_investor_id_key').on(t.investorId),
    check(
      'users_email_opt_out_check',
      sql`${t.emailOptOut} <@ array[${sql.raw(OPTIONAL_EMAIL_CATEGORIES.map((c) => `'${c}'`).join(', '))}]::text[]`,
    ),
    // The name itself is a key column too, so that a page of ids is read from the index alone (an
    // expression index cannot answer an index-only scan without the column it is computed from).
    index('users_name_sort_idx').on(sql`lower(${t.name})`, t.id, t.name),
    index('users_search_idx').using('gin', t.searchDocument),
    // Sign-ups waiting for activation: few rows, asked for on every admin dashboard load.
    index('users_awaiting_activation_idx')
      .on(t.createdAt)
      .where(sql`${t.activatedAt} is null`),
    // The administrators (a handful among every investor), listed by the audit log's filter.
    index('users_admins_idx')
      .on(t.name, t.email)
      .where(sql`${t.isAdmin}`),
    check(
      'users_bank_account_whole_check',
      sql`(${t.bankIbanSealed} is null) = (${t.bankIbanLast4} is null) and (${t.bankIbanSealed} is null) = (${t.bankHolder} is null) and (${t.bankIbanSealed} is null) = (${t.bankUpdatedAt} is null)`,
    ),
  ],
);

/**
 * How many users there are, in one row kept by statement-level triggers on users (migration 0021), so
 * that the admin users list, which says how many users there are on every page, reads one row instead of
 * counting every user.
 */
export const userCount = pgTable(
  'user_count',
  {
    id: boolean('id').primaryKey().default(true),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [check('user_count_one_row_check', sql`${t.id}`)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Every token of one sign-in shares a family; replaying a used token revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    /** Idle expiry of this token. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Absolute expiry of the whole family (the sign-in). */
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/**
 * A sign-in as the investor sees it in Profile → Security: the device (its user agent) and network
 * address it started from and was last refreshed from. Its id is the refresh-token family's; ending it
 * revokes that family (ADR 030).
 */
export const signIns = pgTable(
  'sign_ins',
  {
    /** The refresh-token family (the access token's `sid`). */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    /** The client address of the last sign-in or refresh. */
    ipAddress: text('ip_address').notNull().default(''),
    /** How it started: password, password + second factor, or a passkey. */
    method: text('method').notNull().default('password'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sign_ins_user_idx').on(t.userId)],
);

/** A WebAuthn credential (passkey) of a user (ADR 030). */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
    check('passkeys_name_check', sql`length(${t.name}) between 1 and 100`),
  ],
);

/** A WebAuthn challenge handed out and not yet answered: short-lived and single use. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** register | sign-in | second-factor */
    purpose: text('purpose').notNull(),
    /** The user it was given to (registration, second factor); null for a passkey sign-in. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    status: text('status', { enum: PROJECT_STATUSES }).notNull().default('pending'),
    totalInvestment: money('total_investment').notNull().default('0'),
    totalReturned: money('total_returned').notNull().default('0'),
    annualROI: text('annual_roi').notNull().default('0'),
    investmentDate: date('investment_date').notNull().defaultNow(),
    investmentPeriod: integer('investment_period').notNull().default(60),
    expectedMonthlyReturn: numeric('expected_monthly_return', { precision: 10, scale: 4 })
      .notNull()
      .default('0.1'),
    description: text('description').notNull().default(''),
    expectedCompletion: date('expected_completion'),
    /** Set while the project is archived: hidden from investors, kept with its history, restorable. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * The opportunity investors see on the dashboard and on Join New Project: at most one project is
     * open for interest at a time (docs/product.md §8).
     */
    openForInterest: boolean('open_for_interest').notNull().default(false),
    interestTarget: money('interest_target').notNull().default('0'),
    interestCommitments: money('interest_commitments').notNull().default('0'),
    interestMinimum: money('interest_minimum').notNull().default('0'),
    interestMaximum: money('interest_maximum').notNull().default('0'),
    projectedROI: numeric('projected_roi', { precision: 6, scale: 2 }).notNull().default('0'),
    expectedLaunch: date('expected_launch'),
    features: text('features')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The investors' share of what their rented-out nights earn, in percent (the rest is the operator's). */
    rentalSharePercent: numeric('rental_share_percent', { precision: 5, scale: 2 }).notNull().default('70'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('projects_status_check', oneOf(t.status, PROJECT_STATUSES)),
    check('projects_interest_bounds_check', sql`${t.interestMinimum} <= ${t.interestMaximum}`),
    index('projects_name_idx').on(t.name),
    uniqueIndex('projects_open_for_interest_key')
      .on(t.openForInterest)
      .where(sql`${t.openForInterest}`),
  ],
);

/** One row per (user, project). A user is linked to a project when they hold an investment in it. */
export const investments = pgTable(
  'investments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull().default('0'),
    /** Used only when the investment has no monthly returns. */
    returns: money('returns').notNull().default('0'),
    roi: numeric('roi', { precision: 7, scale: 2 }),
    startDate: date('start_date'),
    /**
     * The sum and the count of this investment's monthly returns, kept by triggers on monthly_returns
     * (migration 0006), so that totals over every investment (the admin dashboard) need not read every
     * month ever recorded. Never written by the application.
     */
    returnsFromMonths: money('returns_from_months').notNull().default('0'),
    monthsRecorded: integer('months_recorded').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('investments_user_project_key').on(t.userId, t.projectId),
    index('investments_project_idx').on(t.projectId),
    /** The first start date of all (the statements' first period) without reading every investment. */
    index('investments_start_date_idx').on(t.startDate),
    check('investments_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * Capital per project over its investments (how much is invested, the returns as if every recorded month
 * were paid, how many investments), and below how many users hold any investment: kept by statement-level
 * triggers on investments (migration 0022), so that the admin dashboard's totals read one row a project
 * instead of every investment. Never written by the application.
 */
export const projectInvestmentTotals = pgTable('project_investment_totals', {
  projectId: uuid('project_id').primaryKey(),
  invested: numeric('invested', { precision: 18, scale: 2 }).notNull(),
  /** Each investment's `returns_from_months` when it has months, else its `returns`, summed. */
  returnsAllPaid: numeric('returns_all_paid', { precision: 18, scale: 2 }).notNull(),
  investments: integer('investments').notNull(),
});

/** How many users hold at least one investment (one row; see project_investment_totals). */
export const investorCount = pgTable(
  'investor_count',
  {
    id: boolean('id').primaryKey().default(true),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [check('investor_count_one_row_check', sql`${t.id}`)],
);

export const monthlyReturns = pgTable(
  'monthly_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    amount: money('amount').notNull(),
    /** The day this income is paid when it is not the last day of its month (a distribution's payment date). */
    paymentDate: date('payment_date'),
    /**
     * The day it is paid: its payment date, else the last day of its month (kept by the database, never
     * written). Income counts once this day has come (UTC, ADR 020).
     */
    paidOn: date('paid_on')
      .notNull()
      .generatedAlwaysAs(
        sql`coalesce(payment_date, make_date(left(month, 4)::int + right(month, 2)::int / 12, right(month, 2)::int % 12 + 1, 1) - 1)`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('monthly_returns_user_project_month_key').on(t.userId, t.projectId, t.month),
    // The few rows not yet paid (paid_on after today), subtracted from the roll-up of every month.
    index('monthly_returns_paid_on_idx').on(t.paidOn),
    index('monthly_returns_project_idx').on(t.projectId),
    // Returns paid per month in a project (admin dashboard).
    index('monthly_returns_project_month_idx').on(t.projectId, t.month),
    check('monthly_returns_month_check', monthCheck('month')),
    // Income is not paid before its month has begun.
    check(
      'monthly_returns_payment_date_check',
      sql`payment_date >= make_date(left(month, 4)::int, right(month, 2)::int, 1)`,
    ),
  ],
);

/**
 * The monthly returns paid, summed per project and day paid (`paid_on`), counting only the months of an
 * investment that exists, as the admin dashboard's returns by month count them. Kept by statement-level
 * triggers on monthly_returns and investments (migration 0022), so that the dashboard reads a few hundred
 * rows instead of a year of every investor's months. Never written by the application.
 */
export const monthlyReturnTotals = pgTable(
  'monthly_return_totals',
  {
    paidOn: date('paid_on').notNull(),
    projectId: uuid('project_id').notNull(),
    amount: numeric('amount', { precision: 18, scale: 2 }).notNull(),
    /** How many months it sums: a row is removed when it reaches none. */
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paidOn, t.projectId] })],
);

export const updates = pgTable(
  'updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category: text('category', { enum: UPDATE_CATEGORIES }).notNull().default('general'),
    excerpt: text('excerpt').notNull().default(''),
    /** Sanitized HTML (sanitized when written). */
    content: text('content').notNull().default(''),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** Admins' translations by language ({ de: { title, excerpt, content } }), the content sanitized when written. */
    translations: jsonb('translations').$type<UpdateTranslations>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('updates_project_date_idx').on(t.projectId, t.date.desc()),
    check('updates_category_check', oneOf(t.category, UPDATE_CATEGORIES)),
  ],
);

/** "isNew" of an update means: this user has not read it. */
export const updateReads = pgTable(
  'update_reads',
  {
    updateId: uuid('update_id')
      .notNull()
      .references(() => updates.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.updateId] })],
);

export const perks = pgTable(
  'perks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    category: text('category').notNull().default('standard'),
    icon: text('icon').notNull().default('🏠'),
    description: text('description').notNull().default(''),
    discount: text('discount').notNull().default(''),
    status: text('status', { enum: PERK_STATUSES }).notNull().default('active'),
    bookingAvailable: boolean('booking_available').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('perks_project_idx').on(t.projectId),
    check('perks_status_check', oneOf(t.status, PERK_STATUSES)),
  ],
);

/** Cabin nights a user holds in a project. Remaining nights are derived from the bookings. */
export const cabinAllowances = pgTable(
  'cabin_allowances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    totalNights: integer('total_nights').notNull().default(0),
    bonusNights: integer('bonus_nights').notNull().default(0),
    expiresAt: date('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cabin_allowances_user_project_key').on(t.userId, t.projectId),
    check('cabin_allowances_nights_check', sql`${t.totalNights} >= 0 and ${t.bonusNights} >= 0`),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type', { enum: BOOKING_TYPES }).notNull(),
    status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
    notes: text('notes').notNull().default(''),
    giftRecipient: text('gift_recipient'),
    rentalPrice: money('rental_price'),
    /**
     * The requested nights ('YYYY-MM-DD', ascending), kept for the record: booking_nights holds only the
     * nights of live requests, so a declined or cancelled request would otherwise lose its dates.
     */
    nights: jsonb('nights').$type<string[]>().notNull().default([]),
    /** Nights drawn from the bonus pool (set when the booking is stored). */
    bonusNightsUsed: integer('bonus_nights_used').notNull().default(0),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_user_project_idx').on(t.userId, t.projectId),
    index('bookings_project_status_idx').on(t.projectId, t.status),
    check('bookings_type_check', oneOf(t.type, BOOKING_TYPES)),
    check('bookings_status_check', oneOf(t.status, BOOKING_STATUSES)),
  ],
);

/**
 * The nights of live (pending or approved) bookings, one row a night: the unique key makes a night
 * impossible to request twice, even under concurrent requests. Rows are removed when a booking is
 * cancelled or declined.
 */
export const bookingNights = pgTable(
  'booking_nights',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    night: date('night').notNull(),
    /**
     * The cabin the night takes. The unique key on (cabin, night) is what makes two stays in one cabin on
     * one night impossible, even under concurrent requests. Null only for a night whose cabin was deleted
     * after the stay (a cabin with future stays cannot be deleted).
     */
    cabinId: uuid('cabin_id').references(() => cabins.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.night] }),
    uniqueIndex('booking_nights_user_project_night_key').on(t.userId, t.projectId, t.night),
    uniqueIndex('booking_nights_cabin_night_key').on(t.cabinId, t.night),
    index('booking_nights_project_night_idx').on(t.projectId, t.night),
  ],
);

/**
 * The waitlist: an investor waiting for exactly one stay (its kind and nights) whose nights were full.
 * When a cabin frees, the first entry (by join time) whose whole stay fits becomes a pending request and
 * is deleted (modules/stays/waitlist). An entry lapses at its first night.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type', { enum: BOOKING_TYPES }).notNull(),
    /** The stay's nights ('YYYY-MM-DD', ascending). */
    nights: jsonb('nights').$type<string[]>().notNull(),
    /** Its first night: the day the entry lapses. */
    firstNight: date('first_night').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('waitlist_entries_project_created_idx').on(t.projectId, t.createdAt),
    index('waitlist_entries_user_project_idx').on(t.userId, t.projectId),
    check('waitlist_entries_type_check', oneOf(t.type, BOOKING_TYPES)),
  ],
);

/**
 * A problem report from an approved stay (issue 35): the investor's words and an optional photo (stored
 * like other uploads, under a server-made key), in the admins' inbox until an admin marks it done.
 */
export const stayReports = pgTable(
  'stay_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    status: text('status', { enum: STAY_REPORT_STATUSES }).notNull().default('new'),
    photoKey: text('photo_key'),
    photoName: text('photo_name'),
    photoMime: text('photo_mime'),
    photoSize: bigint('photo_size', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stay_reports_booking_created_idx').on(t.bookingId, t.createdAt),
    index('stay_reports_created_idx').on(t.createdAt.desc()),
    index('stay_reports_status_created_idx').on(t.status, t.createdAt.desc()),
    check('stay_reports_status_check', oneOf(t.status, STAY_REPORT_STATUSES)),
    check(
      'stay_reports_photo_check',
      sql`(${t.photoKey} is null) = (${t.photoMime} is null) and (${t.photoKey} is null) = (${t.photoName} is null)`,
    ),
  ],
);

/** A project's cabins: each night of a stay takes one (booking_nights.cabin_id). */
/** What an investor needs to arrive at a cabin (all free text). */
export interface CabinGuide {
  address: string;
  access: string;
  houseRules: string;
  wifi: string;
  waste: string;
  contacts: string;
}

/** A season of a project's stay rules: stays touching it are at least `minNights`, starting on the weekdays. */
export interface StayRuleSeason {
  from: string;
  to: string;
  minNights: number;
  /** 0 = Sunday … 6 = Saturday; empty for any day. */
  checkInWeekdays: number[];
}

/** A project's stay rules (issue 35): the turnover day, last-minute stays and seasons' minimum stays. */
export const stayRules = pgTable(
  'stay_rules',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Days a cabin is held after each stay (0 or 1). */
    turnoverDays: integer('turnover_days').notNull().default(0),
    /** Stays whose first night is at most this many days from today are outside the high-season limit (0: off). */
    lastMinuteDays: integer('last_minute_days').notNull().default(0),
    seasons: jsonb('seasons').$type<StayRuleSeason[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('stay_rules_turnover_check', sql`${t.turnoverDays} between 0 and 1`),
    check('stay_rules_last_minute_check', sql`${t.lastMinuteDays} between 0 and 365`),
  ],
);

export const cabins = pgTable(
  'cabins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sleeps: integer('sleeps').notNull(),
    description: text('description').notNull().default(''),
    /** Photo addresses (the project's media or any https image), in the order shown. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    /** An inactive cabin takes no new stays; the ones it holds stay. */
    active: boolean('active').notNull().default(true),
    /** The guide an investor sees from 14 days before an approved stay (null: none written). */
    guide: jsonb('guide').$type<CabinGuide>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('cabins_project_name_key').on(t.projectId, t.name),
    check('cabins_sleeps_check', sql`${t.sleeps} between 1 and 50`),
  ],
);

/**
 * A project's high-season period (both ends included) and how many of its nights one investor may hold
 * in it (pending and approved stays count).
 */
export const highSeasons = pgTable(
  'high_seasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
    maxNightsPerInvestor: integer('max_nights_per_investor').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('high_seasons_project_idx').on(t.projectId, t.startsOn),
    check('high_seasons_dates_check', sql`${t.endsOn} >= ${t.startsOn}`),
    check('high_seasons_max_check', sql`${t.maxNightsPerInvestor} >= 0`),
  ],
);

/**
 * A peak allocation (issue 35, ADR 029): stays inside a high season, ranked by the project's investors and
 * drawn by a published rule. The seed is kept secret until the run; its SHA-256 is published at creation.
 */
export const allocations = pgTable(
  'allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** 32 random bytes as lowercase hex; shown only once the allocation has run. */
    seed: text('seed').notNull(),
    /** sha256(seed), lowercase hex: published from creation. */
    seedHash: text('seed_hash').notNull(),
    status: text('status', { enum: ['open', 'run'] })
      .notNull()
      .default('open'),
    preferencesDue: timestamp('preferences_due', { withTimezone: true }).notNull(),
    runsAt: timestamp('runs_at', { withTimezone: true }).notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }),
    /** The priority order of the run (user ids, first first). */
    drawOrder: jsonb('draw_order').$type<string[]>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('allocations_project_idx').on(t.projectId, t.runsAt),
    check('allocations_status_check', oneOf(t.status, ['open', 'run'])),
  ],
);

/** One stay of an allocation; once run, the investor it went to and the approved booking it became. */
export const allocationStays = pgTable(
  'allocation_stays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    allocationId: uuid('allocation_id')
      .notNull()
      .references(() => allocations.id, { onDelete: 'cascade' }),
    checkIn: date('check_in').notNull(),
    checkOut: date('check_out').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('allocation_stays_allocation_idx').on(t.allocationId, t.checkIn),
    check('allocation_stays_dates_check', sql`${t.checkOut} > ${t.checkIn}`),
  ],
);

/** An investor's ranking of an allocation's stays (stay ids, highest first, at most 10). */
export const allocationPreferences = pgTable(
  'allocation_preferences',
  {
    allocationId: uuid('allocation_id')
      .notNull()
      .references(() => allocations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    choices: jsonb('choices').$type<string[]>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.allocationId, t.userId] })],
);

/** A request to join a partner activity (a perk): approved or declined like a stay, never cabin nights. */
export const activityRequests = pgTable(
  'activity_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    perkId: uuid('perk_id')
      .notNull()
      .references(() => perks.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    partySize: integer('party_size').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ACTIVITY_REQUEST_STATUSES }).notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('activity_requests_user_idx').on(t.userId, t.projectId),
    index('activity_requests_project_status_idx').on(t.projectId, t.status),
    check('activity_requests_status_check', oneOf(t.status, ACTIVITY_REQUEST_STATUSES)),
    check('activity_requests_party_check', sql`${t.partySize} between 1 and 50`),
  ],
);

/**
 * An investor's offer to exchange one of their approved stays for another investor's approved stay in
 * the same project. Each stay's `updated_at` when the offer was made is kept: a stay changed since makes
 * the offer void.
 */
export const swapOffers = pgTable(
  'swap_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offeredBookingId: uuid('offered_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    requestedBookingId: uuid('requested_booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    offeredStamp: timestamp('offered_stamp', { withTimezone: true }).notNull(),
    requestedStamp: timestamp('requested_stamp', { withTimezone: true }).notNull(),
    /**
     * The dates of the two stays when the offer was made ('YYYY-MM-DD', ascending): the offer reads as it
     * was made even after its stays change (a void offer) or are exchanged (an accepted one).
     */
    offeredNights: jsonb('offered_nights').$type<string[]>().notNull(),
    requestedNights: jsonb('requested_nights').$type<string[]>().notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: SWAP_STATUSES }).notNull().default('pending'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('swap_offers_to_idx').on(t.toUserId, t.status),
    index('swap_offers_from_idx').on(t.fromUserId, t.status),
    check('swap_offers_status_check', oneOf(t.status, SWAP_STATUSES)),
    check('swap_offers_users_check', sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);

/**
 * What a rent-out request actually earned, recorded by an admin: the nights rented, the gross income,
 * the project's rental share at the time, and the investor's share of it, paid on `payment_date` (an
 * income payout, "Rental income").
 */
export const rentalIncomes = pgTable(
  'rental_incomes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    nightsRented: integer('nights_rented').notNull(),
    grossIncome: money('gross_income').notNull(),
    sharePercent: numeric('share_percent', { precision: 5, scale: 2 }).notNull(),
    amount: money('amount').notNull(),
    paymentDate: date('payment_date').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('rental_incomes_booking_key').on(t.bookingId),
    index('rental_incomes_user_project_idx').on(t.userId, t.projectId),
    check('rental_incomes_amounts_check', sql`${t.grossIncome} >= 0 and ${t.amount} >= 0`),
    check('rental_incomes_share_check', sql`${t.sharePercent} between 0 and 100`),
    check('rental_incomes_nights_check', sql`${t.nightsRented} >= 0`),
  ],
);

/**
 * An investor's calendar address: the token is signed with the server's secret from the user id and
 * this version; regenerating raises the version, so the old address stops working.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  updatedAt: updatedAt(),
});

/** Expiry reminders sent for an allowance: one per (allowance, expiry date, days before), so each goes once. */
export const allowanceReminders = pgTable(
  'allowance_reminders',
  {
    allowanceId: uuid('allowance_id')
      .notNull()
      .references(() => cabinAllowances.id, { onDelete: 'cascade' }),
    expiresAt: date('expires_at').notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.allowanceId, t.expiresAt, t.daysBefore] })],
);

/** Documents and per-user media (kind 'media') of a project; userId null = shared with every investor. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull().default('document'),
    /** The document's name, or the media item's title. */
    name: text('name').notNull(),
    /** One of DOCUMENT_CATEGORIES of @portal/contracts (media items keep the default). */
    category: text('category', { enum: DOCUMENT_CATEGORIES }).notNull().default('General'),
    /** Document type (PDF, ...) or media type (photo, video). */
    type: text('type').notNull().default('PDF'),
    description: text('description').notNull().default(''),
    thumbnail: text('thumbnail'),
    url: text('url'),
    duration: text('duration'),
    isNew: boolean('is_new').notNull().default(true),
    uploadDate: timestamp('upload_date', { withTimezone: true }).notNull().defaultNow(),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileMime: text('file_mime'),
    fileSize: bigint('file_size', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('documents_project_user_idx').on(t.projectId, t.userId, t.uploadDate.desc()),
    index('documents_user_idx').on(t.userId),
    check('documents_kind_check', oneOf(t.kind, DOCUMENT_KINDS)),
    check('documents_category_check', oneOf(t.category, DOCUMENT_CATEGORIES)),
  ],
);

export const projectMedia = pgTable(
  'project_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: text('type', { enum: PROJECT_MEDIA_TYPES }).notNull(),
    thumbnail: text('thumbnail'),
    url: text('url'),
    description: text('description').notNull().default(''),
    status: text('status', { enum: PROJECT_MEDIA_STATUSES }).notNull().default('active'),
    priority: integer('priority').notNull().default(0),
    duration: text('duration'),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileMime: text('file_mime'),
    fileSize: bigint('file_size', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('project_media_project_idx').on(t.projectId, t.status, t.priority.desc(), t.date.desc()),
    check('project_media_type_check', oneOf(t.type, PROJECT_MEDIA_TYPES)),
    check('project_media_status_check', oneOf(t.status, PROJECT_MEDIA_STATUSES)),
  ],
);

/** One row per recipient; a broadcast shares a batch id. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * The recipient: not a foreign key, because checking one for every row of a broadcast to 100,000
     * users took 2.2-3.5 s (issue 20); a trigger on users removes a deleted user's notifications instead
     * (migration 0022).
     */
    userId: uuid('user_id').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('info'),
    read: boolean('read').notNull().default(false),
    /** What it is about: a path in this app (checked by the contracts' `isAppPath`), or none. */
    link: text('link'),
    batchId: uuid('batch_id'),
    /**
     * Who sent it, as it was when sent: not a foreign key, because checking one for every row of a
     * broadcast to 10,000 users took 43 ms of its 184 (issue 8). It is only compared with the
     * recipient (the sender's own copy), so an id of a since-deleted user means nothing wrong.
     */
    createdBy: uuid('created_by'),
    /**
     * What the server wrote, by name (notifications module, notices.ts), and its values: the reader is
     * shown it in their language, written when they read it. None on an admin's own words and on rows
     * written before migration 0032, which are shown as stored.
     */
    messageKey: text('message_key'),
    params: jsonb('params').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    // Ascending, read backwards by the admin list (`created_at desc, id desc`, nulls first: an index
    // declared `desc` is `nulls last` and could not give that order). A broadcast appends at its end.
    index('notifications_created_idx').on(t.createdAt, t.id),
    check('notifications_type_check', oneOf(t.type, NOTIFICATION_TYPES)),
  ],
);

/**
 * A count kept by statement-level triggers in a few rows (slots), each write adding its signed number of
 * rows to one of them: a writer holds its row to the end of its transaction, and the other writers
 * meanwhile find another. The count is their sum (`readSlottedCount`, db/slotted-count.ts).
 */
function slottedCount<Name extends string>(name: Name) {
  return pgTable(name, {
    slot: integer('slot').primaryKey(),
    n: bigint('n', { mode: 'number' }).notNull(),
  });
}
export type SlottedCount = ReturnType<typeof slottedCount<string>>;

/**
 * How many notifications there are, kept by statement-level triggers on notifications (migrations 0022
 * and 0024), each transaction adding to the slot of its transaction id: a broadcast's row waits for nobody
 * else's, and its several statements hold that one row.
 */
export const notificationCount = slottedCount('notification_count');

/**
 * Single-use tickets that open a notification stream: EventSource cannot send the bearer header, and
 * the access token must not travel in a URL. Kept in the database so any instance can redeem one.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The sign-in (refresh-token family) that asked for it. */
    familyId: uuid('family_id').notNull(),
    /** When the access token that asked for it expires: the stream ends then. */
    sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
);

export const interestRegistrations = pgTable(
  'interest_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    amount: money('amount'),
    message: text('message').notNull().default(''),
    status: text('status', { enum: INTEREST_STATUSES }).notNull().default('new'),
    createdAt: createdAt(),
  },
  (t) => [
    index('interest_registrations_created_idx').on(t.createdAt.desc()),
    check('interest_registrations_status_check', oneOf(t.status, INTEREST_STATUSES)),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  // Ascending and read backwards for the lists' `created_at desc, id desc` (migration 0025): the
  // index it replaced was `created_at desc nulls last`, an order that plain `desc` (nulls first) is
  // not, so the admin's audit list read and sorted every entry (32 ms of database time at 200,000).
  (t) => [index('audit_log_created_id_idx').on(t.createdAt, t.id)],
);

/**
 * How many audit entries there are, kept by statement-level triggers on audit_log (migration 0024), each
 * transaction adding to the slot of its transaction id: the admin list's total without a filter.
 */
export const auditCount = slottedCount('audit_count');

/** One-time recovery codes for two-factor sign-in, stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** Settings an admin changes at run time (e.g. whether admins must use two-factor sign-in). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

/**
 * A distribution run: an amount a project pays its investors for a period, split pro rata in whole cents
 * (modules/distributions). A draft until an admin makes it final; then its allocations are written as the
 * investors' monthly returns (income) or capital returns (capital) and it never changes again.
 */
export const distributions = pgTable(
  'distributions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    kind: text('kind', { enum: DISTRIBUTION_KINDS }).notNull(),
    amount: money('amount').notNull(),
    paymentDate: date('payment_date').notNull(),
    note: text('note'),
    status: text('status', { enum: DISTRIBUTION_STATUSES }).notNull().default('draft'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
    finalizedBy: uuid('finalized_by').references(() => users.id, { onDelete: 'set null' }),
    /** When, by whom and why a final run was reversed (its allocations undone by adjustments). */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: uuid('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    reversalReason: text('reversal_reason'),
  },
  (t) => [
    check('distributions_kind_check', oneOf(t.kind, DISTRIBUTION_KINDS)),
    check('distributions_status_check', oneOf(t.status, DISTRIBUTION_STATUSES)),
    check('distributions_amount_check', sql`${t.amount} > 0`),
    check('distributions_period_check', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('distributions_final_check', sql`(${t.status} <> 'draft') = (${t.finalizedAt} is not null)`),
    check(
      'distributions_reversed_check',
      sql`(${t.status} = 'reversed') = (${t.reversedAt} is not null and ${t.reversalReason} is not null)`,
    ),
    index('distributions_project_period_idx').on(t.projectId, t.period),
  ],
);

/** One investor's share of a distribution run; they add up to the run's amount to the cent. */
export const distributionAllocations = pgTable(
  'distribution_allocations',
  {
    distributionId: uuid('distribution_id')
      .notNull()
      .references(() => distributions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the investor had invested in the project when the run was computed. */
    invested: money('invested').notNull(),
    amount: money('amount').notNull(),
    /** The payout's end-to-end id in the SEPA file, given the first time the file is made, kept for good. */
    endToEndId: text('end_to_end_id'),
    /** What the bank's statement files say of the payout: booked, or returned with the bank's reason code. */
    bankStatus: text('bank_status', { enum: PAYOUT_BANK_STATUSES }),
    bankStatusOn: date('bank_status_on'),
    returnReason: text('return_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.distributionId, t.userId] }),
    index('distribution_allocations_user_idx').on(t.userId),
    check('distribution_allocations_amount_check', sql`${t.amount} >= 0 and ${t.invested} >= 0`),
    uniqueIndex('distribution_allocations_end_to_end_key').on(t.endToEndId),
    check('distribution_allocations_bank_status_check', oneOf(t.bankStatus, PAYOUT_BANK_STATUSES)),
  ],
);

/** A return of capital paid to an investor (written by a final capital distribution). */
export const capitalReturns = pgTable(
  'capital_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    paymentDate: date('payment_date').notNull(),
    distributionId: uuid('distribution_id').references(() => distributions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('capital_returns_user_project_idx').on(t.userId, t.projectId),
    uniqueIndex('capital_returns_distribution_user_key').on(t.distributionId, t.userId),
    check('capital_returns_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * A correction of money already paid or reported (docs/product.md "Final is final"): an entry of its own,
 * positive or negative, income or capital, dated the day it is made (or, for a run paid again after a
 * reversal, on that run's payment date), that says why and which entry it corrects. Never edited or
 * deleted. A reversal of a final run writes one per allocation, with the run's id.
 */
export const adjustments = pgTable(
  'adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ADJUSTMENT_KINDS }).notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    /** The entry it corrects: a monthly return, a return of capital, a rental income or an adjustment. */
    corrects: uuid('corrects'),
    /** The run it reverses, or the run that paid it (a run paid again after a reversal). */
    distributionId: uuid('distribution_id').references(() => distributions.id, { onDelete: 'set null' }),
    paymentDate: date('payment_date').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('adjustments_user_project_idx').on(t.userId, t.projectId),
    index('adjustments_distribution_idx').on(t.distributionId),
    index('adjustments_payment_date_idx').on(t.paymentDate),
    check('adjustments_kind_check', oneOf(t.kind, ADJUSTMENT_KINDS)),
    check('adjustments_amount_check', sql`${t.amount} <> 0`),
    check('adjustments_reason_check', sql`length(btrim(${t.reason})) > 0`),
  ],
);

/**
 * The ledger's running hash (apps/server/src/modules/ledger/README.md): one row per write or delete of a
 * money entry (a monthly return, a return of capital, a rental income, an allocation of a run that is not
 * a draft, an adjustment), each hashed over the one before it, so that a row changed or removed behind
 * the application's back no longer matches its chain. Appended only by the database's triggers
 * (migration 0029), numbered without gaps under one lock; never written or changed by the application.
 */
export const ledgerChain = pgTable(
  'ledger_chain',
  {
    /** 1, 2, 3 … without gaps: a missing number is a removed entry. */
    seq: bigint('seq', { mode: 'number' }).primaryKey(),
    entryTable: text('entry_table').notNull(),
    /** The row's id (an allocation's is `distribution_id:user_id`). */
    entryId: text('entry_id').notNull(),
    action: text('action').notNull(),
    /** The entry's fields as hashed, '|'-separated (null for a delete). */
    canonical: text('canonical'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_chain_entry_idx').on(t.entryTable, t.entryId, t.seq),
    check('ledger_chain_action_check', sql`${t.action} in ('write', 'delete')`),
    check('ledger_chain_canonical_check', sql`(${t.action} = 'delete') = (${t.canonical} is null)`),
  ],
);

/**
 * Every email the portal sends, one row per message and recipient (mail/): what it is, to whom, and how
 * far it got. The message is rendered from `kind` and `data` when the queue's job sends it, at or after
 * `sendAfter` (the rate limit spreads a broadcast out).
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    category: text('category', { enum: EMAIL_CATEGORIES }).notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('queued'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    /** The broadcast (an admin's notification sent by email) the message is part of. */
    batchId: uuid('batch_id'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('mail_messages_category_check', oneOf(t.category, EMAIL_CATEGORIES)),
    check('mail_messages_status_check', oneOf(t.status, MAIL_STATUSES)),
    index('mail_messages_created_idx').on(t.createdAt),
    index('mail_messages_batch_idx').on(t.batchId),
    index('mail_messages_user_idx').on(t.userId),
    index('mail_messages_queued_idx')
      .on(t.sendAfter)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/** A password reset link: single use, valid for 30 minutes; only the token's hash is kept. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A statement period an admin published: every investor who held an investment in it was told, in the
 * portal and by email (modules/statements/statement-publications.ts). Once per period.
 */
export const statementPublications = pgTable(
  'statement_publications',
  {
    period: text('period').primaryKey(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: uuid('published_by').references(() => users.id, { onDelete: 'set null' }),
    /** Investors told in the portal so far, and emails queued (those who turned payouts email off get none). */
    recipients: integer('recipients').notNull(),
    emailed: integer('emailed').notNull(),
    /** The emails' batch in the outbox. */
    batchId: uuid('batch_id').notNull(),
    /**
     * `running` while the job tells the investors batch by batch, `published` when every one is told,
     * `failed` (with `error`) when the job gave up; publishing again resumes it.
     */
    status: text('status').notNull().default('published'),
    /** The investors to reach, counted when publishing began (the final count once published). */
    total: integer('total').notNull().default(0),
    /** The last investor told (by id): the job resumes after it, so nobody is told twice. */
    cursor: uuid('cursor'),
    error: text('error'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('statement_publications_period_check', sql`${t.period} ~ '^[0-9]{4}(-Q[1-4])?$'`),
    check('statement_publications_status_check', sql`${t.status} in ('running', 'published', 'failed')`),
  ],
);

/**
 * A published statement as it was given to its investor: the PDF in file storage (a server-generated key)
 * and its SHA-256, one per investor and period, written once (by the publishing job, or by the first
 * download of a published period the job has not reached) and never changed: the download answers these
 * bytes whatever happens to the money under them later.
 */
export const statementFiles = pgTable(
  'statement_files',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period: text('period')
      .notNull()
      .references(() => statementPublications.period),
    fileKey: text('file_key').notNull(),
    fileSize: integer('file_size').notNull(),
    sha256: text('sha256').notNull(),
    storedAt: timestamp('stored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period] })],
);

/*
 * Money in (issue 34, ADR 028): offerings, the investors' subscriptions and identity checks, the
 * signatures kept as evidence, capital calls and their lines, and the bank files imported.
 */

/** A project open for subscription: at most one open offering per project. */
export const offerings = pgTable(
  'offerings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    minimum: money('minimum').notNull(),
    maximum: money('maximum').notNull(),
    target: money('target').notNull(),
    closesOn: date('closes_on').notNull(),
    /**
     * The project's rule for cabin nights: nights a year for each €10,000 funded, granted for
     * `allowanceMonths` from the day the subscription is funded (0: the offering gives no nights).
     */
    nightsPer10000: integer('nights_per_10000').notNull().default(0),
    allowanceMonths: integer('allowance_months').notNull().default(12),
    status: text('status', { enum: OFFERING_STATUSES }).notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('offerings_status_check', oneOf(t.status, OFFERING_STATUSES)),
    check(
      'offerings_bounds_check',
      sql`${t.minimum} > 0 and ${t.minimum} <= ${t.maximum} and ${t.maximum} <= ${t.target}`,
    ),
    check(
      'offerings_allowance_rule_check',
      sql`${t.nightsPer10000} between 0 and 365 and ${t.allowanceMonths} between 1 and 120`,
    ),
    uniqueIndex('offerings_open_project_key')
      .on(t.projectId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** Who downloaded which document of an offering's data room, and when (for the admin). */
export const dataRoomDownloads = pgTable(
  'data_room_downloads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('data_room_downloads_document_idx').on(t.documentId, t.downloadedAt.desc())],
);

/** An investor's identity check: their answers and the review (the status is worked out by kycStatus). */
export const kycChecks = pgTable('kyc_checks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dateOfBirth: date('date_of_birth'),
  /** ISO 3166-1 alpha-2. */
  taxResidence: text('tax_residence'),
  politicallyExposed: boolean('politically_exposed'),
  sourceOfFunds: text('source_of_funds'),
  /** When the answers and both documents were last complete (a new document or answer submits again). */
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
  rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  rejectionReason: text('rejection_reason'),
  /** When the investor was reminded that the verification expires (once per verification). */
  expiryRemindedAt: timestamp('expiry_reminded_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/** An identity check's documents: the latest of each kind counts. Readable by their owner and admins only. */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: KYC_DOCUMENT_KINDS }).notNull(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    fileMime: text('file_mime').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('kyc_documents_kind_check', oneOf(t.kind, KYC_DOCUMENT_KINDS)),
    index('kyc_documents_user_idx').on(t.userId, t.kind, t.uploadedAt.desc()),
  ],
);

/** An investor's commitment to an offering. One open subscription per investor and offering. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    status: text('status', { enum: STORED_SUBSCRIPTION_STATUSES }).notNull().default('pending'),
    /** The SHA-256 of the agreement as generated for signing (hex). */
    agreementSha256: text('agreement_sha256'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** The signed agreement in the investor's document vault. */
    signedDocumentId: uuid('signed_document_id').references(() => documents.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    calledAt: timestamp('called_at', { withTimezone: true }),
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    investmentId: uuid('investment_id').references(() => investments.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Set when the company rejected the subscription (it is then cancelled), shown to the investor. */
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('subscriptions_status_check', oneOf(t.status, STORED_SUBSCRIPTION_STATUSES)),
    check('subscriptions_amount_check', sql`${t.amount} > 0`),
    uniqueIndex('subscriptions_open_key')
      .on(t.offeringId, t.userId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('subscriptions_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * The evidence of a signed subscription agreement (a simple electronic signature): who typed which name,
 * when, from where, the agreement's hash as generated and the signed PDF's hash. Never updated.
 */
export const signatures = pgTable(
  'signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    typedName: text('typed_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address').notNull(),
    userAgent: text('user_agent').notNull(),
    agreementSha256: text('agreement_sha256').notNull(),
    documentSha256: text('document_sha256').notNull(),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('signatures_document_sha256_key').on(t.documentSha256),
    uniqueIndex('signatures_subscription_key').on(t.subscriptionId),
  ],
);

/** A call for a share of every accepted subscription of an offering. */
export const capitalCalls = pgTable(
  'capital_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offeringId: uuid('offering_id')
      .notNull()
      .references(() => offerings.id, { onDelete: 'cascade' }),
    percent: numeric('percent', { precision: 5, scale: 2 }).notNull(),
    dueOn: date('due_on').notNull(),
    total: money('total').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('capital_calls_percent_check', sql`${t.percent} > 0 and ${t.percent} <= 100`),
    index('capital_calls_offering_idx').on(t.offeringId, t.createdAt),
  ],
);

/** One investor's part of a call, with the creditor reference they pay with; what the bank files paid on it. */
export const capitalCallLines = pgTable(
  'capital_call_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    callId: uuid('call_id')
      .notNull()
      .references(() => capitalCalls.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    /** The body of the creditor reference: a number never given twice. */
    number: bigserial('number', { mode: 'number' }).notNull(),
    /** The ISO 11649 creditor reference ('RF' + check digits + the number). */
    reference: text('reference').notNull(),
    paid: money('paid').notNull().default('0'),
    /** The day the bank booked the payment that paid the line in full. */
    paidOn: date('paid_on'),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('capital_call_lines_reference_key').on(t.reference),
    uniqueIndex('capital_call_lines_call_subscription_key').on(t.callId, t.subscriptionId),
    index('capital_call_lines_subscription_idx').on(t.subscriptionId),
    index('capital_call_lines_user_idx').on(t.userId),
    check('capital_call_lines_amount_check', sql`${t.amount} >= 0 and ${t.paid} >= 0`),
  ],
);

/** A bank statement file imported by an admin. */
export const bankImports = pgTable('bank_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileName: text('file_name').notNull(),
  /** camt.053 or camt.054. */
  kind: text('kind').notNull(),
  sha256: text('sha256').notNull(),
  entries: integer('entries').notNull(),
  matched: integer('matched').notNull(),
  duplicates: integer('duplicates').notNull(),
  importedBy: uuid('imported_by').references(() => users.id, { onDelete: 'set null' }),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One transaction of an imported bank file, known by its key (the bank's reference) so that a second
 * import changes nothing, with what the matching rules made of it.
 */
export const bankTransactions = pgTable(
  'bank_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    importId: uuid('import_id')
      .notNull()
      .references(() => bankImports.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    direction: text('direction', { enum: ['credit', 'debit'] }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    bookedOn: date('booked_on'),
    /** The creditor reference the transaction carried (the first valid one), or its free text. */
    reference: text('reference').notNull().default(''),
    remittance: text('remittance').notNull().default(''),
    counterparty: text('counterparty').notNull().default(''),
    counterpartyIban: text('counterparty_iban'),
    endToEndId: text('end_to_end_id'),
    returnReason: text('return_reason'),
    outcome: text('outcome', { enum: BANK_TRANSACTION_OUTCOMES }).notNull(),
    /** Why an unmatched one is (no_reference, unknown_reference …). */
    unmatchedWhy: text('unmatched_why'),
    callLineId: uuid('call_line_id').references(() => capitalCallLines.id, { onDelete: 'set null' }),
    distributionId: uuid('distribution_id').references(() => distributions.id, { onDelete: 'set null' }),
    payoutUserId: uuid('payout_user_id').references(() => users.id, { onDelete: 'set null' }),
    overpaid: money('overpaid').notNull().default('0'),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_transactions_key').on(t.key),
    index('bank_transactions_outcome_idx').on(t.outcome, t.createdAt.desc()),
    index('bank_transactions_call_line_idx').on(t.callLineId),
    check('bank_transactions_outcome_check', oneOf(t.outcome, BANK_TRANSACTION_OUTCOMES)),
    check('bank_transactions_direction_check', sql`${t.direction} in ('credit', 'debit')`),
    check('bank_transactions_amount_check', sql`${t.amount} >= 0`),
  ],
);

/**
 * An archive of an investor's data they asked for (GDPR articles 15 and 20; modules/privacy): made by the
 * `exports` job, downloadable by its owner until `expires_at` (a week after it was ready), after which
 * its file is deleted and the row stays as the record of the request. At most one pending per user.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The archive in the file storage; null before it is ready and once it has expired and been deleted. */
    fileKey: text('file_key'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** Why making it failed (after the job's last try). */
    error: text('error'),
  },
  (t) => [
    index('data_exports_user_created_idx').on(t.userId, t.createdAt.desc()),
    // One export being made per user at a time.
    uniqueIndex('data_exports_one_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    // The archives to delete once expired.
    index('data_exports_expiring_idx')
      .on(t.expiresAt)
      .where(sql`${t.fileKey} is not null`),
    check('data_exports_status_check', oneOf(t.status, DATA_EXPORT_STATUSES)),
    check('data_exports_ready_check', sql`(${t.status} = 'ready') = (${t.expiresAt} is not null)`),
  ],
);

/**
 * A request to erase an account (GDPR article 17; modules/privacy, ADR 031): the investor asks, an admin
 * carries it out or refuses it with a legal reason. The row stays as the record of the request, under the
 * pseudonym once carried out (its `reason`, the investor's own words, is then removed). At most one
 * pending per user.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ERASURE_STATUSES }).notNull().default('pending'),
    /** Why, in the investor's words (optional); removed when the request is carried out. */
    reason: text('reason'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** The legal reason an admin refused it with (required then), which the investor is told. */
    refusalReason: text('refusal_reason'),
    /** Until when the kept financial records are held: the retention setting's years after carrying out. */
    keepUntil: date('keep_until'),
  },
  (t) => [
    index('erasure_requests_created_idx').on(t.createdAt.desc()),
    index('erasure_requests_user_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('erasure_requests_one_pending_key')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    check('erasure_requests_status_check', oneOf(t.status, ERASURE_STATUSES)),
    check(
      'erasure_requests_refusal_check',
      sql`(${t.status} = 'refused') = (${t.refusalReason} is not null)`,
    ),
  ],
);

/**
 * Delegated access (issue 36, ADR 032): an investor (the principal) lets someone, invited by email, see
 * or act on their portfolio in a role. `delegate_id` is set once an account with the invited email
 * exists (at the invitation, or when its holder first lists or uses it); until then the delegation is
 * "invited". It is good through `expires_on` (inclusive; none: until revoked) and ends at `revoked_at`
 * (the principal revoked it or the delegate gave it up). Rows are kept as the record.
 */
export const delegations = pgTable(
  'delegations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    principalId: uuid('principal_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedEmail: text('invited_email').notNull(),
    delegateId: uuid('delegate_id').references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: DELEGATION_ROLES }).notNull(),
    expiresOn: date('expires_on'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Who ended it: the principal or the delegate. */
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('delegations_principal_idx').on(t.principalId, t.createdAt.desc()),
    index('delegations_delegate_idx').on(t.delegateId),
    index('delegations_email_idx').on(sql`lower(${t.invitedEmail})`),
    check('delegations_role_check', oneOf(t.role, DELEGATION_ROLES)),
    check('delegations_email_check', sql`length(${t.invitedEmail}) between 3 and 254`),
    check('delegations_not_self_check', sql`${t.delegateId} is null or ${t.delegateId} <> ${t.principalId}`),
  ],
);
