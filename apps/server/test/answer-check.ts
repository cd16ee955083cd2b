import { errorBody, errorStatuses, jsonAnswer, successStatuses, type ErrorStatus } from '@portal/contracts';
import type { App } from '../src/app-types';

/**
 * Checks every answer of a route declared in the registry against its declaration: a status it does
 * not declare, or a JSON body its schema (or the error envelope) does not allow, is a violation. Every
 * API test thereby also tests the contract.
 */
export function checkAnswers(app: App, violations: string[]) {
  app.addHook('onSend', async (request, reply, payload) => {
    const e = request.routeOptions.config.endpoint;
    if (!e) return payload;
    const status = reply.statusCode;
    const success = successStatuses(e).includes(status);
    // A 500 is a failure nobody declares (a test may cause one on purpose); its body is still checked.
    if (!success && status !== 500 && !(errorStatuses(e) as number[]).includes(status)) {
      violations.push(`${e.id} (${request.method} ${request.url}): status ${status} is not declared`);
      return payload;
    }
    // A range past the end of a file: 416 with its Content-Range and no body (RFC 9110, 15.5.17).
    if (status === 416 && (payload === undefined || payload === null || payload === '')) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (typeof payload !== 'string' || !type.startsWith('application/json')) {
      if (!success || jsonAnswer(e))
        violations.push(`${e.id}: a ${status} answer that is not JSON (${type || 'no content type'})`);
      return payload;
    }
    const schema = success ? jsonAnswer(e) : (e.errorBodies?.[status as ErrorStatus] ?? errorBody);
    if (!schema) {
      violations.push(`${e.id}: a JSON answer where the declaration says a file or an event stream`);
      return payload;
    }
    const parsed = schema.safeParse(JSON.parse(payload));
    if (!parsed.success)
      violations.push(`${e.id}: the ${status} answer does not match its schema: ${parsed.error.message}`);
    return payload;
  });
}
