import { expect, type Page } from '@playwright/test';

/**
 * Records the text of every toast the page shows (title and description), from its first script on (every later document of
 * the page too). A toast is on screen for five seconds; on two busy cores the page's main thread can be
 * held for longer than that after a reload, so a test that looks for the toast on screen may look too
 * late. What was shown is what the reader saw.
 */
export async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = shown;
    new MutationObserver(() => {
      document.querySelectorAll('li[data-radix-collection-item]').forEach((toast) => {
        const text = toast.textContent ?? '';
        if (text && !shown.includes(text)) shown.push(text);
      });
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** Waits until the page has shown a toast that begins with this title (after recordToasts). */
export async function expectToastShown(page: Page, title: string) {
  await expect
    .poll(() =>
      page.evaluate(
        (t) => ((window as unknown as { __toasts?: string[] }).__toasts ?? []).some((s) => s.startsWith(t)),
        title,
      ),
    )
    .toBe(true);
}
