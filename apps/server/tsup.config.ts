import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    main: 'src/main.ts',
    worker: 'src/worker.ts',
    cli: 'src/cli.ts',
    backup: 'src/backup/cli.ts',
    reseal: 'src/secrets/cli.ts',
  },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  splitting: true,
  // Everything is bundled, dependencies included: loading them one by one from node_modules (resolving,
  // reading package.json files, compiling hundreds of modules) took most of a cold start (880 ms on
  // PostgreSQL; 525 ms bundled). Left out: argon2 (a native addon), PGlite (loads its WebAssembly and
  // data files from beside itself) and pg's optional native binding.
  noExternal: [/^(?!argon2$|@electric-sql\/pglite|pg-native$)/],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
