export * from './locale';
export * from './format';
export * from './namespaces';
export { loadBundle, loadMessages } from './load';
export type { Messages } from './resources';
export { createTranslator, i18nOptions, en } from './translator';
