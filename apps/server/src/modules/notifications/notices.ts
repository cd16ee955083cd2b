import {
  NOTIFICATION_MESSAGE_MAX,
  NOTIFICATION_TITLE_MAX,
  stayDates,
  type BookingType,
} from '@portal/contracts';
import { DEFAULT_LOCALE, formatFor, type Locale } from '@portal/i18n';
import type { i18n } from 'i18next';
import { localeOf, translator } from '../../lib/translator';
import { BOOKING_TYPE_WORDS, DELEGATION_ROLE_WORDS } from '../../mail/templates';

/**
 * The notifications the server writes, by name: their title and message in the `mail` namespace. A row
 * stores the name (`message_key`) and the values (`params`), and is shown to its reader in the reader's
 * language when read; the English text stored beside them is what an English reader sees, unchanged.
 */
const NOTICES = {
  accountActivated: { title: 'notice.accountActivated.title', message: 'notice.accountActivated.message' },
  bankChanged: { title: 'notice.bankChanged.title', message: 'notice.bankChanged.message' },
  statementReady: { title: 'notice.statementReady.title', message: 'notice.statementReady.message' },
  newDocument: { title: 'notice.newDocument.title', message: 'notice.newDocument.message' },
  newUpdate: { title: 'notice.newUpdate.title', message: 'notice.newUpdate.message' },
  /** An update with an excerpt: the admin's excerpt is the message, as written. */
  newUpdateExcerpt: { title: 'notice.newUpdate.title', message: 'notice.newUpdate.excerpt' },
  nightsExpiring: { title: 'notice.nightsExpiring.title', message: 'notice.nightsExpiring.message' },
  rentalPaid: { title: 'notice.rental.title', message: 'notice.rental.paid' },
  rentalToBePaid: { title: 'notice.rental.title', message: 'notice.rental.toBePaid' },
  adjustmentIncome: { title: 'notice.adjustment.title', message: 'notice.adjustment.income' },
  adjustmentCapital: { title: 'notice.adjustment.title', message: 'notice.adjustment.capital' },
  swapOffer: { title: 'notice.swap.offerTitle', message: 'notice.swap.offer' },
  swapOfferNote: { title: 'notice.swap.offerTitle', message: 'notice.swap.offerNote' },
  swapAccepted: { title: 'notice.swap.acceptedTitle', message: 'notice.swap.accepted' },
  swapComplete: { title: 'notice.swap.completeTitle', message: 'notice.swap.complete' },
  swapDeclined: { title: 'notice.swap.declinedTitle', message: 'notice.swap.declined' },
  swapWithdrawn: { title: 'notice.swap.withdrawnTitle', message: 'notice.swap.withdrawn' },
  /** An admin's decision on an activity request; `note` is the admin's note as written, after a space. */
  activityApproved: { title: 'notice.activity.approvedTitle', message: 'notice.activity.approved' },
  activityDeclined: { title: 'notice.activity.declinedTitle', message: 'notice.activity.declined' },
  /** An admin's decision on a booking request; `type` its kind's word, `note` as for an activity. */
  bookingApproved: { title: 'notice.booking.approvedTitle', message: 'notice.booking.approved' },
  bookingDeclined: { title: 'notice.booking.declinedTitle', message: 'notice.booking.declined' },
  /** A waitlisted stay that became a pending request when nights freed (stays/waitlist/promote.ts). */
  waitlistPromoted: { title: 'notice.waitlist.promotedTitle', message: 'notice.waitlist.promoted' },
  /** The outcome of a peak allocation for an investor who ranked stays (stays/allocations/run.ts). */
  allocationAssigned: { title: 'notice.allocation.title', message: 'notice.allocation.assigned' },
  allocationNone: { title: 'notice.allocation.title', message: 'notice.allocation.none' },
  /** A problem report from a stay, to every admin (stays/stay-reports); `text` its words, shortened. */
  stayReportNew: { title: 'notice.stayReport.newTitle', message: 'notice.stayReport.new' },
  /** An admin moved an investor's problem report along. */
  stayReportInProgress: {
    title: 'notice.stayReport.inProgressTitle',
    message: 'notice.stayReport.inProgress',
  },
  stayReportDone: { title: 'notice.stayReport.doneTitle', message: 'notice.stayReport.done' },
  stayReportReopened: { title: 'notice.stayReport.reopenedTitle', message: 'notice.stayReport.reopened' },
  subscriptionAccepted: {
    title: 'notice.subscription.acceptedTitle',
    message: 'notice.subscription.accepted',
  },
  subscriptionRejected: {
    title: 'notice.subscription.rejectedTitle',
    message: 'notice.subscription.rejected',
  },
  kycVerified: { title: 'notice.kyc.verifiedTitle', message: 'notice.kyc.verified' },
  kycRejected: { title: 'notice.kyc.rejectedTitle', message: 'notice.kyc.rejected' },
  kycExpiring: { title: 'notice.kyc.expiringTitle', message: 'notice.kyc.expiring' },
  capitalCall: { title: 'notice.capitalCall.title', message: 'notice.capitalCall.message' },
  capitalCallOverdue: { title: 'notice.capitalCall.overdueTitle', message: 'notice.capitalCall.overdue' },
  /** The copy of their data an investor asked for (modules/privacy): ready until `date`, or failed. */
  dataExportReady: { title: 'notice.dataExport.readyTitle', message: 'notice.dataExport.ready' },
  dataExportFailed: { title: 'notice.dataExport.failedTitle', message: 'notice.dataExport.failed' },
  /** An admin refused an investor's request to erase their account; `reason` the admin's words. */
  erasureRefused: { title: 'notice.erasure.refusedTitle', message: 'notice.erasure.refused' },
  /** Someone was given access to the investor's portfolio (modules/delegations); `role` a `{ word }`. */
  delegateAdded: { title: 'notice.delegateAdded.title', message: 'notice.delegateAdded.message' },
  subscriptionFunded: {
    title: 'notice.subscriptionFunded.title',
    message: 'notice.subscriptionFunded.message',
  },
} as const;

