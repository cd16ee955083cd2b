import { z } from 'zod';
import { id, pagination, uuidString } from './common';

/** Schemas of the audit log: its entries, the kinds of object it records, and the admin's filters. */

export const auditEntry = z.object({
  _id: z.string(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  /** Who did it, an admin or an investor (their own bank account, a swap they accepted); null once deleted. */
  actor: z
    .object({ _id: uuidString, name: z.string(), email: z.string(), role: z.enum(['admin', 'investor']) })
    .nullable(),
  /** The person the entry is about (the user changed, the investor whose stay or return it is), if any. */
  subject: z.object({ _id: uuidString, name: z.string() }).nullable(),
  /** The project the entry is about, if any (read now: a renamed project shows its new name). */
  project: z.object({ _id: uuidString, name: z.string() }).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/**
 * The kinds of object writes are recorded for (`audit_log.entity`), with the words the screen uses; each
 * kind's actions, and the sentence of each, are in audit-sentence.ts.
 */
export const AUDIT_ENTITIES = [
  { id: 'user', label: 'User' },
  { id: 'investment', label: 'Investment' },
  { id: 'monthly-return', label: 'Monthly return' },
  { id: 'project', label: 'Project' },
  { id: 'project-media', label: 'Project media' },
  { id: 'update', label: 'Project update' },
  { id: 'perk', label: 'Perk' },
  { id: 'cabin_allowance', label: 'Cabin allowance' },
  { id: 'booking', label: 'Booking' },
  { id: 'activity_request', label: 'Activity request' },
  { id: 'document', label: 'Document' },
  { id: 'user-media', label: 'Investor media' },
  { id: 'notification', label: 'Notification' },
  { id: 'interest', label: 'Interest registration' },
  { id: 'settings', label: 'Settings' },
  { id: 'distribution', label: 'Distribution' },
  { id: 'adjustment', label: 'Adjustment' },
  { id: 'statements', label: 'Statements' },
  { id: 'cabin', label: 'Cabin' },
  { id: 'high_season', label: 'High season' },
  { id: 'swap_offer', label: 'Swap offer' },
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number]['id'];
const AUDIT_ENTITY_IDS = AUDIT_ENTITIES.map((e) => e.id) as [AuditEntity, ...AuditEntity[]];

/** 'monthly-return' -> 'Monthly return'; a kind the list does not know is shown as it is. */
export const auditEntityLabel = (entity: string): string =>
  AUDIT_ENTITIES.find((e) => e.id === entity)?.label ?? entity;

const auditDay = (field: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.iso.date({ error: `${field} must be a date (YYYY-MM-DD)` }).optional(),
  );

/** The filters of the audit log (list and CSV export): admin, kind of object, object, days (inclusive, UTC). */
const auditFilterFields = {
  entity: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(AUDIT_ENTITY_IDS, { error: `entity must be one of: ${AUDIT_ENTITY_IDS.join(', ')}` }).optional(),
  ),
  entityId: z.string().trim().max(64, { error: 'entityId must be at most 64 characters' }).optional(),
  actorId: z.preprocess((v) => (v === '' ? undefined : v), id.optional()),
  from: auditDay('from'),
  to: auditDay('to'),
};
const fromNotAfterTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

/** `GET /api/admin/audit/export`: the filters of the list, every entry they match. */
export const auditFilters = z
  .object(auditFilterFields)
  .refine(fromNotAfterTo, { error: 'from must not be after to', path: ['from'] });
export type AuditFilters = z.infer<typeof auditFilters>;

/** `GET /api/admin/audit`: the filters, and a page of at most 100 entries. */
export const auditQuery = z
  .object({
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int({ error: 'page must be a whole number' })
      .min(1, { error: 'page must be at least 1' })
      .max(100_000, { error: 'page must be at most 100000' })
      .default(1),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number' })
      .int({ error: 'pageSize must be a whole number' })
      .min(1, { error: 'pageSize must be at least 1' })
      .max(100, { error: 'pageSize must be at most 100' })
      .default(25),
    ...auditFilterFields,
  })
  .refine(fromNotAfterTo, { error: 'from must not be after to', path: ['from'] });
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditList = z.object({
  success: z.literal(true),
  data: z.array(auditEntry),
  pagination,
  /** Every admin account, for the filter by admin (A-Z). */
  admins: z.array(z.object({ _id: uuidString, name: z.string(), email: z.string() })),
});
export type AuditList = z.infer<typeof auditList>;
