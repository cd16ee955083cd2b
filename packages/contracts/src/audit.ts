import { z } from 'zod';
import { id, pagination, uuidString } from './common';
import { labelled, says } from './validation';

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
  { id: 'stay_report', label: 'Problem report' },
  { id: 'offering', label: 'Offering' },
  { id: 'subscription', label: 'Subscription' },
  { id: 'capital_call', label: 'Capital call' },
  { id: 'bank_statement', label: 'Bank statement' },
  { id: 'allocation', label: 'Peak allocation' },
  { id: 'stay_rules', label: 'Stay rules' },
  { id: 'delegation', label: 'Delegated access' },
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number]['id'];
const AUDIT_ENTITY_IDS = AUDIT_ENTITIES.map((e) => e.id) as [AuditEntity, ...AuditEntity[]];

/** 'monthly-return' -> 'Monthly return'; a kind the list does not know is shown as it is. */
export const auditEntityLabel = (entity: string): string =>
  AUDIT_ENTITIES.find((e) => e.id === entity)?.label ?? entity;

const auditDay = (field: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.iso.date({ error: labelled(field, 'validation.calendar_date') }).optional(),
  );

/** The filters of the audit log (list and CSV export): admin, kind of object, object, days (inclusive, UTC). */
const auditFilterFields = {
  entity: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .enum(AUDIT_ENTITY_IDS, {
        error: says('validation.entity_one_of', { values: AUDIT_ENTITY_IDS.join(', ') }),
      })
      .optional(),
  ),
  entityId: z
    .string()
    .trim()
    .max(64, { error: says('validation.entityid_must_be_at_most_64_characters') })
    .optional(),
  actorId: z.preprocess((v) => (v === '' ? undefined : v), id.optional()),
  from: auditDay('from'),
  to: auditDay('to'),
};
const fromNotAfterTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

/** `GET /api/admin/audit/export`: the filters of the list, every entry they match. */
export const auditFilters = z
  .object(auditFilterFields)
  .refine(fromNotAfterTo, { error: says('validation.from_must_not_be_after_to'), path: ['from'] });
export type AuditFilters = z.infer<typeof auditFilters>;

/** `GET /api/admin/audit`: the filters, and a page of at most 100 entries. */
export const auditQuery = z
  .object({
    page: z.coerce
      .number({ error: says('validation.page_must_be_a_number') })
      .int({ error: says('validation.page_must_be_a_whole_number') })
      .min(1, { error: says('validation.page_must_be_at_least_1') })
      .max(100_000, { error: says('validation.page_must_be_at_most_100000') })
      .default(1),
    pageSize: z.coerce
      .number({ error: says('validation.pagesize_must_be_a_number') })
      .int({ error: says('validation.pagesize_must_be_a_whole_number') })
      .min(1, { error: says('validation.pagesize_must_be_at_least_1') })
      .max(100, { error: says('validation.pagesize_must_be_at_most_100') })
      .default(25),
    ...auditFilterFields,
  })
  .refine(fromNotAfterTo, { error: says('validation.from_must_not_be_after_to'), path: ['from'] });
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditList = z.object({
  success: z.literal(true),
  data: z.array(auditEntry),
  pagination,
  /** Every admin account, for the filter by admin (A-Z). */
  admins: z.array(z.object({ _id: uuidString, name: z.string(), email: z.string() })),
});
export type AuditList = z.infer<typeof auditList>;
