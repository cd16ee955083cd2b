/**
 * The message files of each language (`messages/<locale>/<namespace>.json`): one per web feature, one
 * for what the whole app shares, one for the emails and one for the PDFs. A new namespace is added here,
 * as a file in every language and in English's `index.ts` (the type of every language's messages).
 */
export const NAMESPACES = [
  'common',
  'auth',
  'portfolio',
  'projects',
  'documents',
  'media',
  'updates',
  'notifications',
  'profile',
  'stays',
  'distributions',
  'investments',
  'interest',
  'admin',
  'mail',
  'pdf',
  'validation',
  // Money in (issue 34): offerings, subscriptions, identity checks and signing; capital calls and bank files.
  'subscriptions',
  'reconciliation',
  // The privacy page (issue 36): what is stored and why, read signed in or not.
  'privacy',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * What the pages before sign-in say (the sign-in, registration and password pages): loaded before the first
 * paint. `validation` words the contracts' field problems (packages/contracts/src/validation.ts).
 */
export const SIGN_IN_NAMESPACES = ['common', 'auth', 'validation'] as const satisfies readonly Namespace[];

/** What only the server says (emails and PDFs): never sent to the browser. */
export const SERVER_NAMESPACES = ['mail', 'pdf'] as const satisfies readonly Namespace[];

/**
 * What a page that may be read signed in or out says, loaded by that page alone (a chunk per language):
 * the privacy page's long text is neither in the sign-in pages' bundle nor in the signed-in one.
 */
export const PAGE_NAMESPACES = ['privacy'] as const satisfies readonly Namespace[];

type NotApp =
  (typeof SIGN_IN_NAMESPACES)[number] | (typeof SERVER_NAMESPACES)[number] | (typeof PAGE_NAMESPACES)[number];

/** What the signed-in pages say beyond the sign-in pages: loaded with the shell's code. */
export const APP_NAMESPACES = NAMESPACES.filter(
  (ns): ns is Exclude<Namespace, NotApp> =>
    !(SIGN_IN_NAMESPACES as readonly Namespace[]).includes(ns) &&
    !(SERVER_NAMESPACES as readonly Namespace[]).includes(ns) &&
    !(PAGE_NAMESPACES as readonly Namespace[]).includes(ns),
);
