import { z } from 'zod';
import { uuidString } from './common';
import { DATA_EXPORT_STATUSES } from './value-sets';

/** How long an export's archive may be downloaded once it is ready. */
export const DATA_EXPORT_VALID_DAYS = 7;
/** Exports an investor may ask for in 24 hours (at most one of them being made at a time). */
export const DATA_EXPORTS_PER_DAY = 3;

/**
 * An export of the caller's data (`GET /api/users/me/exports`): `expiresAt` is set once it is ready, a
 * week later; `size` is the archive's bytes then.
 */
export const dataExport = z.object({
  _id: uuidString,
  status: z.enum(DATA_EXPORT_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  size: z.number().nullable(),
});
export type DataExport = z.infer<typeof dataExport>;
