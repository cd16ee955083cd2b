/**
 * The registry as the web app calls it (ADR 013). In development and in tests this is the registry
 * itself, schemas included, so the client checks every answer against its declaration. The production
 * build puts a table of each endpoint's id, method, path and tables in its place (`routeTable` in
 * vite.config.ts): what the client reads at run time. The schemas, and zod with them, then stay out of
 * the sign-in page's code, and so does this table: the entry reads `lib/sign-in-endpoints.ts`, and this
 * module, loaded with the first signed-in page, adds its endpoints to that module's `endpointById`.
 */
export { endpointById, endpoints } from '@portal/contracts';
