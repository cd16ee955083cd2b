import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { endpoints } from '@portal/contracts';
import { APP_NAMESPACES, SIGN_IN_NAMESPACES, type Namespace } from '@portal/i18n';
import { routeTableModule } from './route-table';
import { SIGN_IN_RESOURCES } from './src/lib/sign-in-endpoints';

/** Writes .gz and .br beside every text asset so the server can send them precompressed. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|map)$/.test(file) || file.endsWith('.map')) continue;
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

const src = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
const ENTRY = src('main.tsx');
/** The pages of src/app/router.tsx a signed-out visitor sees. */
const SIGN_IN_PAGES = [
  src('features/auth/login-page.tsx'),
  src('features/auth/admin-login-page.tsx'),
  src('features/auth/register-page.tsx'),
];
/** What the sign-in page runs: the entry and those pages. */
const SIGN_IN = [ENTRY, ...SIGN_IN_PAGES];
/** The route table of every endpoint, and that of the endpoints the sign-in page calls (routeTable). */
const ENDPOINTS = src('lib/endpoints.ts');
const SIGN_IN_ENDPOINTS = src('lib/sign-in-endpoints.ts');
/** The layout route of every page that reads through the query cache (src/app/router.tsx). */
const WITH_QUERIES = src('app/with-queries.tsx');
const SHELL = src('app/shell/shell.tsx');
const INVESTOR_DASHBOARD = src('features/portfolio/dashboard-page.tsx');
const ADMIN_DASHBOARD = src('features/admin/dashboard-page.tsx');
/** Sets the theme before the first paint; a file of its own for the dev server, joined to the preload by the build. */
const HEAD_INIT = fileURLToPath(new URL('./public/head-init.js', import.meta.url));
/** Loaded with the first toast (app/root.tsx). */
const TOASTER = src('components/ui/toaster.tsx');
const SIGNED_IN_CHUNK = 'signed-in';
const TANSTACK = /[\\/]node_modules[\\/]@tanstack[\\/]/;
const TOASTER_CHUNK = 'toaster';
const SIGN_IN_FORMS_CHUNK = 'sign-in-forms';
const QUERIES_CHUNK = 'queries';
/** A message file of packages/i18n: its language and namespace. */
const MESSAGES = /[\\/]packages[\\/]i18n[\\/]src[\\/]messages[\\/](\w+)[\\/](\w+)\.json$/;

interface ModuleGraph {
  getModuleInfo(id: string): { code: string | null; importedIds: string[]; exports: string[] } | null;
}

