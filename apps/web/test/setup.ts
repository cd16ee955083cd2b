import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { answerConfirm } from '@/lib/confirm';
import { currentLocale, loadSignedInMessages, setLocale } from '@/lib/i18n';
import { forgetRotations } from '@/lib/rotations';
import { cancelSilentRefresh } from '@/lib/session';
import { resetToasts } from '@/lib/toast';

// Components are tested alone, without the router that loads what signed-in pages say with the shell.
await loadSignedInMessages();

// Test files share one module graph (vitest.config.ts): each test leaves the page's stores empty, and
// the globals it stubbed (fetch, EventSource …) and the methods it spied on as they were.
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  cleanup();
  if (currentLocale() !== 'en') await setLocale('en');
  answerConfirm(false);
  cancelSilentRefresh();
  resetToasts();
  localStorage.clear();
  sessionStorage.clear();
  // The refresh tokens rotated, kept in IndexedDB for the other tabs: a later test's 'refresh-1' is new.
  await forgetRotations();
});
