import { EMAIL_CATEGORY_LABELS, type EmailCategory } from '@portal/contracts';

/**
 * Every email the portal sends, by kind: its category (which decides whether the recipient may turn it
 * off), its subject, and what it says. A message is rendered when it is sent, from the data queued with it.
 */
export interface MailContent {
  /** Paragraphs of plain text (the HTML part escapes and wraps them). */
  paragraphs: string[];
  action: { label: string; path: string };
}

interface Kind<D> {
  category: EmailCategory;
  subject(data: D): string;
  content(data: D): MailContent;
}

const kind = <D>(k: Kind<D>) => k;

const money = (cents: number) => {
  const whole = Math.floor(Math.abs(cents) / 100).toLocaleString('en-US');
  const rest = Math.abs(cents) % 100;
  return `${cents < 0 ? '-' : ''}€${whole}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
};
const day = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

const notYou =
  'If this was not you, reset your password at once and contact support: someone else may have access to your account.';

export const MAIL_KINDS = {
  announcement: kind<{ title: string; message: string; link?: string | null }>({
    category: 'announcements',
    subject: (d) => d.title,
    content: (d) => ({
      paragraphs: d.message.split(/\n{2,}/),
      action: { label: 'Open the portal', path: d.link && d.link.startsWith('/') ? d.link : '/dashboard' },
    }),
  }),
  document: kind<{ title: string; project?: string | null }>({
    category: 'projects',
    subject: (d) => `New document: ${d.title}`,
    content: (d) => ({
      paragraphs: [
        `A new document is in your Document Vault: ${d.title}${d.project ? ` (${d.project})` : ''}.`,
      ],
      action: { label: 'View your documents', path: '/documents' },
    }),
  }),
  distribution: kind<{ project: string; amountCents?: number; paymentDate: string; capital: boolean }>({
    category: 'payouts',
    // One subject for every investor of the run; each one's own amount is in the message.
    subject: (d) => `${d.capital ? 'Return of capital' : 'Payout'} from ${d.project}`,
    content: (d) => ({
      paragraphs: [
        `${d.project} has made a ${d.capital ? 'return of capital' : 'distribution'}. Your share is ` +
          `${money(d.amountCents ?? 0)}, paid on ${day(d.paymentDate)} to the bank account in your profile.`,
      ],
      action: { label: 'See your payouts', path: '/dashboard' },
    }),
  }),
  statement: kind<{ periodLabel: string }>({
    category: 'payouts',
    subject: (d) => `Your statement for ${d.periodLabel} is ready`,
    content: (d) => ({
      paragraphs: [`Your investor statement for ${d.periodLabel} is ready in your Document Vault.`],
      action: { label: 'Open your statement', path: '/documents' },
    }),
  }),
  bookingDecision: kind<{ approved: boolean; project: string; summary: string; note?: string | null }>({
    category: 'bookings',
    subject: (d) => `Your booking at ${d.project} was ${d.approved ? 'approved' : 'declined'}`,
    content: (d) => ({
      paragraphs: [
        `Your ${d.summary} was ${d.approved ? 'approved' : 'declined'}.`,
        ...(d.note ? [`Note from the team: ${d.note}`] : []),
      ],
      action: { label: 'See your bookings', path: '/perks' },
    }),
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
    subject: (d) => `Your ${d.activity} request at ${d.project} was ${d.approved ? 'approved' : 'declined'}`,
    content: (d) => ({
      paragraphs: [
        `Your request for ${d.activity} on ${day(d.date)} (${d.partySize} ${d.partySize === 1 ? 'person' : 'people'}) ` +
          `at ${d.project} was ${d.approved ? 'approved' : 'declined'}.`,
        ...(d.note ? [`Note from the team: ${d.note}`] : []),
      ],
      action: { label: 'See your activity requests', path: '/perks' },
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
    subject: (d) => `Your cabin nights at ${d.project} expire on ${day(d.expiresAt)}`,
    content: (d) => ({
      paragraphs: [
        `${plural(d.nights, 'unused cabin night')} at ${d.project} ${d.nights === 1 ? 'expires' : 'expire'} on ` +
          `${day(d.expiresAt)} (${d.daysLeft === 0 ? 'today' : `in ${plural(d.daysLeft, 'day')}`}). ` +
          `Book ${d.nights === 1 ? 'it before it is' : 'them before they are'} lost.`,
      ],
      action: { label: 'Book your nights', path: `/perks?project=${d.projectId}` },
    }),
  }),
  accountActivated: kind<Record<string, never>>({
    category: 'security',
    subject: () => 'Your Investor Portal account is active',
    content: () => ({
      paragraphs: ['Your account has been activated. You can now sign in and follow your investments.'],
      action: { label: 'Sign in', path: '/login' },
    }),
  }),
  signupReceived: kind<Record<string, never>>({
    category: 'security',
    subject: () => 'We received your sign-up',
    content: () => ({
      paragraphs: [
        'Thank you for signing up to the Investor Portal. An administrator will check your details and ' +
          'activate your account; we will email you as soon as it is active.',
      ],
      action: { label: 'Visit the portal', path: '/login' },
    }),
  }),
  passwordChanged: kind<Record<string, never>>({
    category: 'security',
    subject: () => 'Your password was changed',
    content: () => ({
      paragraphs: ['The password of your Investor Portal account was just changed.', notYou],
      action: { label: 'Reset your password', path: '/forgot-password' },
    }),
  }),
  twoFactorChanged: kind<{ enabled: boolean }>({
    category: 'security',
    subject: (d) => `Two-factor sign-in was turned ${d.enabled ? 'on' : 'off'}`,
    content: (d) => ({
      paragraphs: [
        `Two-factor sign-in was just turned ${d.enabled ? 'on' : 'off'} for your Investor Portal account.`,
        notYou,
      ],
      action: { label: 'Reset your password', path: '/forgot-password' },
    }),
  }),
  bankChanged: kind<{ ibanLast4: string }>({
    category: 'security',
    subject: () => 'Your bank details were changed',
    content: (d) => ({
      paragraphs: [
        `The bank account your payouts go to was just changed (it now ends in ${d.ibanLast4}).`,
        notYou,
      ],
      action: { label: 'Reset your password', path: '/forgot-password' },
    }),
  }),
  passwordReset: kind<{ minutes: number }>({
    category: 'security',
    subject: () => 'Reset your Investor Portal password',
    content: (d) => ({
      paragraphs: [
        `Someone asked to reset the password of your Investor Portal account. The link below is valid for ` +
          `${d.minutes} minutes and works once.`,
        'If you did not ask for it, ignore this email: your password stays as it is.',
      ],
      // The path with the token is filled in when the message is sent (the token is kept sealed).
      action: { label: 'Choose a new password', path: '/reset-password' },
    }),
  }),
  pendingApprovals: kind<{ signups: number; bookings: number }>({
    category: 'security',
    subject: (d) =>
      `Waiting for you: ${[plural(d.signups, 'sign-up'), plural(d.bookings, 'booking')].filter(Boolean).join(' and ')}`,
    content: (d) => ({
      paragraphs: [
        `${[plural(d.signups, 'sign-up'), plural(d.bookings, 'booking request')].filter(Boolean).join(' and ')} ` +
          'are waiting for an administrator.',
      ],
      action: { label: 'Open the admin dashboard', path: '/admin' },
    }),
  }),
} satisfies Record<string, Kind<never>>;

function plural(n: number, word: string): string {
  return n ? `${n} ${word}${n === 1 ? '' : 's'}` : '';
}

export type MailKind = keyof typeof MAIL_KINDS;
export type MailData<K extends MailKind> = Parameters<(typeof MAIL_KINDS)[K]['subject']>[0];

/** Why the recipient got a message of a category: the footer says it. */
const REASON: Record<EmailCategory, string> = {
  security: 'You receive this email because it concerns the security of your Investor Portal account.',
  payouts:
    'You receive this email because you invest through the Investor Portal and asked for news of payouts and statements.',
  projects:
    'You receive this email because you invest through the Investor Portal and asked for news of your projects and documents.',
  bookings:
    'You receive this email because you booked cabin nights or activities through the Investor Portal.',
  announcements: 'You receive this email because you asked for announcements from the Investor Portal.',
};

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
  const { name, subject, category, content, actionUrl, unsubscribeUrl, preferencesUrl } = input;
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const reason = REASON[category];
  const text = [
    greeting,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    `${content.action.label}: ${actionUrl}`,
    '',
    '-- ',
    reason,
    unsubscribeUrl
      ? `Stop these emails (${EMAIL_CATEGORY_LABELS[category]}): ${unsubscribeUrl}`
      : `Choose the other emails you receive: ${preferencesUrl}`,
    'Investor Portal',
  ].join('\n');

  const p = (s: string) =>
    `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
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
  unsubscribeUrl
    ? `<a href="${escapeHtml(unsubscribeUrl)}" style="color:#166534">Unsubscribe from ${escapeHtml(EMAIL_CATEGORY_LABELS[category].toLowerCase())} emails</a> · `
    : ''
}<a href="${escapeHtml(preferencesUrl)}" style="color:#166534">Email preferences</a>
</td></tr>
</table>
</td></tr></table>
</body></html>
`;
  return { html, text };
}
