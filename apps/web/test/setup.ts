import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { answerConfirm } from '@/lib/confirm';
import { cancelSilentRefresh } from '@/lib/session';
import { resetToasts } from '@/lib/toast';

// Test files share one module graph (vitest.config.ts): each test leaves the page's stores empty.
afterEach(() => {
  cleanup();
  answerConfirm(false);
  cancelSilentRefresh();
  resetToasts();
  localStorage.clear();
  sessionStorage.clear();
});
