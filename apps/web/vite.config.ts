import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

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
/** What the sign-in page runs: the entry and the pages of src/app/router.tsx a signed-out visitor sees. */
const SIGN_IN = [
  src('main.tsx'),
  src('features/auth/login-page.tsx'),
  src('features/auth/admin-login-page.tsx'),
  src('features/auth/register-page.tsx'),
];
const SHELL = src('app/shell/shell.tsx');
const INVESTOR_DASHBOARD = src('features/portfolio/dashboard-page.tsx');
const ADMIN_DASHBOARD = src('features/admin/dashboard-page.tsx');
const ICONS_CHUNK = 'signed-in-icons';

/**
 * The lucide icons of the signed-in shell and the dashboard in one chunk. Left to the bundler, each icon
 * becomes its own chunk of a few hundred bytes (one per combination of pages that use it), some 25
 * requests that queue 6 at a time on HTTP/1.1. Icons that the sign-in page also uses are left out, so
 * it does not load this chunk. Icons are imported through the package's index, so which page uses
 * which icon is read from the import statements.
 */
function signedInIcons() {
  let members: Set<string> | undefined;
  return {
    name: (
      id: string,
      ctx: { getModuleInfo(id: string): { code: string | null; importedIds: string[] } | null },
    ) => {
      if (!/[\\/]lucide-react[\\/]/.test(id)) return null;
      if (!members) {
        const namesToFile = new Map<string, string>();
        const iconsUsedBy = (roots: string[]) => {
          const names = new Set<string>();
          const seen = new Set<string>();
          const todo = [...roots];
          while (todo.length) {
            const next = todo.pop()!;
            if (seen.has(next)) continue;
            seen.add(next);
            const info = ctx.getModuleInfo(next);
            if (!info) continue;
            for (const dep of info.importedIds) {
              if (
                /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/.test(dep) &&
                !namesToFile.size
              ) {
                // export { default as ArrowRight, default as ArrowRightIcon, ... } from './icons/….mjs';
                const index = ctx.getModuleInfo(dep)?.code ?? '';
                for (const m of index.matchAll(/export\s*{([^}]*)}\s*from\s*'(\.\/icons\/[^']+)'/g))
                  for (const part of m[1]!.split(','))
                    namesToFile.set(
                      part
                        .trim()
                        .split(/\s+as\s+/)
                        .pop()!,
                      path.join(path.dirname(dep), m[2]!),
                    );
              }
              if (!dep.includes('node_modules')) todo.push(dep);
            }
            for (const m of (info.code ?? '').matchAll(/import\s*{([^}]*)}\s*from\s*["']lucide-react["']/g))
              for (const part of m[1]!.split(',')) {
                const name = part
                  .trim()
                  .split(/\s+as\s+/)[0]!
                  .replace(/^type\s+/, '');
                if (name) names.add(name);
              }
          }
          return new Set([...names].map((n) => namesToFile.get(n)).filter((f): f is string => !!f));
        };
        const signIn = iconsUsedBy(SIGN_IN);
        members = new Set([...iconsUsedBy([SHELL, INVESTOR_DASHBOARD])].filter((f) => !signIn.has(f)));
      }
      return members.has(id) ? ICONS_CHUNK : null;
    },
  };
}

/**
 * With a stored session, the page a reload or a new tab lands on needs the shell and the page's own
 * chunks, which the app only asks for once its entry has been downloaded and run, and which arrive as
 * dozens of small files (6 at a time on HTTP/1.1). A small classic script in the head asks for them
 * at once instead, as modulepreload hints, while the entry is still loading. Without a stored
 * session it does nothing, so the sign-in page loads no more than before.
 */
function preloadSignedIn(): Plugin {
  // The landing pages of the router (src/app/router.tsx): path -> the lazily loaded modules it shows.
  const pages: { path: string; modules: string[] }[] = [
    { path: '^/(dashboard/?)?$', modules: [SHELL, INVESTOR_DASHBOARD] },
    { path: '^/admin/?$', modules: [SHELL, ADMIN_DASHBOARD] },
    // Any other page behind the guard: at least its shell.
    { path: '^/(?!login/?$|admin-login/?$|register/?$)', modules: [SHELL] },
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
        // The sign-in page must not load what is meant for signed-in pages only, and the icons chunk must
        // not take part in an import cycle (its icons would run before what they import).
        for (const f of closure(SIGN_IN.map(chunkOf)))
          if (byName.get(f)?.name === ICONS_CHUNK) throw new Error(`the sign-in page would load ${f}`);
        for (const icons of chunks.filter((c) => c.name === ICONS_CHUNK))
          if (closure(icons.imports.map((f) => byName.get(f)!)).has(icons.fileName))
            throw new Error(`${icons.fileName} is part of an import cycle`);
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
          `    if (!localStorage.getItem('accessToken')) return;\n` +
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
          `      return;\n` +
          `    }\n` +
          `  } catch (e) {\n` +
          `    /* storage unavailable: the app loads what it needs itself */\n` +
          `  }\n` +
          `})();\n`;
        const hash = crypto.createHash('sha256').update(source).digest('base64url').slice(0, 8);
        const fileName = `assets/preload-${hash}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        const html = bundle['index.html'];
        if (html?.type !== 'asset') throw new Error('preload-signed-in: index.html not in the bundle');
        // Right after theme-init.js, so that it runs before the parser reaches the entry's tags.
        const marker = '<script src="/theme-init.js"></script>';
        if (!String(html.source).includes(marker)) throw new Error('preload-signed-in: no theme-init.js tag');
        html.source = String(html.source).replace(
          marker,
          `${marker}\n    <script src="/${fileName}"></script>`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadSignedIn(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only the icons themselves: what they import (React, the icon base) stays where it is.
          groups: [{ debugName: ICONS_CHUNK, includeDependenciesRecursively: false, ...signedInIcons() }],
        },
      },
    },
  },
});
