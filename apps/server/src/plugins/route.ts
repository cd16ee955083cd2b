import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { jsonAnswer, type AnswerInput, type EndpointDef, type HandlerInput } from '@portal/contracts';
import type { App } from '../app-types';
import { SIGNALLED_TABLES, type SignalledTable } from '../db/changes';

/** The request as a handler sees it: params, query and body as the endpoint's schemas parsed them. */
type EndpointRequest<E extends EndpointDef> = Omit<FastifyRequest, 'params' | 'query' | 'body'> &
  HandlerInput<E>;

/**
 * A JSON endpoint's handler answers the declared shape (the schema serializes it with the declared
 * status); a file or event-stream endpoint's handler sends its answer itself.
 */
export type Handler<E extends EndpointDef> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => E['answer'] extends z.ZodType ? Promise<AnswerInput<E>> : Promise<FastifyReply | void>;

/** What only the server knows of a route: its rate limit, its body limit. */
export interface RouteExtras {
  rateLimit?: NonNullable<RouteOptions['config']>['rateLimit'];
  bodyLimit?: number;
}

const signalled = new Set<string>(SIGNALLED_TABLES);

/**
 * Registers an endpoint of the registry (`@portal/contracts`, `endpoints`): its method, path, schemas,
 * access rule and, for a kept read, the tables its answer is made from all come from the declaration.
 */
export function route<E extends EndpointDef>(app: App, e: E, handler: Handler<E>, extras: RouteExtras = {}) {
  const json = jsonAnswer(e);
  const status = e.status ?? 200;
  if (e.cache && (e.method !== 'GET' || !e.reads?.length || e.reads.some((t) => !signalled.has(t))))
    throw new Error(`${e.id}: a kept read is a GET that reads only signalled tables`);
  const options = {
    method: e.method,
    url: e.path,
    bodyLimit: extras.bodyLimit,
    config: {
      access: e.access,
      endpoint: e,
      ...(e.cache && { cache: { tables: e.reads as readonly SignalledTable[] } }),
      ...(extras.rateLimit && { rateLimit: extras.rateLimit }),
    },
    schema: {
      ...(e.params && { params: e.params }),
      ...(e.query && { querystring: e.query }),
      ...(e.body && { body: e.body }),
      ...(json && { response: { [status]: json } }),
    },
    handler: async (request, reply) => {
      const answer = await (handler as (r: unknown, reply: FastifyReply) => Promise<unknown>)(request, reply);
      if (!json || reply.sent) return reply;
      return reply.status(status).send(answer);
    },
  } satisfies RouteOptions;
  if (!e.multipart) return app.route(options);
  // A form's parser and its hooks (two async ones, on every request) stay with the routes that take
  // forms: each in a scope of its own, which inherits every hook of the app (ADR 017).
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: app.uploadLimits });
    scope.route(options);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The limits of an upload form (UPLOAD_MAX_BYTES for the file), set once by the app. */
    uploadLimits: NonNullable<Parameters<typeof multipart>[1]>['limits'];
  }
  interface FastifyContextConfig {
    /** The registry's declaration of the route (tests check every answer against it). */
    endpoint?: EndpointDef;
  }
}
