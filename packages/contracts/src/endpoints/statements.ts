import { envelope } from '../common';
import { endpoint } from '../endpoint';
import {
  statementAnswer,
  statementListAnswer,
  statementParams,
  statementPublication,
  statementPublicationList,
} from '../statements';

export const statementEndpoints = {
  list: endpoint({
    id: 'statements.list',
    method: 'GET',
    path: '/api/statements',
    access: 'user',
    summary:
      "The caller's statements: every quarter and year that has ended in which they held an investment",
    description:
      'Newest first, quarters and years by their last day (a year before its last quarter). An investment ' +
      'is held from its start date (without one, from the month of its first monthly return). A period ' +
      'is `published` once an admin began publishing it: its PDF is stored then and never changes ' +
      '(`sha256`, the SHA-256 of the bytes the download answers); any other is preliminary.',
    answer: statementListAnswer,
    reads: [
      'projects',
      'investments',
      'monthly_returns',
      'capital_returns',
      'rental_incomes',
      'adjustments',
      'users',
      'statement_publications',
      'statement_files',
    ],
  }),
  get: endpoint({
    id: 'statements.get',
    method: 'GET',
    path: '/api/statements/:period',
    access: 'user',
    summary: "The caller's capital account statement for a quarter ('2025-Q3') or a year ('2025')",
    description:
      'Per project: the opening capital (invested before the period, less capital returned before it), ' +
      'contributions, capital returned and income paid within the period (a monthly return is paid on ' +
      'its payment date, else the last day of its month), the income by the month it was earned in and ' +
      'the closing capital; their totals; and the ' +
      "portfolio's IRR as of the period's last day (null when it cannot be computed). A period that has " +
      'not ended, or in which the caller held nothing, answers 404.',
    params: statementParams,
    answer: statementAnswer,
    reads: [
      'projects',
      'investments',
      'monthly_returns',
      'capital_returns',
      'rental_incomes',
      'adjustments',
      'users',
    ],
  }),
  pdf: endpoint({
    id: 'statements.pdf',
    method: 'GET',
    path: '/api/statements/:period/pdf',
    access: 'user',
    summary: 'The same statement as a PDF (an attachment, statement-{investorId}-{period}.pdf)',
    description:
      'A published period answers the PDF stored when it was published, byte for byte, whatever changed ' +
      'since (its SHA-256 is the one `GET /api/statements` lists). A period not published is made now, ' +
      'every figure the one `GET /api/statements/{period}` answers, and marked Preliminary. A 404 in ' +
      'the same cases.',
    params: statementParams,
    answer: { kind: 'file', types: ['application/pdf'] },
    reads: [
      'projects',
      'investments',
      'monthly_returns',
      'capital_returns',
      'rental_incomes',
      'adjustments',
      'users',
      'statement_publications',
      'statement_files',
    ],
  }),
  publications: endpoint({
    id: 'statements.publications',
    method: 'GET',
    path: '/api/admin/statements',
    access: 'admin',
    summary: 'The statement periods published to the investors, and those that can be published now',
    description:
      'Each publication with its status (`running`, `published` or `failed` with the reason) and its ' +
      'progress: `recipients` investors told of `total`.',
    answer: envelope(statementPublicationList),
    reads: ['statement_publications'],
  }),
  publish: endpoint({
    id: 'statements.publish',
    method: 'POST',
    path: '/api/admin/statements/:period/publish',
    access: 'admin',
    summary: 'Starts telling every investor who held an investment in the period that its statement is ready',
    description:
      'A notification to each, and an email to those who did not turn payouts and statements email off, ' +
      'written by a background job in batches: the answer comes at once with the publication `running` ' +
      'and the number of investors to reach (`total`); `GET /api/admin/statements` follows its progress. ' +
      'A period that has not ended, or that nobody held, is a 400; one already published or being ' +
      'published a 409. Publishing a period whose job failed resumes it.',
    params: statementParams,
    answer: envelope(statementPublication),
    errors: [409],
    writes: ['statement_publications', 'statement_files', 'notifications', 'mail_messages', 'audit_log'],
  }),
};
