import type { Locale } from './locale';
import { NAMESPACES, type Namespace } from './namespaces';
import type { Messages } from './resources';

/**
 * One namespace of one language (`messages/<locale>/<namespace>.json`). In the browser the bundler makes
 * each file a module of its own, which apps/web/vite.config.ts groups into a chunk per language and part
 * (sign-in, signed-in), so a page downloads only what it says (apps/web/src/lib/i18n.ts).
 */
export async function loadBundle(locale: Locale, ns: Namespace): Promise<Record<string, unknown>> {
  const mod = (await import(`./messages/${locale}/${ns}.json`, { with: { type: 'json' } })) as {
    default: Record<string, unknown>;
  };
  return mod.default;
}

/** Every namespace of a language (the server's emails and PDFs, and the tests). */
export async function loadMessages(locale: Locale): Promise<Messages> {
  const bundles = await Promise.all(NAMESPACES.map((ns) => loadBundle(locale, ns)));
  return Object.fromEntries(NAMESPACES.map((ns, i) => [ns, bundles[i]])) as unknown as Messages;
}
