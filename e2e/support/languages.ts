import type { Page, Response } from '@playwright/test';
import { endpoints } from '@portal/contracts';
import { callApiOk } from './api';
import { apiSignIn, type DemoRole } from './fixtures';
import type { Locale } from '@portal/i18n/locale';

/**
 * Finds English left on a page shown in German or Norwegian (issue 33's check): every visible text and
 * every accessible name (aria-label, placeholder, title, alt) is read, what the API answered (content
 * admins write, such as project names and updates, is shown as written) is set aside, and what remains
 * is English when it has two or more English function words, or is one of the English words of the
 * interface on its own.
 */

/** Words that are English and not German or Norwegian, counted in a text. */
const ENGLISH_WORDS = new Set(
  'the and of to your you is are with for from this that these those on in an not no has have be was were will would can could should what when which who how all any our their there here been by at or as it its if into about after before than then more most only also just over per each every yet'.split(
    ' ',
  ),
);

/** A whole text that is one of these English interface words is English (unless the language writes it so). */
const ENGLISH_LABELS = new Set(
  'save cancel edit delete remove close back next previous loading search filter total amount actions view add create update submit yes no email password project projects investment investments returns settings profile logout dashboard documents updates media perks bookings users notifications approve decline approved declined pending active completed upcoming paid draft final download upload send reply open closed new today yesterday month months year years day days night nights date from to status name role none'.split(
    ' ',
  ),
);

/** Words each language writes as English does. */
const SAME_IN: Record<Exclude<Locale, 'en'>, Set<string>> = {
  de: new Set([
    'was',
    'filter',
    'name',
    'status',
    'admin',
    'dashboard',
    'e-mail',
    'download',
    'upload',
    'update',
    'updates',
    'media',
    'perks',
    'draft',
    'final',
    'total',
    'in',
    'an',
    'will',
    'also',
  ]),
  nb: new Set([
    'filter',
    'status',
    'admin',
    'dashboard',
    'e-post',
    'media',
    'total',
    'final',
    'in',
    'per',
    'at',
    'on',
    'for',
    'no',
  ]),
};

/** Adds every string of a JSON value (tags stripped, whitespace collapsed) to `strings`. */
function addStrings(strings: Set<string>, v: unknown): void {
  if (typeof v === 'string') {
    const t = v
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (t) strings.add(t);
  } else if (Array.isArray(v)) v.forEach((x) => addStrings(strings, x));
  else if (v && typeof v === 'object') Object.values(v).forEach((x) => addStrings(strings, x));
}

/** The answers of each collection still being read: a check waits for them (see englishOnPage). */
const reading = new WeakMap<Set<string>, Set<Promise<void>>>();

/** Collects every string of the JSON answers the page receives: what the API said is content. */
export function collectApiStrings(page: Page): Set<string> {
  const strings = new Set<string>();
  const pending = new Set<Promise<void>>();
  reading.set(strings, pending);
  const walk = (v: unknown) => addStrings(strings, v);
  // The page itself records every JSON answer before the app reads it (its fetch, wrapped): a body the
  // listener below could not read in time, or at all, still counts (englishOnPage adds them).
  // Plain JavaScript, not a function of this file: the test runner's compiler would not touch it.
  void page.addInitScript({
    content: `(() => {
      const seen = [];
      window.__portalAnswers = seen;
      const original = window.fetch.bind(window);
      window.fetch = async (...args) => {
        const res = await original(...args);
        if ((res.headers.get('content-type') || '').includes('application/json'))
          seen.push(await res.clone().json().catch(() => null));
        return res;
      };
    })();`,
  });
  page.on('response', (r: Response) => {
    if (!(r.headers()['content-type'] ?? '').includes('application/json')) return;
    // The page may show an answer before this listener has read its body: the check waits for it.
    const read = r
      .json()
      .then(walk)
      .catch(() => undefined)
      .finally(() => pending.delete(read));
    pending.add(read);
  });
  return strings;
}

/** The page's visible texts and accessible names, whitespace collapsed. */
async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element) =>
      (el as HTMLElement).checkVisibility?.({ checkOpacity: false, checkVisibilityCSS: true }) ?? true;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const parent = n.parentElement;
      if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
      const text = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
      // Screen-reader-only texts (sr-only) are not visible but are read: they count too.
      if (text && (visible(parent) || parent.closest('.sr-only'))) out.push(text);
    }
    for (const el of Array.from(
      document.body.querySelectorAll('[aria-label],[placeholder],[title],img[alt]'),
    )) {
      if (!visible(el)) continue;
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
        const v = el.getAttribute(attr)?.replace(/\s+/g, ' ').trim();
        if (v) out.push(v);
      }
    }
    return out;
  });
}

/** The English texts on the page (empty when it speaks `locale` throughout), each once. */
export async function englishOnPage(
  page: Page,
  locale: Exclude<Locale, 'en'>,
  content: Set<string>,
  allow: readonly (string | RegExp)[] = [],
): Promise<string[]> {
  // Every answer received so far is read before the page's texts are judged, and those the page
  // recorded itself are added.
  await Promise.all([...(reading.get(content) ?? [])]);
  const recorded = await page.evaluate(
    () => (window as unknown as { __portalAnswers?: unknown[] }).__portalAnswers ?? [],
  );
  addStrings(content, recorded);
  const isContent = (text: string) =>
    content.has(text) || [...content].some((c) => c.length >= 4 && (text.includes(c) || c.includes(text)));
  const allowed = (text: string) => allow.some((a) => (typeof a === 'string' ? a === text : a.test(text)));
  const english = (text: string) => {
    const words = text.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
    const foreign = words.filter((w) => ENGLISH_WORDS.has(w) && !SAME_IN[locale].has(w));
    const whole = text.toLowerCase().replace(/[.:!?…]+$/, '');
    return foreign.length >= 2 || (ENGLISH_LABELS.has(whole) && !SAME_IN[locale].has(whole));
  };
  const found = (await pageTexts(page)).filter((t) => english(t) && !isContent(t) && !allowed(t));
  return [...new Set(found)];
}

/** Texts that overflow their own box (cut off, or reaching past it) at the page's width. */
export async function overflowingTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const own = Array.from(el.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
      );
      // Screen-reader-only text (a 1 px clipped box) is not seen, so it cannot overflow what is seen.
      if (!own || !el.checkVisibility?.() || el.closest('.sr-only') || el.getBoundingClientRect().width <= 1)
        continue;
      const style = getComputedStyle(el);
      // Text cut off on purpose, with an ellipsis, keeps its whole text in a title or an accessible name.
      if (style.textOverflow === 'ellipsis') continue;
      if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible' && el.clientWidth > 0)
        out.push(`${el.tagName.toLowerCase()}: ${el.textContent?.trim().slice(0, 60)}`);
      else if (el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        out.push(`${el.tagName.toLowerCase()} past the page: ${el.textContent?.trim().slice(0, 60)}`);
    }
    return out;
  });
}

/** Gives the demo account `locale`, as its profile would; answers the account as it was read. */
export async function speak(page: Page, who: DemoRole, locale: Locale) {
  const { accessToken } = await apiSignIn(page.request, who);
  const { data: me } = await callApiOk(page.request, endpoints.users.me, {}, accessToken);
  const { name, phone, address, city, country, postalCode, dateOfBirth } = me;
  await callApiOk(
    page.request,
    endpoints.users.updateMe,
    { body: { name, phone, address, city, country, postalCode, dateOfBirth, locale } },
    accessToken,
  );
  return me;
}
