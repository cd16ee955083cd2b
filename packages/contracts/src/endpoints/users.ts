import { bankAccount, bankAccountInput } from '../bank';
import { currentUser, profileInput } from '../users';
import { envelope } from '../common';
import { emailPreferences, emailPreferencesInput } from '../mail';
import { endpoint } from '../endpoint';

export const userEndpoints = {
  me: endpoint({
    id: 'users.me',
    method: 'GET',
    path: '/api/users/me',
    access: 'user',
    summary: 'The signed-in user: profile, two-factor state and investment summary',
    answer: envelope(currentUser),
    reads: [
      'users',
      'investments',
      'monthly_returns',
      'capital_returns',
      'rental_incomes',
      'adjustments',
      'projects',
      'settings',
    ],
    cache: true,
  }),
  updateMe: endpoint({
    id: 'users.updateMe',
    method: 'PUT',
    path: '/api/users/me',
    access: 'user',
    summary: "Changes the signed-in user's profile fields",
    body: profileInput,
    answer: envelope(currentUser),
    writes: ['users'],
  }),
  setBankAccount: endpoint({
    id: 'users.setBankAccount',
    method: 'PUT',
    path: '/api/users/me/bank-account',
    access: 'user',
    summary: "Sets the signed-in investor's bank account, where distributions are paid",
    description:
      'The IBAN is accepted with or without spaces and checked (country format, mod-97 check digits, a ' +
      'SEPA country). The current password is required, and the authenticator code when two-factor ' +
      'sign-in is on; a wrong one changes nothing. The change is audited and the investor notified.',
    body: bankAccountInput,
    answer: envelope(bankAccount),
    errors: [429],
    writes: ['users', 'audit_log', 'notifications', 'mail_messages'],
  }),
  emailPreferences: endpoint({
    id: 'users.emailPreferences',
    method: 'GET',
    path: '/api/users/me/email-preferences',
    access: 'user',
    summary: 'Which kinds of email the signed-in user receives',
    answer: envelope(emailPreferences),
    reads: ['users'],
  }),
  updateEmailPreferences: endpoint({
    id: 'users.updateEmailPreferences',
    method: 'PUT',
    path: '/api/users/me/email-preferences',
    access: 'user',
    summary: 'Turns kinds of email on or off (account and security email is always sent)',
    body: emailPreferencesInput,
    answer: envelope(emailPreferences),
    writes: ['users'],
  }),
};
