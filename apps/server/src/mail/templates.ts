import {
  stayDates,
  type BookingType,
  type DelegationRole,
  type EmailCategory,
  type OptionalEmailCategory,
} from '@portal/contracts';
import { formatFor, type Format, type Locale } from '@portal/i18n';
import type { i18n, TFunction } from 'i18next';

/**
 * Every email the portal sends, by kind: its category (which decides whether the recipient may turn it
 * off), its subject, and what it says. A message is rendered when it is sent, from the data queued with it,
 * in the recipient's language (`users.locale`): its texts are the `mail` messages, its money and dates
 * the language's (`formatFor`).
 */
export interface MailContent {
  /** Paragraphs of plain text (the HTML part escapes and wraps them). */
  paragraphs: string[];
  action: { label: string; path: string };
}

/** A category as the profile names it (`common:emailCategory`), in the recipient's language. */
const CATEGORY_LABEL = {
  security: 'emailCategory.security',
  payouts: 'emailCategory.payouts',
  projects: 'emailCategory.projects',
  bookings: 'emailCategory.bookings',
  announcements: 'emailCategory.announcements',
} as const satisfies Record<EmailCategory, string>;

/** A language to write a message in: its `mail` messages and its formatter. */
export interface MailLanguage {
  locale: Locale;
  t: TFunction<'mail'>;
  f: Format;
  /** A category's name, as the profile and the outbox give it. */
  category(category: EmailCategory): string;
}

/** The language of `locale` from the portal's translator (one instance holding every language). */
export function mailLanguage(i18n: i18n, locale: Locale): MailLanguage {
  const common = i18n.getFixedT(locale, 'common');
  return {
    locale,
    t: i18n.getFixedT(locale, 'mail'),
    f: formatFor(locale),
    category: (category) => common(CATEGORY_LABEL[category]),
  };
}

interface Kind<D> {
  category: EmailCategory;
  subject(data: D, l: MailLanguage): string;
  content(data: D, l: MailLanguage): MailContent;
}

const kind = <D>(k: Kind<D>) => k;

/** Whole cents as the email writes them: €1,234 and €1,234.50 (whole euros without decimals). */
const money = ({ f }: MailLanguage, cents: number) => f.money(cents / 100);
/** A day (or the day of a timestamp) written out: March 5, 2026. */
const day = ({ f }: MailLanguage, iso: string) => f.date(iso.slice(0, 10), 'long');

/** A booking's kind in words (the `mail` namespace), as its decision email and notice say it. */
export const BOOKING_TYPE_WORDS = {
  personal: 'bookingDecision.typePersonal',
  gift: 'bookingDecision.typeGift',
  rental: 'bookingDecision.typeRental',
} as const satisfies Record<BookingType, string>;
const BOOKING_TYPE = BOOKING_TYPE_WORDS;

/**
 * A booking request as its decision email names it: 'personal stay request for 3 nights (Dec 14 → Dec
 * 17, 2026) at Fjord Lodge'. The dates read as the portal writes a stay in English, and as whole days of
 * the language in the others.
 */
function bookingSummary(
  l: MailLanguage,
  d: { type: BookingType; nights: string[]; project: string },
): string {
  const dates =
    l.locale === 'en'
      ? stayDates(d.nights)
      : stayRuns(d.nights)
          .map(([checkIn, checkOut]) => `${l.f.date(checkIn)} → ${l.f.date(checkOut)}`)
          .join('; ');
  const count = new Set(d.nights).size;
  return l.t('bookingDecision.summary', {
    type: l.t(BOOKING_TYPE[d.type]),
    nights: l.t('bookingDecision.nights', { count, n: l.f.number(count) }),
    dates,
    project: d.project,
  });
}

