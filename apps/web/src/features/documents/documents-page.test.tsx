import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentItem } from '@portal/contracts';
import { AuthProvider, useAuth } from '@/queries/session';
import { CurrentProjectProvider } from '@/queries/current-project';
import { tokens } from '@/lib/session';
import { DocumentsPage } from './documents-page';
import { currentUser, project } from '../../../test/fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const doc = (name: string, category: string, uploadDate: string): DocumentItem => ({
  _id: `d-${name}`,
  name,
  category,
  type: 'PDF',
  description: '',
  projectId: 'p1',
  userId: null,
  uploadDate,
  isNew: false,
  hasFile: true,
  fileName: `${name}.pdf`,
  fileSize: 1000,
  mimeType: 'application/pdf',
});

function SignedIn({ children }: { children: ReactNode }) {
  return useAuth().status === 'authenticated' ? children : null;
}

/** The vault of Emma's one project, whose documents are `docs`. */
function showVault(docs: DocumentItem[]) {
  tokens.set({ accessToken: 'a', refreshToken: 'r' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/users/me') return json({ success: true, data: currentUser({ name: 'Emma' }) });
      if (url.startsWith('/api/projects')) return json({ success: true, data: [project({ _id: 'p1' })] });
      if (url.startsWith('/api/documents')) return json({ success: true, documents: docs });
      return new Response('{}', { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/documents']}>
        <AuthProvider navigate={() => {}} alert={() => {}}>
          <SignedIn>
            <CurrentProjectProvider storageKey="currentProjectId">
              <DocumentsPage />
            </CurrentProjectProvider>
          </SignedIn>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const filterEntries = async () => {
  await userEvent.click(await screen.findByRole('button', { name: /^Filter/ }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitemradio')
    .map((i) => i.textContent);
};

describe('Document Vault filter', () => {
  it('offers General when the project has General documents, and shows only them when chosen', async () => {
    showVault([
      doc('Site plan', 'General', '2026-03-01T00:00:00Z'),
      doc('Tax statement 2025', 'Tax Documents', '2026-02-01T00:00:00Z'),
    ]);
    expect(await filterEntries()).toEqual([
      'All Documents',
      'Contracts',
      'Tax Documents',
      'Investment Reports',
      'Perk Documentation',
      'General',
    ]);
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'General' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'General' })).toBeInTheDocument();
    expect(screen.getByText('Site plan')).toBeInTheDocument();
    expect(screen.queryByText('Tax statement 2025')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 2 documents')).toBeInTheDocument();
  });

  it('offers the four category entries only when no document is General', async () => {
    showVault([doc('Tax statement 2025', 'Tax Documents', '2026-02-01T00:00:00Z')]);
    expect(await filterEntries()).toEqual([
      'All Documents',
      'Contracts',
      'Tax Documents',
      'Investment Reports',
      'Perk Documentation',
    ]);
  });
});
