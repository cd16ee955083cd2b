import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { endpoints } from '@portal/contracts';

/**
 * One domain, one name (issue 32): each registry group is served by exactly one server module,
 * `modules/**\/<kebab(group)>/routes.ts`, and read by exactly one web query module,
 * `apps/web/src/queries/<kebab(group)>.ts`.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const modulesDir = path.join(here, 'modules');
const webSrc = path.resolve(here, '../../web/src');

/** Groups no screen reads: the health checks, the API's own documentation and the ledger's check (an API for scripts). */
const NO_WEB_READER = new Set(['health', 'docs', 'ledger']);

/** The API's documentation is served by the plugin that derives it (plugins/openapi.ts), not by a module. */
const NOT_A_MODULE = new Set(['docs']);

/**
 * The session plumbing: the sign-in page must not load the query library (apps/web/vite.config.ts), so
 * signing in, refreshing the token and reading the signed-in user are plain calls outside auth.ts and
 * users.ts. They may name the auth and users groups besides their query modules.
 */
const SESSION_PLUMBING = new Set(['lib/session.ts', 'queries/session.tsx', 'queries/sign-in.ts']);

const kebab = (group: string) => group.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? walk(p) : [p];
  });
}

const isSource = (f: string) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f);

/** The groups a file names as `endpoints.<group>`. */
const groupsIn = (file: string) =>
  new Set([...fs.readFileSync(file, 'utf8').matchAll(/\bendpoints\.([A-Za-z]+)\b/g)].map((m) => m[1]!));

const groups = Object.keys(endpoints);

const serverFiles = walk(modulesDir).filter(isSource);
const webFiles = walk(webSrc).filter(isSource);

describe('the endpoint registry: one domain, one name', () => {
  it.each(groups.filter((g) => !NOT_A_MODULE.has(g)))(
    '%s is served by one server module of its name',
    (group) => {
      const folders = new Set(
        serverFiles
          .filter((f) => groupsIn(f).has(group))
          .map((f) => path.relative(modulesDir, path.dirname(f)).split(path.sep).join('/')),
      );
      const expected = [...folders].filter((f) => path.posix.basename(f) === kebab(group));
      expect(
        [...folders],
        `group ${group}: served from ${[...folders].join(', ') || 'no module'}; expected one folder modules/**/${kebab(group)}`,
      ).toEqual(expected.length === 1 ? expected : [`**/${kebab(group)}`]);
      // Served through its routes.ts.
      expect(
        fs.existsSync(path.join(modulesDir, expected[0]!, 'routes.ts')),
        `group ${group}: no routes.ts`,
      ).toBe(true);
    },
  );

  it('no two server module folders share a name', () => {
    const names = walk(modulesDir)
      .filter((f) => path.basename(f) === 'routes.ts')
      .map((f) => path.basename(path.dirname(f)));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it.each(groups.filter((g) => !NO_WEB_READER.has(g)))(
    '%s is read by one web query module of its name',
    (group) => {
      const readers = webFiles
        .map((f) => path.relative(webSrc, f).split(path.sep).join('/'))
        .filter((f) => !SESSION_PLUMBING.has(f) && groupsIn(path.join(webSrc, f)).has(group));
      expect(readers, `group ${group}: read by ${readers.join(', ') || 'nothing'}`).toEqual([
        `queries/${kebab(group)}.ts`,
      ]);
    },
  );

  it('the groups without a web reader are read by nothing in the web app', () => {
    for (const group of NO_WEB_READER)
      expect(
        webFiles.filter((f) => groupsIn(f).has(group)).map((f) => path.relative(webSrc, f)),
        group,
      ).toEqual([]);
  });
});
