import { z } from 'zod';
import { errorBody } from './common';
import {
  errorStatuses,
  jsonAnswer,
  successStatuses,
  type EndpointDef,
  type ErrorStatus,
  type EventStreamAnswer,
  type FileAnswer,
} from './endpoint';

type JsonSchema = Record<string, unknown>;

const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: 'The input is not valid; the message names the field, `fields` gives each field its problem',
  401: 'No sign-in, or it has expired or ended',
  403: 'Signed in, but not allowed (not an administrator, or two-factor sign-in required first)',
  404: 'Nothing with that id, or not the caller’s',
  409: 'The change conflicts with the current state; the message says why',
  410: 'It existed but is no longer available (an expired download); the message says why',
  413: 'The body or the file is too large',
  414: 'A part of the address is too long',
  415: 'The body is not of a type this endpoint reads',
  416: 'The requested range is outside the file',
  429: 'Too many requests; `Retry-After` says when to try again',
  503: 'The database is unavailable or the server is restarting; `Retry-After` says when to try again',
};

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The path and query parameters of an endpoint, one by one as OpenAPI lists them. */
function parameters(e: EndpointDef) {
  const list: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', e.params],
    ['query', e.query],
  ] as const) {
    if (!schema) continue;
    const json = schemaOf(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, s] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = s as { description?: string };
      list.push({
        name,
        in: where,
        required: where === 'path' || !!json.required?.includes(name) || !!e.requiredQuery?.includes(name),
        ...(description && { description }),
        schema: rest,
      });
    }
  }
  return list;
}

function requestBody(e: EndpointDef) {
  if (e.body)
    return { required: true, content: { 'application/json': { schema: schemaOf(e.body, 'input') } } };
  if (!e.multipart) return undefined;
  const fields = schemaOf(e.multipart.fields, 'input') as { properties?: object; required?: string[] };
  // The fields the handler requires besides those the schema does.
  const required = [...new Set([...(fields.required ?? []), ...(e.multipart.required ?? [])])];
  const file = e.multipart.fileField ?? 'file';
  const form = {
    type: 'object',
    properties: {
      ...fields.properties,
      [file]: { type: 'string', contentMediaType: 'application/octet-stream' },
    },
    required: [...required, ...(e.multipart.file === 'required' ? [file] : [])],
  };
  return {
    required: true,
    content: {
      'multipart/form-data': { schema: form },
      ...(e.multipart.json && {
        'application/json': { schema: { ...fields, ...(required.length && { required }) } },
      }),
    },
  };
}

function successContent(e: EndpointDef) {
  const json = jsonAnswer(e);
  if (json) return { 'application/json': { schema: schemaOf(json, 'output') } };
  const answer = e.answer as FileAnswer | EventStreamAnswer;
  if (answer.kind === 'event-stream')
    return {
      'text/event-stream': {
        schema: {
          type: 'string',
          description: `Server-sent events; each event's data is JSON: ${JSON.stringify(schemaOf(answer.event, 'output'))}`,
        },
      },
    };
  return Object.fromEntries(
    answer.types.map((t) => [t, { schema: { type: 'string', contentMediaType: t } }] as const),
  );
}

function responses(e: EndpointDef) {
  const out: Record<string, unknown> = {};
  for (const status of successStatuses(e))
    out[status] = {
      description: status === 206 ? 'A part of the file (Range)' : e.summary,
      content: successContent(e),
    };
  for (const status of errorStatuses(e)) {
    const own = e.errorBodies?.[status];
    out[status] = {
      description: ERROR_TEXT[status],
      content: {
        'application/json': {
          schema: own ? schemaOf(own, 'output') : { $ref: '#/components/schemas/Error' },
        },
      },
    };
  }
  return out;
}

/**
 * The OpenAPI 3.1 document of the API, derived from the registry: each endpoint's parameters, body and
 * every answer it can give, its access rule as its security.
 */
export function openApiDocument(
  list: readonly EndpointDef[],
  info: { title: string; version: string; description: string },
) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of list) {
    if (e.undocumented) continue;
    const path = e.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const body = requestBody(e);
    const params = parameters(e);
    (paths[path] ??= {})[e.method.toLowerCase()] = {
      operationId: e.id,
      summary: e.summary,
      ...(e.description && { description: e.description }),
      tags: [e.id.split('.')[0]],
      ...(params.length && { parameters: params }),
      ...(body && { requestBody: body }),
      responses: responses(e),
      security: e.access === 'public' ? [] : [{ bearer: [] }],
      ...(e.access === 'admin' && { 'x-access': 'admin' }),
    };
  }
  const tags = [...new Set(list.filter((e) => !e.undocumented).map((e) => e.id.split('.')[0]!))];
  return {
    openapi: '3.1.0',
    info: { ...info, license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' } },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: tags.map((name) => ({ name, description: `The ${name} endpoints` })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: schemaOf(errorBody, 'output') },
    },
  };
}