type NoticeKey = keyof typeof NOTICES;

/** The words a notice's value may name (`{ word }`). */
type MailWord =
  | (typeof BOOKING_TYPE_WORDS)[BookingType]
  | (typeof DELEGATION_ROLE_WORDS)[keyof typeof DELEGATION_ROLE_WORDS];
const MAIL_WORDS: readonly string[] = [
  ...Object.values(BOOKING_TYPE_WORDS),
  ...Object.values(DELEGATION_ROLE_WORDS),
];
const isMailWord = (w: unknown): w is MailWord => MAIL_WORDS.includes(w as string);

/**
 * A value of a notice, as stored: text and numbers as they are, and what the reader's language writes
 * its own way tagged (`{ cents }` an amount in whole cents, `{ date }` a day 'YYYY-MM-DD', `{ nights }`
 * the nights of a stay, written as its check-in → check-out, `{ word }` a message of the `mail` namespace
 * by its key, such as a booking's kind).
 */
type NoticeParam =
  string | number | { cents: number } | { date: string } | { nights: string[] } | { word: MailWord };
type NoticeParams = Record<string, NoticeParam>;

export interface Notice {
  key: NoticeKey;
  params?: NoticeParams;
}

const isNoticeKey = (key: unknown): key is NoticeKey =>
  typeof key === 'string' && Object.prototype.hasOwnProperty.call(NOTICES, key);

/** A notice's title and message in `locale`; null for a name this version does not know. */
export function renderNotice(
  i18n: i18n,
  locale: Locale,
  key: unknown,
  params: unknown,
): { title: string; message: string } | null {
  if (!isNoticeKey(key)) return null;
  const f = formatFor(locale);
  const day = (night: string) => f.date(night);
  const t = i18n.getFixedT(locale, 'mail');
  const values: Record<string, string | number> = {};
  for (const [name, v] of Object.entries((params ?? {}) as Record<string, unknown>)) {
    if (typeof v === 'string' || typeof v === 'number') values[name] = v;
    else if (v && typeof v === 'object' && 'cents' in v) values[name] = f.cents(Number(v.cents));
    else if (v && typeof v === 'object' && 'date' in v) values[name] = f.date(String(v.date));
    else if (v && typeof v === 'object' && 'word' in v && isMailWord(v.word)) values[name] = t(v.word);
    else if (v && typeof v === 'object' && 'nights' in v && Array.isArray(v.nights))
      values[name] =
        // English as the server's English sentences write a stay; another language's days in its own way.
        locale === DEFAULT_LOCALE
          ? stayDates(v.nights.map(String))
          : stayDates(v.nights.map(String), { day, monthDay: day });
  }
  const { title, message } = NOTICES[key];
  return {
    title: t(title, values).slice(0, NOTIFICATION_TITLE_MAX),
    message: t(message, values).slice(0, NOTIFICATION_MESSAGE_MAX),
  };
}

/** A row as read, with its reader's language and, for a notice, its name and values. */
interface Readable {
  title: string;
  message: string;
  messageKey?: string | null;
  params?: unknown;
  locale?: string | null;
}

/**
 * The rows in their readers' languages: a notice is written in the reader's language (English readers
 * see the stored English text); an admin's own words and rows from before notices are shown as stored.
 */
export async function inReadersLanguage<T extends Readable>(rows: T[]): Promise<T[]> {
  if (!rows.some((r) => r.messageKey && localeOf(r.locale) !== DEFAULT_LOCALE)) return rows;
  const i18n = await translator();
  return rows.map((r) => {
    const locale = localeOf(r.locale);
    if (!r.messageKey || locale === DEFAULT_LOCALE) return r;
    const text = renderNotice(i18n, locale, r.messageKey, r.params);
    return text ? { ...r, ...text } : r;
  });
}