/** `export * from 's'`, `export * as N from 's'`, `export { a, b as c } from 's'`. */
const RE_EXPORT = /export\s*(?:\*\s*as\s+([\w$]+)|(\*)|{([^}]*)})\s*from\s*["']([^"']+)["']\s*;?/g;
/** `import * as n from 's'` and `import { a as n } from 's'`. */
const IMPORT = /import\s*(?:\*\s*as\s+([\w$]+)|{([^}]*)})\s*from\s*["']([^"']+)["']\s*;?/g;
/** `export { n as e, m }` (of imported bindings). */
const LOCAL_EXPORT = /export\s*{([^}]*)}\s*;?/g;
const DIRECTIVE = /^\s*["']use \w+["']\s*;?/gm;
/** `import { a, b as c } from 's'` and the same re-exported: the names asked of 's'. */
const NAMED_IMPORT = /(?:import|export)\s*(?:[\w$]+\s*,\s*)?{([^}]*)}\s*from\s*["'][^"']+["']/g;
/** `import * as n from 's'`: everything 's' exports. */
const NAMESPACE_IMPORT = /import\s*\*\s*as\s+[\w$]+\s+from\s*["']([^"']+)["']/g;
const stripComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
/** 'a', 'b as c', 'default as d' -> [name in the source, name exported]. */
const specifiers = (list: string) =>
  list
    .split(',')
    .map((p) => p.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((p) => {
      const [from, as] = p.split(/\s+as\s+/);
      return [from!, as ?? from!] as const;
    });

/** The module a specifier written in `from` names, among those it imports. */
function resolveIn(from: string, spec: string, importedIds: string[]): string | undefined {
  if (spec.startsWith('.')) {
    const base = path.resolve(path.dirname(from), spec).replace(/\.[mc]?[jt]sx?$/, '');
    return importedIds.find(
      (id) => id.replace(/\.[mc]?[jt]sx?$/, '') === base || id.startsWith(`${base}/index.`),
    );
  }
  return importedIds.find((id) => id.includes(`${path.sep}node_modules${path.sep}${spec}${path.sep}`));
}

/** A barrel's exports: per re-exported module, the names it gives (null: all of that module's). */
type Barrel = { names: string[] | null; id: string }[];

/**
 * The exports of a module made only of re-exports (lucide-react's, radix-ui's and the contracts'
 * index), or null for any other module.
 */
function readBarrel(id: string, source: string, importedIds: string[]): Barrel | null {
  const code = stripComments(source).replace(DIRECTIVE, '');
  const barrel: Barrel = [];
  const locals = new Map<string, string>();
  for (const m of code.matchAll(RE_EXPORT)) {
    const target = resolveIn(id, m[4]!, importedIds);
    if (!target) return null;
    barrel.push({ id: target, names: m[1] ? [m[1]] : m[2] ? null : specifiers(m[3]!).map((s) => s[1]) });
  }
  for (const m of code.matchAll(IMPORT)) {
    const target = resolveIn(id, m[3]!, importedIds);
    if (!target) return null;
    for (const local of m[1] ? [m[1]] : specifiers(m[2]!).map((s) => s[1])) locals.set(local, target);
  }
  for (const m of code.replace(RE_EXPORT, '').matchAll(LOCAL_EXPORT))
    for (const [local, exported] of specifiers(m[1]!)) {
      const target = locals.get(local);
      if (!target) return null;
      barrel.push({ id: target, names: [exported] });
    }
  const rest = code.replace(RE_EXPORT, '').replace(IMPORT, '').replace(LOCAL_EXPORT, '').trim();
  return barrel.length && !rest ? barrel : null;
}

/**
 * The modules that `roots` run without a dynamic import. A barrel (a module made only of re-exports,
 * such as lucide-react's, radix-ui's or the contracts' index) is followed only to the modules whose
 * names are imported somewhere in the set, as the bundler's tree-shaking does; following all of it
 * would count every icon or primitive as loaded wherever one of them is.
 */
function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const names = new Set<string>();
  const whole = new Set<string>();
  const barrels = new Map<string, Barrel>();
  const todo = [...roots];
  for (;;) {
    while (todo.length) {
      const id = todo.pop()!;
      if (seen.has(id)) continue;
      const info = graph.getModuleInfo(id);
      if (!info) continue;
      seen.add(id);
      const barrel = readBarrel(id, info.code ?? '', info.importedIds);
      if (barrel) {
        barrels.set(id, barrel);
        continue;
      }
      const code = stripComments(info.code ?? '');
      for (const m of code.matchAll(NAMED_IMPORT)) for (const [name] of specifiers(m[1]!)) names.add(name);
      for (const m of code.matchAll(NAMESPACE_IMPORT)) {
        const target = resolveIn(id, m[1]!, info.importedIds);
        if (target) whole.add(target);
      }
      todo.push(...info.importedIds);
    }
    // Follow what the barrels give that is asked for; newly reached modules may ask for more.
    for (const [barrel, targets] of barrels)
      for (const t of targets) {
        if (seen.has(t.id)) continue;
        const given = t.names ?? graph.getModuleInfo(t.id)?.exports ?? [];
        if (whole.has(barrel) || given.some((n) => names.has(n))) todo.push(t.id);
      }
    if (!todo.length) return seen;
  }
}

/**
 * Three chunks instead of dozens. Left to the bundler, the signed-in pages' code comes as some thirty
 * small chunks (one per combination of pages sharing a module, each icon its own), which queue six at a
 * time on HTTP/1.1: the dashboard's second wave of requests took 200 ms. Instead:
 * - signed-in: everything the shell and the investor dashboard run that the sign-in page does not;
 * - sign-in-forms: what the sign-in pages run beyond the entry (form parts, the query library), which
 *   the signed-in pages share;
 * - toaster: what the toasts run beyond the sign-in pages (Radix Toast and the layers it shares with
 *   the shell's dialogs), so that a toast on the sign-in page does not load the signed-in chunk;
 * - queries: the query library (TanStack Query, hooks included) and the layout that provides its cache
 *   (app/with-queries.tsx), which the sign-in pages do not run: every page that reads through the cache
 *   loads it, the signed-out ones (unsubscribe) without the signed-in chunk.
 * Each page keeps its own chunk for what only it runs; the returns chart and other lazily loaded parts
 * stay apart. Dependencies are not pulled into a group (the sets are complete), so nothing the sign-in
 * page runs ends up in the signed-in chunk (preloadSignedIn checks it).
 */
