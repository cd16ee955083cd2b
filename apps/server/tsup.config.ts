import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { main: 'src/main.ts', cli: 'src/cli.ts', backup: 'src/backup/cli.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: true,
  // The contracts package is TypeScript source: bundle it. Everything else stays in node_modules.
  noExternal: ['@portal/contracts'],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
