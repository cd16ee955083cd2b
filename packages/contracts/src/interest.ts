import { z } from 'zod';
import { emailAddress } from './email';
import { pageQuery, requiredText, text, uuidString } from './common';
import { INTEREST_AMOUNT_MAX, INTEREST_AMOUNT_MIN } from './constants';
import { phoneInput } from './person';
import { INTEREST_STATUSES } from './value-sets';
import { labelled, says } from './validation';

/** 1234567 → '1,234,567' (as toLocaleString('en-US') writes it, without setting up Intl at load). */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The message of an amount outside the open opportunity's bounds. */
export const interestAmountMessage = (min: number, max: number) =>
  `Intended Investment Amount must be between €${grouped(min)} and €${grouped(max)}`;

/** A negative or zero amount, before the opportunity's bounds are looked at. */
export const INTEREST_AMOUNT_POSITIVE_MESSAGE = says('validation.interest_amount_positive');

export const INTEREST_AMOUNT_MESSAGE = interestAmountMessage(INTEREST_AMOUNT_MIN, INTEREST_AMOUNT_MAX);

/** The amount, when given, within the bounds (the open opportunity's minimum and maximum): null, or why not. */
export function checkInterestAmount(
  amount: number | null | undefined,
  bounds: { min: number; max: number },
): string | null {
  if (amount == null) return null;
  return amount < bounds.min || amount > bounds.max ? interestAmountMessage(bounds.min, bounds.max) : null;
}

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: labelled(label, 'validation.too_long', { max }) })
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A 'Register Your Interest' submission (docs/product.md §8): Full Name and Email required;
 * the intended amount, when given, within the open opportunity's bounds (`checkInterestAmount`; the
 * default 25,000-500,000 euro when none is open).
 */
export const interestInput = z.object({
  name: requiredText('Full Name', 120),
  email: emailAddress(),
  phone: phoneInput,
  investmentAmount: z.preprocess(
    (v) => {
      if (v === '' || v === undefined || v === null) return null;
      if (typeof v === 'string' && /^\s*[-+]?\d+(\.\d+)?\s*$/.test(v)) return Number(v);
      return v;
    },
    z
      .number({ error: says('validation.intended_investment_amount_must_be_a_number') })
      .positive({ error: INTEREST_AMOUNT_POSITIVE_MESSAGE })
      .max(999_999_999_999.99, { error: says('validation.intended_investment_amount_is_too_large') })
      .nullable(),
  ),
  message: optionalText(2000, 'Additional comments'),
});
export type InterestInput = z.input<typeof interestInput>;
export type InterestValues = z.output<typeof interestInput>;

/** A stored submission, as the admin inbox lists it. */
export const interestRegistration = z.object({
  _id: uuidString,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  investmentAmount: z.number().nullable(),
  message: z.string(),
  status: z.enum(INTEREST_STATUSES),
  createdAt: z.string(),
  /** The signed-in account that sent it; null once that account is deleted. */
  user: z.object({ _id: uuidString, name: z.string(), email: z.string() }).nullable(),
});
export type InterestRegistration = z.infer<typeof interestRegistration>;

export const interestListQuery = pageQuery.extend({
  status: z.enum(INTEREST_STATUSES).optional(),
  q: text(100).optional(),
});
export type InterestListQuery = z.output<typeof interestListQuery>;

/** A page of the admin list, newest first. */
export const interestPage = z.object({
  items: z.array(interestRegistration),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type InterestPage = z.infer<typeof interestPage>;

/** An admin moves a registration along: new -> contacted -> closed. */
export const interestStatusInput = z.object({
  status: z.enum(INTEREST_STATUSES, {
    error: says('validation.status_one_of', { values: INTEREST_STATUSES.join(', ') }),
  }),
});
