/**
 * The registry as the web app calls it (ADR 013). In development and in tests this is the registry
 * itself, schemas included, so the client checks every answer against its declaration. The production
 * build puts a table of each endpoint's id, method, path and tables in its place (`routeTable` in
 * vite.config.ts): what the client reads at run time. The schemas, and zod with them, then stay out of
 * the sign-in page's code.
 */
export { endpointById, endpoints } from '@portal/contracts';
