// @ts-check
/**
 * Import boundaries that hold the shape of the code (`npm run lint:deps`):
 * - no import circles anywhere, which also forbids two server modules importing each other;
 * - the contracts are plain TypeScript shared by the browser and the server: no Node builtins, no
 *   React, Fastify or Drizzle, nothing from the apps;
 * - the web app and the server never import each other (they share only the contracts).
 * ESLint's boundary rule keeps the web app's features apart.
 */
/**
 * The server's shared services: modules every domain may use (who may see what, the audit log, notifications,
 * email, settings, the locks on final money, the ledger, an investor's holdings, uploaded files, the checks of a user's credentials,
 * the matching of bank files to the call lines and payouts they pay, and funding). They import
 * no domain module.
 */
const SHARED_SERVICES = [
  'access',
  'audit',
  'notifications',
  'mail',
  'settings',
  'locks',
  'ledger',
  'portfolio',
  'files',
  'credentials',
  'reconciliation',
].join('|');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import circle (two modules or files that import each other, directly or through others). Move the shared piece to a lower module or to lib/.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      severity: 'error',
      scope: 'folder',
      comment:
        'Two folders (two server modules, two web features) that import each other, directly or through others. Move the shared piece down.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'contracts-no-node-builtins',
      severity: 'error',
      comment: 'The contracts run in the browser too: no Node builtins.',
      from: { path: '^packages/contracts/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contracts-no-frameworks',
      severity: 'error',
      comment: 'The contracts hold schemas and domain rules only: no React, Fastify or Drizzle.',
      from: { path: '^packages/contracts/' },
      to: { path: '(^|/)node_modules/(react|react-dom|fastify|@fastify/[^/]+|drizzle-orm|drizzle-kit)/' },
    },
    {
      name: 'contracts-no-apps',
      severity: 'error',
      comment: 'The contracts are the lowest layer: they import nothing from the apps.',
      from: { path: '^packages/contracts/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP only; what both need lives in the contracts.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'The server does not import the web app; what both need lives in the contracts.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    // The server's layers: domain modules (serve routes) > shared services > infrastructure > db, lib.
    {
      name: 'server-domains-apart',
      severity: 'error',
      comment:
        'A domain module imports no other domain module, only its own folder and the shared services (see SHARED_SERVICES). Move what two domains share into a shared service, or into lib/.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: { path: '^apps/server/src/modules/', pathNot: `^apps/server/src/modules/($1|${SHARED_SERVICES})/` },
    },
    {
      name: 'server-routes-from-app',
      severity: 'error',
      comment: 'Only app.ts registers a module’s routes; nothing else imports a routes.ts.',
      from: { pathNot: '^apps/server/src/app\\.ts$' },
      to: { path: '^apps/server/src/modules/.+/routes\\.ts$' },
    },
    {
      name: 'server-infrastructure-below-domains',
      severity: 'error',
      comment:
        'Plugins, the job queue, the mailer and backups sit below the domain modules: they may use the shared services, never a domain.',
      from: { path: '^apps/server/src/(plugins|jobs|mail|backup|storage)/' },
      to: { path: '^apps/server/src/modules/', pathNot: `^apps/server/src/modules/(${SHARED_SERVICES})/` },
    },
    {
      name: 'server-db-and-lib-at-the-bottom',
      severity: 'error',
      comment:
        'db/ and lib/ are the lowest layer of the server: they import no module, plugin, job or mail code.',
      from: { path: '^apps/server/src/(db|lib)/' },
      to: { path: '^apps/server/src/(modules|plugins|jobs|mail|backup)/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing.',
      from: { path: '^(apps|packages)/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests and their helpers import the whole app (and so every module); the boundaries are about the
    // code that ships.
    exclude: { path: ['(^|/)(dist|coverage|data)/', '\\.test\\.tsx?$', '^apps/[^/]+/test/'] },
    tsPreCompilationDeps: true,
    // The web app's `@/` alias (the other workspaces use relative paths and `@portal/contracts`).
    tsConfig: { fileName: `${__dirname}/tsconfig.dependency-cruiser.json` },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
