import type { FastifyRequest } from 'fastify';
import { RETURNS_IMPORT_MAX_BYTES, endpoints, type ReturnsImportResult } from '@portal/contracts';
import type { Module } from '../../app-types';
import { BadRequestError, BadRequestWithDataError, coded, PayloadTooLargeError } from '../../lib/errors';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { importReturns, type ImportOutcome } from './import';
import { presentMonthlyReturn } from './presenter';
import { addReturn, deleteReturn, listReturns, updateReturn } from './service';

const e = endpoints.returns;

/** Monthly returns per user and project (docs/product.md §15.3): `data.monthlyReturns`, amounts exact. */
export const returnRoutes: Module = (app, { database: { db } }) => {
  route(app, e.list, async (request) => {
    const rows = await listReturns(db, request.params.id, request.query.projectId);
    return { success: true as const, data: { monthlyReturns: rows.map(presentMonthlyReturn) } };
  });

  route(app, e.add, async (request) => {
    const rows = await addReturn(db, requireAuth(request).id, request.params.id, request.body);
    return {
      success: true as const,
      data: { monthlyReturns: rows.map(presentMonthlyReturn) },
      message: 'Return added',
    };
  });

  route(app, e.update, async (request) => {
    const rows = await updateReturn(db, requireAuth(request).id, request.params.id, request.body);
    return {
      success: true as const,
      data: { monthlyReturns: rows.map(presentMonthlyReturn) },
      message: 'Return updated',
    };
  });

  route(app, e.remove, async (request) => {
    const rows = await deleteReturn(
      db,
      requireAuth(request).id,
      request.params.id,
      request.query.projectId,
      request.params.month,
    );
    return {
      success: true as const,
      data: { monthlyReturns: rows.map(presentMonthlyReturn) },
      message: 'Return deleted',
    };
  });

  route(app, e.importCsv, async (request) => {
    const actorId = requireAuth(request).id;
    const file = await readCsvFile(request);
    const { dryRun } = request.query;
    const outcome = await importReturns(db, actorId, file, { dryRun });
    const data = presentImport(outcome);
    const total = outcome.rows.length;
    if (outcome.bad && !dryRun)
      throw new BadRequestWithDataError(
        coded('distributions.import_rows_bad', { bad: outcome.bad, total }),
        data,
      );
    const message = dryRun
      ? outcome.bad
        ? `${outcome.bad} of ${total} rows have problems`
        : `All ${total} rows can be imported`
      : `${outcome.written} rows imported`;
    return { success: true as const, data, message };
  });
};

/** An import's answer: each row by its line, and how many were written. */
const presentImport = (o: ImportOutcome): ReturnsImportResult => ({
  rows: o.rows.map((r) => ({ row: r.row, ok: r.ok, ...(r.error !== undefined && { error: r.error }) })),
  written: o.written,
});

/** What the form parser (busboy) throws for a form cut off before its end; it sets no code. */
const MALFORMED_FORM = /unexpected end of (multipart data|form)|terminated early|boundary not found/i;

const tooLarge = () =>
  new PayloadTooLargeError(
    coded('distributions.import_too_large', { megabytes: RETURNS_IMPORT_MAX_BYTES / 1024 / 1024 }),
  );
const MORE_THAN_ONE_FILE = coded('distributions.import_more_than_one_file');

/** The CSV of an import: the one file part, named `file`, read whole up to the import's size limit. */
async function readCsvFile(request: Pick<FastifyRequest, 'isMultipart' | 'parts'>): Promise<Buffer> {
  if (!request.isMultipart()) throw new BadRequestError(coded('distributions.import_not_multipart'));
  try {
    // Read to the end of the form, so that a second file is seen (and refused) rather than left unread.
    let csv: Buffer | null = null;
    for await (const part of request.parts({ limits: { fileSize: RETURNS_IMPORT_MAX_BYTES } })) {
      if (part.type !== 'file') continue;
      if (csv || part.fieldname !== 'file') {
        part.file.resume();
        throw new BadRequestError(
          csv ? MORE_THAN_ONE_FILE : coded('distributions.import_wrong_field', { field: part.fieldname }),
        );
      }
      csv = await part.toBuffer();
      // toBuffer throws only when a piece of the file arrives after busboy cut it at the limit: a file
      // cut where a piece ends (at exactly 8 MiB) is marked truncated and returned as if it were whole.
      if (part.file.truncated) throw tooLarge();
    }
    if (!csv) throw new BadRequestError(coded('distributions.import_no_file'));
    return csv;
  } catch (err) {
    const code = (err as { code?: unknown })?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code === 'FST_FILES_LIMIT') throw new BadRequestError(MORE_THAN_ONE_FILE);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new BadRequestError(coded('distributions.import_too_many_fields'));
    if (err instanceof Error && code === undefined && MALFORMED_FORM.test(err.message))
      throw new BadRequestError(coded('distributions.import_incomplete'));
    throw err;
  }
}
