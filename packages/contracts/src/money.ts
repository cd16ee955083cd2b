import { z } from 'zod';
import { labelled } from './validation';

/**
 * Exact money arithmetic. Amounts arrive as numeric strings from the database (or numbers with at most
 * two decimals from JSON) and are summed as integer cents so that totals never drift.
 */
export function toCents(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const s = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const m = /^(-)?(\d+)(?:\.(\d{0,2})\d*)?$/.exec(s);
  if (!m) throw new Error(`Not a money amount: ${String(value)}`);
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

export function fromCents(cents: number): number {
  return cents / 100;
}

export function sumMoney(values: ReadonlyArray<string | number | null | undefined>): number {
  return fromCents(values.reduce<number>((acc, v) => acc + toCents(v), 0));
}

/** A money amount as the database expects it ('1234.50'). */
export function toMoneyString(value: number | string): string {
  const cents = toCents(value);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A money amount typed by an admin: a JSON number with at most two decimals, kept exact. */
export const moneyAmount = (label: string) =>
  z
    .number({ error: labelled(label, 'validation.not_number') })
    .finite({ error: labelled(label, 'validation.not_number') })
    .min(0, { error: labelled(label, 'validation.not_negative') })
    .max(999_999_999_999.99, { error: labelled(label, 'validation.too_large') })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, {
      error: labelled(label, 'validation.two_decimals'),
    })
    // The refinement, as the OpenAPI document says it (z.toJSONSchema leaves refinements out).
    .meta({ multipleOf: 0.01 });
