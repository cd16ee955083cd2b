/**
 * The endpoints the entry calls before any page has loaded: signing in, refreshing the session and the
 * signed-in user (`auth`, `users`). In development and in tests this is the registry itself; the
 * production build puts the route table of these two resources alone in its place (vite.config.ts),
 * so the sign-in page does not download the route of every endpoint, and `lib/endpoints.ts` (the whole
 * table, loaded with the signed-in pages) adds the others to `endpointById` when it loads.
 */
import { endpointById, endpoints as registry } from '@portal/contracts';

/** The resources the sign-in page's code may call (the build's table holds no others). */
export const SIGN_IN_RESOURCES = ['auth', 'users'] as const;

export const endpoints: Pick<typeof registry, (typeof SIGN_IN_RESOURCES)[number]> = registry;

export { endpointById };
