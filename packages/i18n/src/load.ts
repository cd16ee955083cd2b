import type { Locale } from './locale';
import { en, type Messages } from './resources';

/** The languages loaded when first needed: a chunk each in the browser, so English pages load no other. */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<{ default: Messages }>> = {
  de: () => import('./messages/de'),
  nb: () => import('./messages/nb'),
};

/** A language's messages. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  return locale === 'en' ? en : (await loaders[locale]()).default;
}
