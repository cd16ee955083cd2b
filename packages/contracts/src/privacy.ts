import { z } from 'zod';
import { requiredText, text, uuidString } from './common';
import { says } from './validation';
import { DATA_EXPORT_STATUSES, ERASURE_STATUSES } from './value-sets';

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

/** How long the financial records of an erased account are kept, unless an admin sets otherwise (ADR 031). */
export const DEFAULT_ERASURE_RETENTION_YEARS = 10;

/** `POST /api/users/me/erasure`: why, if the investor wishes to say (only the admins read it). */
export const erasureRequestInput = z.object({ reason: text(1000).optional() });
export type ErasureRequestInput = z.input<typeof erasureRequestInput>;

/** `POST /api/admin/erasure-requests/{id}/refuse`: the legal reason, which the investor is told. */
export const erasureRefuseInput = z.object({ reason: requiredText('Reason', 1000) });
export type ErasureRefuseInput = z.input<typeof erasureRefuseInput>;

/**
 * The caller's request to erase their account (`GET /api/users/me/erasure`): pending, or refused with
 * the admin's legal reason (a refused one may be asked again). A withdrawn request is no request (null).
 */
export const erasureRequest = z.object({
  _id: uuidString,
  status: z.enum(ERASURE_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  refusalReason: z.string().nullable(),
});
export type ErasureRequest = z.infer<typeof erasureRequest>;

/**
 * A request in the admins' list, with the person (their pseudonym once erased) and what may be a legal
 * reason to keep the account: current investments, payouts still to come, stays ahead.
 */
export const adminErasureRequest = erasureRequest.extend({
  user: z.object({
    _id: uuidString,
    name: z.string(),
    email: z.string(),
    isAdmin: z.boolean(),
  }),
  decidedBy: z.object({ _id: uuidString, name: z.string() }).nullable(),
  /** Until when the kept financial records are held (a carried-out request). */
  keepUntil: z.string().nullable(),
  holds: z.object({
    /** Investments with an amount, in projects not archived. */
    investments: z.number(),
    /** Returns and distributions dated after today, and capital-call lines not paid in full. */
    openPayouts: z.number(),
    /** Pending or approved stays whose last night is today or later. */
    bookings: z.number(),
  }),
});
export type AdminErasureRequest = z.infer<typeof adminErasureRequest>;

/** The erasure settings: how many years the financial records of an erased account are kept. */
export const erasureSettings = z.object({
  retentionYears: z.coerce
    .number({ error: says('validation.retention_years') })
    .int({ error: says('validation.retention_years') })
    .min(1, { error: says('validation.retention_years') })
    .max(30, { error: says('validation.retention_years') }),
});
export type ErasureSettings = z.infer<typeof erasureSettings>;
