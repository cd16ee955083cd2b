import { z } from 'zod';
import { idParams, uuidString } from './common';
import { says } from './validation';

/**
 * Capital calls and bank statement imports (issue 34, ADR 028): what the admin sends and what the server
 * answers. Amounts are euro numbers; days are 'YYYY-MM-DD'.
 */

export const capitalCallInput = z.object({
  /** The share of every accepted subscription called, in percent (more than 0, at most 100, two decimals). */
  percent: z.number().finite(),
  dueOn: z.iso.date({ error: says('validation.calendar_date') }),
});
export type CapitalCallInput = z.infer<typeof capitalCallInput>;

export const capitalCallLine = z.object({
  _id: uuidString,
  subscriptionId: uuidString,
  userId: uuidString,
  investorName: z.string().optional(),
  amount: z.number(),
  paid: z.number(),
  paidOn: z.string().nullable(),
  reference: z.string(),
});
export type CapitalCallLine = z.infer<typeof capitalCallLine>;

export const capitalCall = z.object({
  _id: uuidString,
  offeringId: uuidString,
  percent: z.number(),
  dueOn: z.string(),
  total: z.number(),
  createdAt: z.string(),
  lines: z.array(capitalCallLine),
});
export type CapitalCall = z.infer<typeof capitalCall>;

/** A call line not yet paid in full (overdue: its due day has passed). */
export const openCallLine = z.object({
  _id: uuidString,
  callId: uuidString,
  offeringId: uuidString,
  projectName: z.string(),
  userId: uuidString,
  investorName: z.string(),
  amount: z.number(),
  paid: z.number(),
  dueOn: z.string(),
  reference: z.string(),
  remindedAt: z.string().nullable(),
});
export type OpenCallLine = z.infer<typeof openCallLine>;

export const offeringCallsParams = idParams;

export const unmatchedEntry = z.object({
  amount: z.number(),
  reference: z.string(),
  counterparty: z.string(),
  bookedOn: z.string().nullable(),
});

export const bankImportResult = z.object({
  entries: z.number().int(),
  matched: z.number().int(),
  unmatched: z.array(unmatchedEntry),
  duplicates: z.number().int(),
});
export type BankImportResult = z.infer<typeof bankImportResult>;

/** A bank transaction waiting for the admin: unmatched, with why. */
export const unmatchedTransaction = unmatchedEntry.extend({
  _id: uuidString,
  direction: z.enum(['credit', 'debit']),
  remittance: z.string(),
  why: z.string().nullable(),
  importedAt: z.string(),
});
export type UnmatchedTransaction = z.infer<typeof unmatchedTransaction>;

export const assignInput = z.object({ callLineId: z.uuid({ error: says('validation.id') }) });
export type AssignInput = z.infer<typeof assignInput>;

export const assignedTransaction = z.object({
  _id: uuidString,
  outcome: z.string(),
  callLineId: uuidString,
  amount: z.number(),
  overpaid: z.number(),
  funded: z.boolean(),
});
