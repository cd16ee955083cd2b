import { describe, expect, it } from 'vitest';
import { allEndpoints, endpoints as registry } from '@portal/contracts';
import { routeTable, routeTableModule } from '../../route-table';
import { SIGN_IN_RESOURCES } from './sign-in-endpoints';

interface Built {
  endpoints: Record<string, Record<string, unknown>>;
  endpointById: (id: string) => unknown;
  addEndpoints: (table: unknown) => void;
}
/** A module the production build puts in place of lib/endpoints.ts, loaded as the browser would. */
const load = async (source: string) =>
  (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(source)}`)) as Built;
const built = () => load(routeTableModule(registry));
/** The one in place of lib/sign-in-endpoints.ts: the sign-in page's resources alone. */
const signIn = () =>
  load(routeTableModule(Object.fromEntries(SIGN_IN_RESOURCES.map((r) => [r, registry[r]]))));

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

  it('gives the sign-in page the routes of its resources alone, and the others once the whole table loads', async () => {
    const m = await signIn();
    expect(Object.keys(m.endpoints).sort()).toEqual([...SIGN_IN_RESOURCES].sort());
    expect(m.endpointById('auth.refresh')).toMatchObject({ path: '/api/auth/refresh' });
    expect(m.endpointById('users.me')).toMatchObject({ path: '/api/users/me' });
    const other = allEndpoints.find(
      (e) => !(SIGN_IN_RESOURCES as readonly string[]).includes(e.id.split('.')[0]!),
    )!;
    expect(m.endpointById(other.id)).toBeUndefined();
    // What the whole table does when it loads (its module imports the sign-in one's addEndpoints).
    m.addEndpoints((await built()).endpoints);
    for (const e of allEndpoints) expect(m.endpointById(e.id)).toMatchObject({ id: e.id, path: e.path });
    // A data: URL cannot import a file, so the whole table's own import is checked in its text.
    const whole = routeTableModule(registry, '/src/lib/sign-in-endpoints.ts');
    expect(whole).toContain('import { addEndpoints as addToSignIn } from "/src/lib/sign-in-endpoints.ts"');
    expect(whole).toContain('addToSignIn(endpoints);');
    expect(routeTableModule(registry)).not.toContain('addToSignIn');
  });
});
