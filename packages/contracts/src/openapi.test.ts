import { describe, expect, it } from 'vitest';
import { uuidString } from './common';
import { allEndpoints, endpoints } from './endpoints';
import { openApiDocument } from './openapi';

interface Schema {
  type?: string | string[];
  format?: string;
  multipleOf?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  if?: Schema;
  then?: Schema;
  else?: Schema;
  const?: unknown;
  exclusiveMinimum?: number;
}
interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

const doc = openApiDocument(allEndpoints, { title: 'Test', version: '0', description: 'Test' });
const operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops)) as Operation[];
const operation = (id: string) => {
  const op = operations.find((o) => o.operationId === id);
  if (!op) throw new Error(`no operation ${id}`);
  return op;
};
const parameter = (id: string, name: string) => operation(id).parameters?.find((p) => p.name === name);
const jsonBody = (id: string) => operation(id).requestBody!.content['application/json']!.schema;

/** The schema itself, or its non-null branch (`x | null` is an anyOf). */
const nonNull = (s: Schema): Schema => s.anyOf?.find((b) => b.type !== 'null') ?? s;

/** Where, in every JSON answer, a property named `name` is not `format: uuid`. */
function notUuid(name: string): string[] {
  const found = new Set<string>();
  const walk = (s: Schema | undefined, at: string) => {
    if (!s) return;
    for (const [k, v] of Object.entries(s.properties ?? {})) {
      if (k === name && nonNull(v).format !== 'uuid') found.add(`${at}.${k}`);
      walk(v, `${at}.${k}`);
    }
    walk(s.items, `${at}[]`);
    for (const b of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) walk(b, at);
  };
  for (const op of operations)
    for (const [status, r] of Object.entries(op.responses))
      walk(r.content?.['application/json']?.schema, `${op.operationId} ${status}`);
  return [...found].sort();
}

describe('the OpenAPI document', () => {
  it('marks projectId required where the handler requires it', () => {
    for (const id of ['updates.list', 'bookings.list', 'bookings.adminList', 'media.list', 'documents.list'])
      expect(parameter(id, 'projectId'), id).toMatchObject({ in: 'query', required: true });
    // The admin's media list takes every project without one.
    expect(parameter('media.adminList', 'projectId')?.required).toBe(false);
    // A media item's project comes in its form or JSON body.
    const create = operation('media.create').requestBody!.content;
    expect(create['multipart/form-data']!.schema.required).toContain('projectId');
    expect(create['application/json']!.schema.required).toContain('projectId');
  });

  it('leaves the check of a missing projectId to the handler, so that its message stays exact', () => {
    for (const e of [endpoints.updates.list, endpoints.bookings.list, endpoints.documents.list])
      expect(e.query.safeParse({}).success, e.id).toBe(true);
  });

  it('names only query parameters and fields that exist as required', () => {
    for (const e of allEndpoints.filter((x) => x.requiredQuery || x.multipart?.required)) {
      const query = (operation(e.id).parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      for (const name of e.requiredQuery ?? []) expect(query, e.id).toContain(name);
      const form = operation(e.id).requestBody?.content['multipart/form-data']?.schema;
      for (const name of e.multipart?.required ?? [])
        expect(Object.keys(form?.properties ?? {})).toContain(name);
    }
  });

  it('types the ids of answers as UUIDs, all but the audit entries and the usage lines', () => {
    expect(notUuid('_id')).toEqual([
      // audit_log.id is a bigserial.
      'adminDashboard.get 200.data.recentActivity[]._id',
      'audit.list 200.data[]._id',
      // '<booking id>:<status>', one line per step of a request.
      'perks.usage 200.usage.recentActivity[]._id',
    ]);
    const booking =
      operation('bookings.create').responses['201']!.content!['application/json']!.schema.properties!.data!
        .properties!;
    for (const k of ['_id', 'projectId', 'userId']) expect(booking[k]!.format, k).toBe('uuid');
    const doc =
      operation('documents.list').responses['200']!.content!['application/json']!.schema.properties!
        .documents!.items!.properties!;
    expect(nonNull(doc.userId!).format).toBe('uuid');
  });

  it('types the ids of the perks paths as UUIDs', () => {
    for (const [id, names] of [
      ['perks.list', ['projectId']],
      ['perks.update', ['projectId', 'perkId']],
      ['perks.setAllowance', ['projectId', 'userId']],
    ] as const)
      for (const name of names)
        expect(parameter(id, name), `${id} ${name}`).toMatchObject({
          in: 'path',
          required: true,
          schema: { type: 'string', format: 'uuid' },
        });
  });

  it('keeps parsing answers as before: a uuid-typed answer field takes any string', () => {
    expect(uuidString.parse('n1')).toBe('n1');
    expect(endpoints.perks.update.params.parse({ projectId: 'x', perkId: 'y' })).toEqual({
      projectId: 'x',
      perkId: 'y',
    });
  });

  it('says that money amounts have at most two decimals', () => {
    expect(nonNull(jsonBody('bookings.create').properties!.rentalPrice!).multipleOf).toBe(0.01);
    expect(jsonBody('returns.add').properties!.amount!.multipleOf).toBe(0.01);
    expect(jsonBody('returns.update').properties!.amount!.multipleOf).toBe(0.01);
    const investment = jsonBody('users.update').properties!.investments!.items!.properties!;
    expect(investment.amount!.multipleOf).toBe(0.01);
    expect(investment.returns!.multipleOf).toBe(0.01);
    const opportunity = jsonBody('projects.setOpportunity').properties!;
    for (const k of ['targetAmount', 'currentCommitments', 'minimumInvestment', 'maximumInvestment'])
      expect(opportunity[k]!.multipleOf, k).toBe(0.01);
  });

  it('says that a gift needs a recipient and a rental a price above 0', () => {
    const body = jsonBody('bookings.create');
    expect(body.if).toEqual({ properties: { type: { const: 'gift' } }, required: ['type'] });
    expect(body.then?.required).toEqual(['giftRecipient']);
    expect(body.then?.properties?.giftRecipient).toEqual({ type: 'string', minLength: 1 });
    expect(body.else?.if).toEqual({ properties: { type: { const: 'rental' } }, required: ['type'] });
    expect(body.else?.then?.required).toEqual(['rentalPrice']);
    expect(body.else?.then?.properties?.rentalPrice).toEqual({ type: 'number', exclusiveMinimum: 0 });
    // The same rules as the schema applies.
    const input = endpoints.bookings.create.body;
    const base = { projectId: '6f1c2a9e-3b4d-4c5e-8f70-112233445566', dates: ['2030-01-02'] };
    expect(input.safeParse({ ...base, type: 'gift' }).success).toBe(false);
    expect(input.safeParse({ ...base, type: 'gift', giftRecipient: 'a@b.co' }).success).toBe(true);
    expect(input.safeParse({ ...base, type: 'rental' }).success).toBe(false);
    expect(input.safeParse({ ...base, type: 'rental', rentalPrice: 12.5 }).success).toBe(true);
    expect(input.safeParse({ ...base, type: 'rental', rentalPrice: 12.505 }).success).toBe(false);
  });
});
