import { z } from 'zod';
import { holderConfirmation, requiredText } from './common';
import { says } from './validation';

/** A BIC as typed: optional, an empty one left out; checked on the server. */
const optionalBic = z
  .string()
  .trim()
  .max(20, { error: says('validation.bic_must_be_at_most_20_characters') })
  .optional()
  .transform((v) => v || undefined);

/**
 * An investor's bank account, where distributions are paid (a SEPA credit transfer). The IBAN is checked
 * on the server (country format and mod-97 check digits); here only its shape. The current password,
 * and the authenticator's code when two-factor sign-in is on, confirm that the account holder makes the
 * change: a stolen session alone cannot redirect the payouts.
 */
export const bankAccountInput = z.object({
  iban: requiredText('IBAN', 64),
  bic: optionalBic,
  holder: requiredText('Account holder', 70),
  ...holderConfirmation.shape,
});
export type BankAccountInput = z.input<typeof bankAccountInput>;

/** The bank account as the portal shows it: the IBAN masked, its last four characters only. */
export const bankAccount = z.object({
  iban: z.string(),
  bic: z.string().nullable(),
  holder: z.string(),
  updatedAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccount>;

/**
 * What the portal shows of a stored IBAN: four dots in three groups and the last four characters, e.g.
 * `•••• •••• •••• 0785`. Always three groups, whatever the country's length, so the mask tells neither
 * the country nor the length; the last four are what people recognize their account by. The full IBAN
 * leaves the server only in the SEPA file.
 */
export const maskIban = (iban: string) =>
  `•••• •••• •••• ${iban.replace(/\s+/g, '').toUpperCase().slice(-4)}`;

/**
 * The company's own account, which pays the distributions (the debtor of the SEPA file). Set by an
 * admin; the IBAN is checked on the server like an investor's.
 */
export const payerAccountInput = z.object({
  name: requiredText('Payer name', 70),
  iban: requiredText('IBAN', 64),
  bic: optionalBic,
});
export type PayerAccountInput = z.input<typeof payerAccountInput>;

export const payerAccount = z.object({ name: z.string(), iban: z.string(), bic: z.string().nullable() });
export type PayerAccount = z.infer<typeof payerAccount>;
