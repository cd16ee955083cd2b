import { z } from 'zod';
import { payerAccount, payerAccountInput } from '../bank';
import { envelope, id, idParams, projectIdQuery } from '../common';
import { reversalInput } from '../adjustments';
import { distributionAnswer, distributionInput, distributionListAnswer } from '../distributions';
import { endpoint } from '../endpoint';

/** A run's own tables; finalizing also writes the investors' returns, the audit log and notifications. */
const runs = ['distributions', 'distribution_allocations'] as const;

export const distributionEndpoints = {
  list: endpoint({
    id: 'distributions.list',
    method: 'GET',
    path: '/api/distributions',
    access: 'admin',
    summary: 'Distribution runs, newest period first; of one project when given',
    query: projectIdQuery,
    answer: distributionListAnswer,
    reads: [...runs, 'projects', 'users'],
  }),
  get: endpoint({
    id: 'distributions.get',
    method: 'GET',
    path: '/api/distributions/:id',
    access: 'admin',
    summary: 'A distribution run with each investor’s allocation',
    params: idParams,
    answer: distributionAnswer,
    reads: [...runs, 'projects', 'users'],
  }),
  create: endpoint({
    id: 'distributions.create',
    method: 'POST',
    path: '/api/distributions',
    access: 'admin',
    summary: 'Drafts a distribution run: the amount split pro rata to what each investor holds, to the cent',
    description:
      'Each investor holding the project gets amount × invested ÷ total invested, rounded down to the ' +
      'cent; the cents left go one each to the largest remainders (ties by investor ID), so the ' +
      'allocations add up to the amount exactly. A project nobody holds is a 400.',
    body: distributionInput,
    status: 201,
    answer: distributionAnswer,
    errors: [404],
    writes: [...runs, 'audit_log'],
  }),
  update: endpoint({
    id: 'distributions.update',
    method: 'PUT',
    path: '/api/distributions/:id',
    access: 'admin',
    summary: 'Changes a draft run and computes its allocations again (a final run answers 409)',
    params: idParams,
    body: distributionInput,
    answer: distributionAnswer,
    errors: [409],
    writes: [...runs, 'audit_log'],
  }),
  remove: endpoint({
    id: 'distributions.remove',
    method: 'DELETE',
    path: '/api/distributions/:id',
    access: 'admin',
    summary: 'Deletes a draft run (a final run answers 409)',
    params: idParams,
    answer: envelope(z.object({ _id: id })),
    errors: [409],
    writes: [...runs, 'audit_log'],
  }),
  finalize: endpoint({
    id: 'distributions.finalize',
    method: 'POST',
    path: '/api/distributions/:id/finalize',
    access: 'admin',
    summary: 'Makes a draft run final: writes each investor’s amount and tells them, all at once',
    description:
      'In one transaction: income is written as that month’s return of each investor, capital as a ' +
      'return of capital; the audit row; a notification to each investor. A run made final already ' +
      '(also by a request at the same time), or an investor who already has a return for that month ' +
      'and project, answers 409 and writes nothing.',
    params: idParams,
    answer: distributionAnswer,
    errors: [409],
    writes: [
      ...runs,
      'monthly_returns',
      'capital_returns',
      'investments',
      'users',
      'audit_log',
      'notifications',
      'mail_messages',
    ],
  }),
  reverse: endpoint({
    id: 'distributions.reverse',
    method: 'POST',
    path: '/api/distributions/:id/reverse',
    access: 'admin',
    summary: 'Reverses a final run as a whole: one negative adjustment per investor paid, dated today',
    description:
      'The run and what it wrote stay as they were; its status becomes `reversed`, with the reason. Each ' +
      'investor paid gets an adjustment of minus their allocation (the reason, the entry it corrects, the ' +
      'run’s id), is notified, and the reversal is audited. A new run for the same period can then pay ' +
      'the right amounts. A draft, or a run reversed already (also by a request at the same time), ' +
      'answers 409.',
    params: idParams,
    body: reversalInput,
    answer: distributionAnswer,
    errors: [409],
    writes: [...runs, 'adjustments', 'audit_log', 'notifications'],
  }),
  payments: endpoint({
    id: 'distributions.payments',
    method: 'GET',
    path: '/api/distributions/:id/payments.csv',
    access: 'admin',
    summary: 'The run’s payments as CSV: investor ID, name, email, amount, IBAN (empty when none is given)',
    description:
      'For the company’s bank: the full IBAN, UTF-8 with a byte-order mark, formula-like cells ' +
      'neutralized. Each download is audited.',
    params: idParams,
    answer: { kind: 'file', types: ['text/csv'] },
    reads: [...runs, 'users'],
    writes: ['audit_log'],
  }),
  sepa: endpoint({
    id: 'distributions.sepa',
    method: 'GET',
    path: '/api/distributions/:id/sepa.xml',
    access: 'admin',
    summary: 'A final run as a SEPA credit transfer file (ISO 20022 pain.001.001.09) for the company’s bank',
    description:
      'One transfer per investor paid who has given a bank account, from the company’s payer account, ' +
      'executed on the payment date; the group header’s count and control sum match the transfers. ' +
      'Investors without a bank account are left out: the header `x-missing-bank-accounts` counts them. ' +
      'A draft, or no payer account set, answers 409. Each download is audited.',
    params: idParams,
    answer: { kind: 'file', types: ['application/xml'] },
    errors: [409],
    reads: [...runs, 'users', 'settings'],
    writes: ['audit_log'],
  }),
  payer: endpoint({
    id: 'distributions.payer',
    method: 'GET',
    path: '/api/admin/settings/payer',
    access: 'admin',
    summary: 'The company account that pays the distributions (null until set)',
    answer: envelope(payerAccount.nullable()),
    reads: ['settings'],
  }),
  setPayer: endpoint({
    id: 'distributions.setPayer',
    method: 'PUT',
    path: '/api/admin/settings/payer',
    access: 'admin',
    summary: 'Sets the company account that pays the distributions (IBAN checked, BIC optional)',
    body: payerAccountInput,
    answer: envelope(payerAccount),
    writes: ['settings', 'audit_log'],
  }),
};
