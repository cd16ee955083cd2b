import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** An OpenAPI 3.1 document, as far as the checks below read it. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

interface Operation {
  operationId: string;
  security: unknown[];
  'x-access'?: 'admin';
  parameters?: { name: string; in: 'path' | 'query'; required: boolean; schema: object }[];
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}

/** One operation of the document, in the route table's terms (`/api/x/:id`). */
export interface DocumentRoute {
  method: string;
  url: string;
  access: 'public' | 'user' | 'admin';
  operation: Operation;
}

export function documentRoutes(doc: OpenApiDocument): DocumentRoute[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, operation]) => ({
      method: method.toUpperCase(),
      url: path.replace(/\{(\w+)\}/g, ':$1'),
      access: operation.security.length === 0 ? 'public' : (operation['x-access'] ?? 'user'),
      operation,
    })),
  );
}

/**
 * Checks answers against the document itself (not against the zod schemas it was made from): the status
 * must be one the operation lists, and a JSON body must validate against that status's schema.
 */
export function documentChecker(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
  const compiled = new Map<object, ReturnType<typeof ajv.compile>>();
  const validator = (schema: object) => {
    let v = compiled.get(schema);
    if (!v) {
      const text = JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/');
      v = ajv.compile(JSON.parse(text) as object);
      compiled.set(schema, v);
    }
    return v;
  };
  /** What the document does not allow in this answer, or null. */
  return (route: DocumentRoute, status: number, contentType: string, body: string): string | null => {
    const response = route.operation.responses[String(status)];
    if (!response) return `status ${status} is not in the document`;
    const type = contentType.split(';')[0]!.trim();
    if (!response.content) return body ? `a body where the document says none` : null;
    const media = response.content[type];
    if (!media) return `content type ${type} is not in the document for ${status}`;
    if (type !== 'application/json') return null;
    const validate = validator(media.schema);
    if (validate(JSON.parse(body))) return null;
    return `the ${status} body breaks the document: ${ajv.errorsText(validate.errors)}`;
  };
}
