import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import themeInit from '../../public/head-init.js?raw';
import { ADMIN_THEME_KEY, INVESTOR_THEME_KEY, storedTheme } from './theme';

/** The operating system asks for a dark theme. */
function preferDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)', media: query })),
  );
}

/** Runs public/head-init.js, the script that sets the theme (and zod's config) before the first paint, on `path`. */
function firstPaint(path: string) {
  window.history.replaceState(null, '', path);
  document.documentElement.classList.remove('dark');
  new Function(themeInit)();
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

beforeEach(() => window.history.replaceState(null, '', '/'));
afterEach(() => {
  document.documentElement.classList.remove('dark');
});

describe('the theme before the first paint (public/head-init.js)', () => {
  it('paints the admin area light by default, even when the system and the investor area are dark', () => {
    preferDark(true);
    localStorage.setItem(INVESTOR_THEME_KEY, 'dark');
    expect(firstPaint('/admin')).toBe('light');
    expect(firstPaint('/admin/users?view=linked')).toBe('light');
    expect(firstPaint('/admin-login')).toBe('dark');
    expect(firstPaint('/')).toBe('dark');
  });

  it('paints the admin area with the choice kept under the admin key, and the investor area with its own', () => {
    preferDark(false);
    localStorage.setItem(ADMIN_THEME_KEY, 'dark');
    expect(firstPaint('/admin/projects')).toBe('dark');
    expect(firstPaint('/perks')).toBe('light');
    localStorage.setItem(INVESTOR_THEME_KEY, 'dark');
    localStorage.setItem(ADMIN_THEME_KEY, 'light');
    expect(firstPaint('/admin')).toBe('light');
    expect(firstPaint('/perks')).toBe('dark');
  });

  it('reads the same keys as the app', () => {
    expect(themeInit).toContain(`'${ADMIN_THEME_KEY}'`);
    expect(themeInit).toContain(`'${INVESTOR_THEME_KEY}'`);
    expect(INVESTOR_THEME_KEY).toBe('vite-ui-theme');
    expect(ADMIN_THEME_KEY).not.toBe(INVESTOR_THEME_KEY);
  });
});

describe('storedTheme', () => {
  it('answers the kept preference, else the area default', () => {
    expect(storedTheme(ADMIN_THEME_KEY, 'light')).toBe('light');
    localStorage.setItem(ADMIN_THEME_KEY, 'dark');
    expect(storedTheme(ADMIN_THEME_KEY, 'light')).toBe('dark');
    localStorage.setItem(ADMIN_THEME_KEY, 'purple');
    expect(storedTheme(ADMIN_THEME_KEY, 'light')).toBe('light');
    expect(storedTheme(INVESTOR_THEME_KEY, 'system')).toBe('system');
  });
});
