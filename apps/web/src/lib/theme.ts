import { useCallback, useSyncExternalStore } from 'react';

/**
 * Theme (docs/product.md §5): the `dark` class on the root element. The investor area keeps its
 * preference (system, light or dark) under `vite-ui-theme`; the admin area under its own key,
 * light by default.
 */
export type ThemePreference = 'system' | 'light' | 'dark';
export const INVESTOR_THEME_KEY = 'vite-ui-theme';
export const ADMIN_THEME_KEY = 'admin-ui-theme';

const listeners = new Set<() => void>();
const isDark = () => document.documentElement.classList.contains('dark');

export function applyTheme(pref: ThemePreference) {
  const dark =
    pref === 'dark' || (pref === 'system' && window.matchMedia?.('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', !!dark);
  listeners.forEach((l) => l());
}

export function storedTheme(key: string, fallback: ThemePreference): ThemePreference {
  const v = localStorage.getItem(key);
  return v === 'light' || v === 'dark' || v === 'system' ? v : fallback;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The current theme as read from the page, and a toggle that flips and remembers it. */
export function useTheme(key: string = INVESTOR_THEME_KEY) {
  const dark = useSyncExternalStore(subscribe, isDark, () => false);
  const toggle = useCallback(() => {
    const next: ThemePreference = isDark() ? 'light' : 'dark';
    localStorage.setItem(key, next);
    applyTheme(next);
  }, [key]);
  return { theme: dark ? ('dark' as const) : ('light' as const), toggle };
}
