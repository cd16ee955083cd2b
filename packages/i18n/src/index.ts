export * from './locale';
export * from './format';
export * from './namespaces';
export * from './errors';
export { loadBundle, loadMessages } from './load';
export type { Messages } from './resources';
export { createTranslator, englishTranslator, i18nOptions, en } from './translator';
export { addFormatters } from './formatters';
