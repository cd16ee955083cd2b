/**
 * Component tests of the investor pages (not part of the app): a page is rendered as the investor shell
 * renders it (signed in as Emma, or `me`; the current project, the router) against a fake `fetch`.
 */
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { tokens } from '@/lib/session';
import type { CurrentUser } from '@portal/contracts';
import { currentUser } from '../../../test/fixtures';
import { renderInShell } from '../../../test/investor';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Renders `ui` at `path` in the investor shell's providers. `/api/users/me` answers Emma (with `me` on
 * top); every other call is answered by `answer(url)`. Returns the fetch mock with Testing Library's result.
 */
export function renderInvestorPage(
  ui: ReactNode,
  answer: (url: string, init?: RequestInit) => Promise<Response>,
  path = '/',
  me: Partial<CurrentUser> = {},
) {
  tokens.set({ accessToken: 'a', refreshToken: 'r' });
  const fetchMock = vi.fn((url: string, init?: RequestInit) =>
    url === '/api/users/me'
      ? Promise.resolve(json(200, { success: true, data: currentUser({ name: 'Emma', ...me }) }))
      : answer(url, init),
  );
  vi.stubGlobal('fetch', fetchMock);
  const result = renderInShell(ui, path);
  return { ...result, fetchMock };
}
