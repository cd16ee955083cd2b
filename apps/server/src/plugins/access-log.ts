import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One access line for each answered request (ADR 017), in place of Fastify's two ("incoming request"
 * and "request completed"): method and address, status, time taken in ms and the client's address,
 * under the request's id. A request whose answer failed after it began is logged as an error, as
 * Fastify does. Fastify's other lines (errors of its own handlers, streams cut short) are unchanged.
 */
export class AccessLog extends LogController {
  /**
   * `onAnswer`: told of each answer as its line is written (the duration histogram of /metrics).
   * `lines: false` when the proxy in front keeps the access log (ACCESS_LOG=proxy): only the lines of
   * answers that failed are written, and every answer still counts in the metrics.
   */
  constructor(
    private readonly onAnswer?: (request: FastifyRequest, reply: FastifyReply) => void,
    private readonly lines = true,
  ) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    this.onAnswer?.(request, reply);
    if (!error && !this.lines) return;
    const line = {
      method: request.method,
      url: request.url,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    // (Not `req` and `res`: Fastify's serializers of those keys expect the objects.)
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}
