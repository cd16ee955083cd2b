import { fromCents, toCents } from '@portal/contracts';

/** A timestamp column as the API writes it: ISO 8601, or null. */
export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : d;

/** A numeric column (a string from the driver) as a JSON number, exact to the cent. */
export const num = (v: string | number | null | undefined): number => fromCents(toCents(v ?? 0));
