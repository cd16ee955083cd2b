/**
 * The message files of each language (`messages/<locale>/<namespace>.json`): one per web feature, one
 * for what the whole app shares, one for the emails and one for the PDFs. A new namespace is added here,
 * as a file in every language and in each language's `index.ts`.
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
] as const;
export type Namespace = (typeof NAMESPACES)[number];