function chunkGroups() {
  let sets: Map<string, string> | undefined;
  const chunkOf = (id: string, graph: ModuleGraph) => {
    if (!sets) {
      const entry = staticClosure(graph, [ENTRY]);
      const signIn = staticClosure(graph, SIGN_IN);
      sets = new Map();
      for (const m of signIn)
        if (!entry.has(m) && !SIGN_IN_PAGES.includes(m)) sets.set(m, SIGN_IN_FORMS_CHUNK);
      for (const m of staticClosure(graph, [TOASTER])) if (!signIn.has(m)) sets.set(m, TOASTER_CHUNK);
      const queries = staticClosure(graph, [WITH_QUERIES]);
      for (const m of staticClosure(graph, [WITH_QUERIES, SHELL, INVESTOR_DASHBOARD]))
        if (!signIn.has(m) && !sets.has(m) && (queries.has(m) || TANSTACK.test(m)))
          sets.set(m, QUERIES_CHUNK);
      for (const m of staticClosure(graph, [SHELL, INVESTOR_DASHBOARD]))
        if (!signIn.has(m) && !sets.has(m)) sets.set(m, SIGNED_IN_CHUNK);
    }
    return sets.get(id) ?? messagesChunk(id);
  };
  return [
    ...[SIGNED_IN_CHUNK, SIGN_IN_FORMS_CHUNK, TOASTER_CHUNK, QUERIES_CHUNK].map((chunk) => ({
      debugName: chunk,
      includeDependenciesRecursively: false,
      name: (id: string, graph: ModuleGraph) => (chunkOf(id, graph) === chunk ? chunk : null),
    })),
    {
      debugName: 'messages',
      includeDependenciesRecursively: false,
      name: (id: string) => {
        const chunk = messagesChunk(id);
        return chunk === SIGNED_IN_CHUNK ? null : chunk;
      },
    },
  ];
}

/**
 * The chunk of a message file (apps/web/src/lib/i18n.ts loads them by language and part): English
 * sign-in messages are in the entry, the rest of English in the signed-in chunk (the shell asks for
 * them with its code, which the head script preloads); every other language comes as two chunks, what
 * the sign-in pages say and what the signed-in pages say. The server's own (emails, PDFs) are in none.
 */
function messagesChunk(id: string): string | null {
  const [, locale, ns] = MESSAGES.exec(id) ?? [];
  if (!locale || !ns) return null;
  const signIn = (SIGN_IN_NAMESPACES as readonly string[]).includes(ns);
  const app = (APP_NAMESPACES as readonly Namespace[]).some((n) => n === ns);
  if (locale === 'en') return app ? SIGNED_IN_CHUNK : null;
  return signIn ? `messages-${locale}` : app ? `messages-${locale}-app` : null;
}

/**
 * With a stored session, the page a reload or a new tab lands on needs the shell and the page's own
 * chunks, which the app only asks for once its entry has been downloaded and run. A small classic
 * script in the page's head asks for them at once instead, as modulepreload hints, while the entry is
 * still loading, and starts reading the signed-in user. Without a stored session it does nothing, so the
 * sign-in page loads no more than before.
 */
