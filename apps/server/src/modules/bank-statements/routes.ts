import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { BadRequestError, coded, ConflictError, NotFoundError, PayloadTooLargeError } from '../../lib/errors';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { assignTransaction, importStatement } from '../reconciliation/service';
import { CamtError, parseCamt } from './camt';
import { unmatchedTransactions } from './service';

const e = endpoints.bankStatements;

/** A bank file is a day's or a month's statement: 20 MiB holds far more than 10,000 entries. */
const STATEMENT_MAX_BYTES = 20 * 1024 * 1024;
const MALFORMED_FORM = /unexpected end of (multipart data|form)|terminated early|boundary not found/i;
const tooLarge = () =>
  new PayloadTooLargeError(
    coded('reconciliation.statement_too_large', { megabytes: STATEMENT_MAX_BYTES / 1024 / 1024 }),
  );

/** The one file part, named `file`, read whole up to the size limit. */
async function readStatementFile(
  request: Pick<FastifyRequest, 'isMultipart' | 'parts'>,
): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new BadRequestError(coded('reconciliation.statement_no_file'));
  try {
    let file: { name: string; bytes: Buffer } | null = null;
    for await (const part of request.parts({ limits: { fileSize: STATEMENT_MAX_BYTES } })) {
      if (part.type !== 'file') continue;
      if (file || part.fieldname !== 'file') {
        part.file.resume();
        throw new BadRequestError(coded('reconciliation.statement_one_file'));
      }
      file = { name: (part.filename || 'statement.xml').slice(0, 200), bytes: await part.toBuffer() };
      if (part.file.truncated) throw tooLarge();
    }
    if (!file) throw new BadRequestError(coded('reconciliation.statement_no_file'));
    return file;
  } catch (err) {
    const code = (err as { code?: unknown })?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw new BadRequestError(coded('reconciliation.statement_one_file'));
    if (err instanceof Error && code === undefined && MALFORMED_FORM.test(err.message))
      throw new BadRequestError(coded('reconciliation.statement_no_file'));
    throw err;
  }
}

/** A file that is not a bank statement, as a 400 that says why. */
function readCamt(bytes: Buffer) {
  try {
    return parseCamt(bytes.toString('utf8'));
  } catch (err) {
    if (!(err instanceof CamtError)) throw err;
    const entry = err.entry ?? 0;
    switch (err.reason) {
      case 'malformed':
        throw new BadRequestError(coded('reconciliation.camt_malformed'));
      case 'not_camt':
        throw new BadRequestError(coded('reconciliation.camt_not_camt'));
      case 'doctype':
        throw new BadRequestError(coded('reconciliation.camt_doctype'));
      case 'entry_amount':
        throw new BadRequestError(coded('reconciliation.camt_entry_amount', { entry }));
      case 'entry_direction':
        throw new BadRequestError(coded('reconciliation.camt_entry_direction', { entry }));
    }
  }
}

/** Bank statement files: imported, matched to call lines and payouts; what no rule matched, assigned by hand. */
export const bankStatementRoutes: Module = (app, deps) => {
  const { db } = deps.database;

  route(app, e.import, async (request) => {
    const actor = requireAuth(request);
    const file = await readStatementFile(request);
    const camt = readCamt(file.bytes);
    const data = await importStatement(db, deps.mailer, actor.id, {
      fileName: file.name,
      kind: camt.kind,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      transactions: camt.transactions,
    });
    return { success: true as const, data };
  });

  route(app, e.unmatched, async () => ({ success: true as const, data: await unmatchedTransactions(db) }));

  route(app, e.assign, async (request) => {
    const actor = requireAuth(request);
    const result = await assignTransaction(
      db,
      deps.mailer,
      actor.id,
      request.params.id,
      request.body.callLineId,
    );
    if (result.kind === 'not_found')
      throw new NotFoundError(result.what === 'line' ? 'Call line' : 'Bank transaction');
    if (result.kind === 'not_unmatched')
      throw new ConflictError(coded('reconciliation.assign_not_unmatched'));
    if (result.kind === 'debit') throw new BadRequestError(coded('reconciliation.assign_debit'));
    return {
      success: true as const,
      data: {
        _id: request.params.id,
        outcome: 'assigned',
        callLineId: request.body.callLineId,
        amount: result.amount,
        overpaid: result.overpaid,
        funded: result.funded,
      },
    };
  });
};
