import type { EmailCategory } from '@portal/contracts';

/** Each kind of email's name (a message key), as the profile, the unsubscribe page and the outbox give it. */
export const EMAIL_CATEGORY = {
  security: 'common:emailCategory.security',
  payouts: 'common:emailCategory.payouts',
  projects: 'common:emailCategory.projects',
  bookings: 'common:emailCategory.bookings',
  announcements: 'common:emailCategory.announcements',
} as const satisfies Record<EmailCategory, string>;