const DAY_MS = 86_400_000;
const dayAfter = (night: string) =>
  new Date(Date.parse(`${night}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The runs of consecutive nights as [check-in, check-out] (the day after the last night). */
function stayRuns(nights: readonly string[]): [string, string][] {
  const runs: [string, string][] = [];
  for (const night of [...new Set(nights)].sort()) {
    const last = runs.at(-1);
    if (last && last[1] === night) last[1] = dayAfter(night);
    else runs.push([night, dayAfter(night)]);
  }
  return runs;
}

const notYou = (l: MailLanguage) => l.t('notYou');

/** 'a and b', 'a' or 'b': the parts that are not empty, joined as the language does. */
const both = (l: MailLanguage, first: string, second: string) =>
  first && second ? l.t('and', { first, second }) : first || second;

/** A delegate's role in words (the `mail` namespace), as the invitation and the notice say it. */
export const DELEGATION_ROLE_WORDS = {
  viewer: 'delegationRole.viewer',
  accountant: 'delegationRole.accountant',
  'co-owner': 'delegationRole.co-owner',
} as const satisfies Record<DelegationRole, string>;

export const MAIL_KINDS = {
  announcement: kind<{ title: string; message: string; link?: string | null }>({
    category: 'announcements',
    subject: (d) => d.title,
    content: (d, l) => ({
      paragraphs: d.message.split(/\n{2,}/),
      action: {
        label: l.t('announcement.action'),
        path: d.link && d.link.startsWith('/') ? d.link : '/dashboard',
      },
    }),
  }),
  document: kind<{ title: string; project?: string | null }>({
    category: 'projects',
    subject: (d, l) => l.t('document.subject', { title: d.title }),
    content: (d, l) => ({
      paragraphs: [
        d.project
          ? l.t('document.bodyWithProject', { title: d.title, project: d.project })
          : l.t('document.body', { title: d.title }),
      ],
      action: { label: l.t('document.action'), path: '/documents' },
    }),
  }),
  distribution: kind<{ project: string; amountCents?: number; paymentDate: string; capital: boolean }>({
    category: 'payouts',
    // One subject for every investor of the run; each one's own amount is in the message.
    subject: (d, l) =>
      l.t(d.capital ? 'distribution.subjectCapital' : 'distribution.subjectPayout', { project: d.project }),
    content: (d, l) => ({
      paragraphs: [
        l.t(d.capital ? 'distribution.bodyCapital' : 'distribution.bodyPayout', {
          project: d.project,
          amount: money(l, d.amountCents ?? 0),
          date: day(l, d.paymentDate),
        }),
      ],
      action: { label: l.t('distribution.action'), path: '/dashboard' },
    }),
  }),
  statement: kind<{ periodLabel: string }>({
    category: 'payouts',
    subject: (d, l) => l.t('statement.subject', { period: d.periodLabel }),
    content: (d, l) => ({
      paragraphs: [l.t('statement.body', { period: d.periodLabel })],
      action: { label: l.t('statement.action'), path: '/documents' },
    }),
  }),
  bookingDecision: kind<{
    approved: boolean;
    project: string;
    /** The request in English, as messages queued before the type and the nights were kept name it. */
    summary: string;
    type?: BookingType;
    nights?: string[];
    note?: string | null;
  }>({
    category: 'bookings',
    subject: (d, l) =>
      l.t(d.approved ? 'bookingDecision.subjectApproved' : 'bookingDecision.subjectDeclined', {
        project: d.project,
      }),
    content: (d, l) => {
      const summary =
        d.type && d.nights?.length
          ? bookingSummary(l, { type: d.type, nights: d.nights, project: d.project })
          : d.summary;
      return {
        paragraphs: [
          l.t(d.approved ? 'bookingDecision.bodyApproved' : 'bookingDecision.bodyDeclined', { summary }),
          ...(d.note ? [l.t('noteFromTeam', { note: d.note })] : []),
        ],
        action: { label: l.t('bookingDecision.action'), path: '/perks' },
      };
    },
  }),
  activityDecision: kind<{
    approved: boolean;
    project: string;
    activity: string;
    date: string;
    partySize: number;
    note?: string | null;
  }>({
    category: 'bookings',
    subject: (d, l) =>
      l.t(d.approved ? 'activityDecision.subjectApproved' : 'activityDecision.subjectDeclined', {
        activity: d.activity,
        project: d.project,
      }),
    content: (d, l) => ({
      paragraphs: [
        l.t(d.approved ? 'activityDecision.bodyApproved' : 'activityDecision.bodyDeclined', {
          activity: d.activity,
          date: day(l, d.date),
          people: l.t('activityDecision.people', { count: d.partySize, n: l.f.number(d.partySize) }),
          project: d.project,
        }),
        ...(d.note ? [l.t('noteFromTeam', { note: d.note })] : []),
      ],
      action: { label: l.t('activityDecision.action'), path: '/perks' },
    }),
  }),
  nightsExpiring: kind<{
    project: string;
    projectId: string;
    nights: number;
    expiresAt: string;
    daysLeft: number;
  }>({
    category: 'bookings',
    subject: (d, l) => l.t('nightsExpiring.subject', { project: d.project, date: day(l, d.expiresAt) }),
    content: (d, l) => ({
      paragraphs: [
        l.t('nightsExpiring.body', {
          count: d.nights,
          n: l.f.number(d.nights),
          project: d.project,
          date: day(l, d.expiresAt),
          when:
            d.daysLeft === 0
              ? l.t('nightsExpiring.today')
              : l.t('nightsExpiring.inDays', { count: d.daysLeft, n: l.f.number(d.daysLeft) }),
        }),
      ],
      action: { label: l.t('nightsExpiring.action'), path: `/perks?project=${d.projectId}` },
    }),
  }),
  accountActivated: kind<Record<string, never>>({
    category: 'security',
    subject: (_, l) => l.t('accountActivated.subject'),
    content: (_, l) => ({
      paragraphs: [l.t('accountActivated.body')],
      action: { label: l.t('accountActivated.action'), path: '/login' },
    }),
  }),
  signupReceived: kind<Record<string, never>>({
    category: 'security',
    subject: (_, l) => l.t('signupReceived.subject'),
    content: (_, l) => ({
      paragraphs: [l.t('signupReceived.body')],
      action: { label: l.t('signupReceived.action'), path: '/login' },
    }),
  }),
  passwordChanged: kind<Record<string, never>>({
    category: 'security',
    subject: (_, l) => l.t('passwordChanged.subject'),
    content: (_, l) => ({
      paragraphs: [l.t('passwordChanged.body'), notYou(l)],
      action: { label: l.t('resetPasswordAction'), path: '/forgot-password' },
    }),
  }),
  /** The identity check's review, or its verification about to expire (ADR 028). */
  kyc: kind<{ outcome: 'verified' | 'rejected' | 'expiring'; reason?: string; expiresAt?: string }>({
    category: 'security',
    subject: (d, l) =>
      d.outcome === 'verified'
        ? l.t('kyc.subject_verified')
        : d.outcome === 'rejected'
          ? l.t('kyc.subject_rejected')
          : l.t('kyc.subject_expiring'),
    content: (d, l) => ({
      paragraphs: [
        d.outcome === 'verified'
          ? l.t('kyc.body_verified', { date: day(l, d.expiresAt ?? '') })
          : d.outcome === 'rejected'
            ? l.t('kyc.body_rejected', { reason: d.reason ?? '' })
            : l.t('kyc.body_expiring', { date: day(l, d.expiresAt ?? '') }),
      ],
      action: { label: l.t('kyc.action'), path: '/identity' },
    }),
  }),
  twoFactorChanged: kind<{ enabled: boolean }>({
    category: 'security',
    subject: (d, l) => l.t(d.enabled ? 'twoFactorChanged.subjectOn' : 'twoFactorChanged.subjectOff'),
    content: (d, l) => ({
      paragraphs: [l.t(d.enabled ? 'twoFactorChanged.bodyOn' : 'twoFactorChanged.bodyOff'), notYou(l)],
      action: { label: l.t('resetPasswordAction'), path: '/forgot-password' },
    }),
  }),
  bankChanged: kind<{ ibanLast4: string }>({
    category: 'security',
    subject: (_, l) => l.t('bankChanged.subject'),
    content: (d, l) => ({
      paragraphs: [l.t('bankChanged.body', { last4: d.ibanLast4 }), notYou(l)],
      action: { label: l.t('resetPasswordAction'), path: '/forgot-password' },
    }),
  }),
  passwordReset: kind<{ minutes: number }>({
    category: 'security',
    subject: (_, l) => l.t('passwordReset.subject'),
    content: (d, l) => ({
      paragraphs: [
        l.t('passwordReset.body', { minutes: l.f.number(d.minutes) }),
        l.t('passwordReset.ignore'),
      ],
      // The path with the token is filled in when the message is sent (the token is kept sealed).
      action: { label: l.t('passwordReset.action'), path: '/reset-password' },
    }),
  }),
  pendingApprovals: kind<{ signups: number; bookings: number }>({
    category: 'security',
    subject: (d, l) =>
      l.t('pendingApprovals.subject', {
        what: both(
          l,
          counted(l, 'pendingApprovals.signups', d.signups),
          counted(l, 'pendingApprovals.bookings', d.bookings),
        ),
      }),
    content: (d, l) => ({
      paragraphs: [
        l.t('pendingApprovals.body', {
          what: both(
            l,
            counted(l, 'pendingApprovals.signups', d.signups),
            counted(l, 'pendingApprovals.bookingRequests', d.bookings),
          ),
        }),
      ],
      action: { label: l.t('pendingApprovals.action'), path: '/admin' },
    }),
  }),
  capitalCall: kind<{
    project: string;
    amountCents: number;
    dueOn: string;
    reference: string;
    iban: string;
    bic: string | null;
    holder: string;
  }>({
    category: 'payouts',
    subject: (d, l) => l.t('capitalCall.subject', { project: d.project }),
    content: (d, l) => ({
      paragraphs: [
        l.t('capitalCall.body', {
          amount: money(l, d.amountCents),
          project: d.project,
          date: day(l, d.dueOn),
        }),
        l.t('capitalCall.account', { holder: d.holder, iban: d.iban, bic: d.bic ?? '–' }),
        l.t('capitalCall.reference', { reference: d.reference }),
      ],
      action: { label: l.t('capitalCall.action'), path: '/documents' },
    }),
  }),
  capitalCallOverdue: kind<{ project: string; amountCents: number; dueOn: string; reference: string }>({
    category: 'payouts',
    subject: (d, l) => l.t('capitalCallOverdue.subject', { project: d.project }),
    content: (d, l) => ({
      paragraphs: [
        l.t('capitalCallOverdue.body', {
          amount: money(l, d.amountCents),
          project: d.project,
          date: day(l, d.dueOn),
          reference: d.reference,
        }),
      ],
      action: { label: l.t('capitalCall.action'), path: '/documents' },
    }),
  }),
  /** The copy of their data an investor asked for is ready (modules/privacy): the link opens their exports. */
  dataExportReady: kind<{ expiresAt: string }>({
    category: 'security',
    subject: (_, l) => l.t('dataExportReady.subject'),
    content: (d, l) => ({
      paragraphs: [
        l.t('dataExportReady.body', { date: day(l, d.expiresAt) }),
        l.t('dataExportReady.onlyYou'),
      ],
      action: { label: l.t('dataExportReady.action'), path: '/your-data' },
    }),
  }),
  /**
   * The outcome of an investor's request to erase their account (modules/privacy, ADR 031): carried out
   * (sent to the address the account had, the records kept until `keepUntil`), or refused with a reason.
   */
  erasureCarriedOut: kind<{ keepUntil: string }>({
    category: 'security',
    subject: (_, l) => l.t('erasure.doneSubject'),
    content: (d, l) => ({
      paragraphs: [l.t('erasure.done'), l.t('erasure.doneKept', { date: day(l, d.keepUntil) })],
      action: { label: l.t('erasure.privacyAction'), path: '/privacy' },
    }),
  }),
  erasureRefused: kind<{ reason: string }>({
    category: 'security',
    subject: (_, l) => l.t('erasure.refusedSubject'),
    content: (d, l) => ({
      paragraphs: [l.t('erasure.refused', { reason: d.reason }), l.t('erasure.refusedAgain')],
      action: { label: l.t('erasure.yourDataAction'), path: '/your-data' },
    }),
  }),
  /** An admin's decision on a signed subscription (ADR 028): countersigned, or rejected with a reason. */
  subscriptionDecision: kind<
    { project: string; amountCents: number } & ({ accepted: true } | { accepted: false; reason: string })
  >({
    category: 'payouts',
    subject: (d, l) =>
      l.t(d.accepted ? 'subscriptionDecision.subjectAccepted' : 'subscriptionDecision.subjectRejected', {
        project: d.project,
      }),
    content: (d, l) => {
      const words = { amount: money(l, d.amountCents), project: d.project };
      return {
        paragraphs: d.accepted
          ? [l.t('subscriptionDecision.accepted', words), l.t('subscriptionDecision.acceptedNext')]
          : [l.t('subscriptionDecision.rejected', { ...words, reason: d.reason })],
        action: { label: l.t('subscriptionDecision.action'), path: '/subscriptions' },
      };
    },
  }),
  /**
   * An invitation to someone's portfolio (modules/delegations, ADR 032): to the invitee's account, or to
   * the address alone when nobody has an account with it (then in the inviter's language).
   */
  delegationInvite: kind<{
    principal: string;
    role: DelegationRole;
    expiresOn: string | null;
    hasAccount: boolean;
  }>({
    category: 'security',
    subject: (d, l) => l.t('delegationInvite.subject', { principal: d.principal }),
    content: (d, l) => ({
      paragraphs: [
        l.t('delegationInvite.body', { principal: d.principal, role: l.t(DELEGATION_ROLE_WORDS[d.role]) }),
        ...(d.expiresOn ? [l.t('delegationInvite.until', { date: day(l, d.expiresOn) })] : []),
        l.t(d.hasAccount ? 'delegationInvite.signIn' : 'delegationInvite.register'),
      ],
      action: d.hasAccount
        ? { label: l.t('delegationInvite.signInAction'), path: '/login' }
        : { label: l.t('delegationInvite.registerAction'), path: '/register' },
    }),
  }),
  /** To the investor: someone was given access to their portfolio (a security message). */
  delegateAdded: kind<{ email: string; role: DelegationRole; expiresOn: string | null }>({
    category: 'security',
    subject: (_, l) => l.t('delegateAdded.subject'),
    content: (d, l) => ({
      paragraphs: [
        l.t('delegateAdded.body', { email: d.email, role: l.t(DELEGATION_ROLE_WORDS[d.role]) }),
        ...(d.expiresOn ? [l.t('delegationInvite.until', { date: day(l, d.expiresOn) })] : []),
        notYou(l),
      ],
      action: { label: l.t('delegateAdded.action'), path: '/profile' },
    }),
  }),
  subscriptionFunded: kind<{ project: string; amountCents: number; startDate: string }>({
    category: 'payouts',
    subject: (d, l) => l.t('subscriptionFunded.subject', { project: d.project }),
    content: (d, l) => ({
      paragraphs: [
        l.t('subscriptionFunded.body', {
          amount: money(l, d.amountCents),
          project: d.project,
          date: day(l, d.startDate),
        }),
      ],
      action: { label: l.t('subscriptionFunded.action'), path: '/dashboard' },
    }),
  }),
} satisfies Record<string, Kind<never>>;

/** '3 sign-ups', or nothing for none. */
function counted(
  l: MailLanguage,
  key: 'pendingApprovals.signups' | 'pendingApprovals.bookings' | 'pendingApprovals.bookingRequests',
  n: number,
): string {
  return n ? l.t(key, { count: n, n: l.f.number(n) }) : '';
}

export type MailKind = keyof typeof MAIL_KINDS;
export type MailData<K extends MailKind> = Parameters<(typeof MAIL_KINDS)[K]['subject']>[0];

/** Why the recipient got a message of a category: the footer says it. */
const REASON = {
  security: 'footer.reason.security',
  payouts: 'footer.reason.payouts',
  projects: 'footer.reason.projects',
  bookings: 'footer.reason.bookings',
  announcements: 'footer.reason.announcements',
} as const satisfies Record<EmailCategory, string>;

/** The HTML footer's unsubscribe link of an optional category. */
const UNSUBSCRIBE = {
  payouts: 'footer.unsubscribe.payouts',
  projects: 'footer.unsubscribe.projects',
  bookings: 'footer.unsubscribe.bookings',
  announcements: 'footer.unsubscribe.announcements',
} as const satisfies Record<OptionalEmailCategory, string>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The name an account gets at sign-up, which asks only for an email: the address's local part, until
 * someone enters a real one. It is not a name to greet by.
 */
export const signupName = (email: string) => email.split('@')[0]!.slice(0, 120);

/** Whom to greet: the recipient's name, or nobody when none is known (null, or the sign-up's stand-in). */
export const greetingName = (name: string | null, email: string | null) =>
  !name || (email && name === signupName(email)) ? null : name;

export interface RenderInput {
  /** The recipient's language, in which the greeting and the footer are written. */
  language: MailLanguage;
  /** Whom the greeting names; null greets without a name ("Hello,"). */
  name: string | null;
  /** The message's subject, which is also the HTML part's title. */
  subject: string;
  category: EmailCategory;
  content: MailContent;
  /** The action's absolute address. */
  actionUrl: string;
  /** The unsubscribe page's address, for the optional categories. */
  unsubscribeUrl?: string;
  preferencesUrl: string;
}

/** The message's two parts: HTML in the product's look and plain text, saying the same. */
export function renderMail(input: RenderInput): { html: string; text: string } {
  const { language, name, subject, category, content, actionUrl, unsubscribeUrl, preferencesUrl } = input;
  const { t } = language;
  const greeting = name ? t('greeting', { name }) : t('greetingNoName');
  const reason = t(REASON[category]);
  const optional = unsubscribeUrl && category !== 'security' ? category : null;
  const text = [
    greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    `${content.action.label}: ${actionUrl}`,
    '',
    '-- ',
    reason,
    unsubscribeUrl
      ? t('footer.stop', { category: language.category(category), url: unsubscribeUrl })
      : t('footer.choose', { url: preferencesUrl }),
    'Investor Portal',
  ].join('\n');

  const p = (s: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="${language.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #e5e7eb">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e5e7eb;font-size:18px;font-weight:600;color:#14532d">Investor Portal</td></tr>
<tr><td style="padding:28px">
${p(greeting)}
${content.paragraphs.map(p).join('\n')}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 8px"><tr><td style="border-radius:8px;background:#166534">
<a href="${escapeHtml(actionUrl)}" style="display:inline-block;padding:12px 20px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none">${escapeHtml(content.action.label)}</a>
</td></tr></table>
</td></tr>
<tr><td style="padding:20px 28px;border-top:1px solid #e5e7eb;font-size:13px;line-height:20px;color:#4b5563">
${escapeHtml(reason)}<br>
${
  unsubscribeUrl && optional
    ? `<a href="${escapeHtml(unsubscribeUrl)}" style="color:#166534">${escapeHtml(t(UNSUBSCRIBE[optional]))}</a> · `
    : ''
}<a href="${escapeHtml(preferencesUrl)}" style="color:#166534">${escapeHtml(t('footer.preferences'))}</a>
</td></tr>
</table>
</td></tr></table>
</body></html>
`;
  return { html, text };
}
