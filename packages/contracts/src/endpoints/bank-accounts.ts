import { bankAccount, bankAccountInput } from '../bank';
import { envelope } from '../common';
import { endpoint } from '../endpoint';

export const bankAccountEndpoints = {
  set: endpoint({
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
};