function preloadSignedIn(): Plugin {
  // The landing pages of the router (src/app/router.tsx): path -> the lazily loaded modules it shows.
  const pages: { path: string; modules: string[] }[] = [
    { path: '^/(dashboard/?)?$', modules: [WITH_QUERIES, SHELL, INVESTOR_DASHBOARD] },
    { path: '^/admin/?$', modules: [WITH_QUERIES, SHELL, ADMIN_DASHBOARD] },
    // Any other page behind the guard: at least its shell (not the public pages a signed-out visitor opens).
    {
      path: '^/(?!login/?$|admin-login/?$|register/?$|forgot-password/?$|reset-password/?$|unsubscribe/?$)',
      modules: [WITH_QUERIES, SHELL],
    },
  ];
  return {
    name: 'preload-signed-in',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (from: Rollup.OutputChunk[]) => {
          const seen = new Set<string>();
          const todo = from.map((c) => c.fileName);
          while (todo.length) {
            const name = todo.shift()!;
            if (seen.has(name)) continue;
            seen.add(name);
            todo.push(...(byName.get(name)?.imports ?? []));
          }
          return seen;
        };
        const chunkOf = (m: string) => {
          // The chunk that import() of the module loads (the module may share it with others).
          const chunk =
            chunks.find((c) => c.facadeModuleId === m) ?? chunks.find((c) => c.moduleIds.includes(m));
          if (!chunk) throw new Error(`preload-signed-in: no chunk for ${m}`);
          return chunk;
        };
        // The entry and its static imports are in the HTML already.
        const initial = closure(chunks.filter((c) => c.isEntry));
        // The sign-in page must not load what is meant for signed-in pages only, and the signed-in chunk
        // must not take part in an import cycle (its modules would run before what they import).
        for (const f of closure(SIGN_IN.map(chunkOf))) {
          if (byName.get(f)?.name === SIGNED_IN_CHUNK) throw new Error(`the sign-in page would load ${f}`);
          // Nor the query library (about 10 kB gzip): the sign-in page reads nothing through its cache.
          const query = byName.get(f)?.moduleIds.find((m) => TANSTACK.test(m));
          if (query) throw new Error(`the sign-in page would load the query library (${f}, from ${query})`);
          // zod (with the contracts' schemas, about 40 kB gzip) is loaded by the pages that validate with
          // it, never by the sign-in page's first load: its budget is in bench/run.ts.
          const zod = byName.get(f)?.moduleIds.find((m) => /[\\/]node_modules[\\/]zod[\\/]/.test(m));
          if (zod) throw new Error(`the sign-in page would load zod (${f}, from ${zod})`);
          // Nor the route table of every endpoint (routeTable).
          if (byName.get(f)?.moduleIds.includes(ENDPOINTS))
            throw new Error(
              `the sign-in page would load the whole route table (${f}); use lib/sign-in-endpoints`,
            );
        }
        for (const own of chunks.filter((c) => c.name === SIGNED_IN_CHUNK))
          if (closure(own.imports.map((f) => byName.get(f)!)).has(own.fileName))
            throw new Error(`${own.fileName} is part of an import cycle`);
        // Chunk names (without /assets/ and .js) once, and per page the indices of those it needs.
        const files: string[] = [];
        const table = pages.map(({ path: pattern, modules }) => {
          const needed = [...closure(modules.map(chunkOf))].filter((f) => !initial.has(f));
          for (const f of needed) {
            if (!/^assets\/[^/]+\.js$/.test(f)) throw new Error(`preload-signed-in: unexpected chunk ${f}`);
            if (!files.includes(f)) files.push(f);
          }
          return [pattern, needed.map((f) => files.indexOf(f))] as const;
        });
        const names = files.map((f) => f.slice('assets/'.length, -'.js'.length));
        const source =
          `// Generated by apps/web/vite.config.ts (preloadSignedIn).\n` +
          `(function () {\n` +
          `  try {\n` +
          `    var token = localStorage.getItem('accessToken');\n` +
          `    if (!token) return;\n` +
          `    var files = ${JSON.stringify(names)};\n` +
          `    var table = ${JSON.stringify(table)};\n` +
          `    for (var i = 0; i < table.length; i++) {\n` +
          `      if (!new RegExp(table[i][0]).test(location.pathname)) continue;\n` +
          `      table[i][1].forEach(function (f) {\n` +
          `        var link = document.createElement('link');\n` +
          `        link.rel = 'modulepreload';\n` +
          `        link.crossOrigin = '';\n` +
          `        link.href = '/assets/' + files[f] + '.js';\n` +
          `        document.head.appendChild(link);\n` +
          `      });\n` +
          // The signed-in user, read now rather than once the entry has run (queries/session.tsx takes
          // it), unless the server embedded it in the page (ADR 023, lib/first-load.ts).
          `      if (document.getElementById('portal-first-load')) return;\n` +
          `      window.__portalMe = {\n` +
          `        token: token,\n` +
          `        answer: fetch('/api/users/me', { headers: { authorization: 'Bearer ' + token } })\n` +
          `          .then(function (r) { return r.ok ? r.json() : null; })\n` +
          `          .catch(function () { return null; })\n` +
          `      };\n` +
          `      return;\n` +
          `    }\n` +
          `  } catch (e) {\n` +
          `    /* storage unavailable: the app loads what it needs itself */\n` +
          `  }\n` +
          `})();\n`;
        const html = bundle['index.html'];
        if (html?.type !== 'asset') throw new Error('preload-signed-in: index.html not in the bundle');
        // Both head scripts in one file, theme first: one request that blocks the parser instead of two,
        // cached for good under its hash. Not inline: the CSP allows no inline script at all.
        const marker = '<script src="/head-init.js"></script>';
        if (!String(html.source).includes(marker)) throw new Error('preload-signed-in: no head-init.js tag');
        const head = `${fs.readFileSync(HEAD_INIT, 'utf8').trim()}\n${source}`;
        const fileName = `assets/head-${crypto.createHash('sha256').update(head).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source: head });
        html.source = String(html.source).replace(marker, `<script src="/${fileName}"></script>`);
      },
    },
  };
}

/**
 * In the production build, `src/lib/endpoints.ts` (the registry, schemas included) is replaced by a
 * table of each endpoint's id, method, path and tables, which is all the client reads at run time. The
 * registry's schemas and zod cost the sign-in page about 41 kB of its JS (gzip); forms that validate
 * with a contract's schema still import it, and load it with their page. The sign-in page's code reads
 * `src/lib/sign-in-endpoints.ts`, whose table holds the sign-in resources alone (1.0 kB gzip of the
 * whole table's 3.8 kB, in November 2026): the whole table grows with every feature, and comes with the
 * signed-in pages (preloadSignedIn checks that the sign-in page does not load it).
 */
function routeTable(): Plugin {
  const signIn = Object.fromEntries(SIGN_IN_RESOURCES.map((r) => [r, endpoints[r]]));
  return {
    name: 'route-table',
    apply: 'build',
    load(id) {
      if (id === ENDPOINTS) return routeTableModule(endpoints, SIGN_IN_ENDPOINTS);
      if (id === SIGN_IN_ENDPOINTS) return routeTableModule(signIn);
      return null;
    },
  };
}

/**
 * React Router's package exports resolve to its development build in every mode (its dev warnings and
 * checks cost about 100 ms of main-thread time on the dashboard's first load here); a production
 * build takes the production build it ships beside it.
 */
function reactRouterProduction() {
  const dir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  const file = path.join(dir, 'dist/production/index.mjs');
  if (!fs.existsSync(file)) throw new Error(`react-router: no production build at ${file}`);
  return [{ find: /^react-router$/, replacement: file }];
}

/**
 * English API errors are not bundled: in English the web app shows the server's own message, which is
 * the English of its code (errorText, src/lib/api.ts), so `errors` of the English message files is the
 * server's alone (about 1 kB gzip of the sign-in page's JS, more of the signed-in chunk). The English
 * validation messages stay: the contracts' schemas take their texts from them (packages/contracts/src/
 * validation.ts), in the browser too.
 */
function withoutEnglishErrors(): Plugin {
  return {
    name: 'without-english-errors',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const [, locale, ns] = MESSAGES.exec(id) ?? [];
      if (locale !== 'en' || ns === 'validation') return null;
      const { errors: _errors, ...rest } = JSON.parse(code) as Record<string, unknown>;
      return { code: JSON.stringify(rest), map: null };
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [withoutEnglishErrors(), routeTable(), react(), tailwindcss(), preloadSignedIn(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? reactRouterProduction() : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    // Source maps are written for debugging a production report but not announced in the scripts (no
    // sourceMappingURL comment), and the server does not serve them: the source stays off the web.
    sourcemap: 'hidden',
    rolldownOptions: {
      // A schema nobody uses is dropped rather than built at load: building the contracts' zod schemas
      // cost the dashboard's first load about 80 ms of main-thread time.
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: chunkGroups(),
        },
      },
    },
  },
}));
