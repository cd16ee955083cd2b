import { describe, expect, it } from 'vitest';
import { allEndpoints, endpoints as registry } from '@portal/contracts';
import { routeTable, routeTableModule } from '../../route-table';

/** The module the production build puts in place of lib/endpoints.ts, loaded as the browser would. */
const built = async () =>
  (await import(
    /* @vite-ignore */ `data:text/javascript,${encodeURIComponent(routeTableModule(registry))}`
  )) as {
    endpoints: Record<string, Record<string, unknown>>;
    endpointById: (id: string) => unknown;
  };

describe("the production build's route table", () => {
  it('keeps every endpoint under its resource and name, with what the client reads of it', () => {
    const table = routeTable(registry);
    for (const [resource, group] of Object.entries(registry))
      for (const [name, e] of Object.entries(group))
        expect(table[resource]?.[name], e.id).toEqual({
          id: e.id,
          method: e.method,
          path: e.path,
          ...('reads' in e && { reads: e.reads }),
          ...('writes' in e && { writes: e.writes }),
        });
    expect(Object.values(table).flatMap((g) => Object.keys(g))).toHaveLength(allEndpoints.length);
  });

  it('leaves the schemas out', () => {
    const source = routeTableModule(registry);
    for (const key of ['"answer"', '"body"', '"query"', '"params"', '"summary"', 'zod'])
      expect(source).not.toContain(key);
  });

  it('decodes, when the page loads it, to the same table', async () => {
    expect((await built()).endpoints).toEqual(JSON.parse(JSON.stringify(routeTable(registry))));
  });

  it('answers endpointById as the registry does', async () => {
    const m = await built();
    for (const e of allEndpoints)
      expect(m.endpointById(e.id)).toMatchObject({ id: e.id, method: e.method, path: e.path });
    expect(m.endpointById('users.me')).toMatchObject({ method: 'GET', path: '/api/users/me' });
    expect(m.endpointById('no.such')).toBeUndefined();
    expect(m.endpoints.auth?.login).toMatchObject({
      id: 'auth.login',
      method: 'POST',
      path: '/api/auth/login',
    });
  });
});
