import { fromCents, toCents, type Pagination } from '@portal/contracts';

/** A timestamp column as the API writes it: ISO 8601, or null. */
export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : d;

/** A numeric column (a string from the driver) as a JSON number, exact to the cent. */
export const num = (v: string | number | null | undefined): number => fromCents(toCents(v ?? 0));

/** Where a page sits in a list of `total` rows, as the admin lists answer it (one page even when empty). */
export const pagination = (page: number, pageSize: number, total: number): Pagination => ({
  page,
  pageSize,
  total,
  totalPages: Math.max(1, Math.ceil(total / pageSize)),
});
