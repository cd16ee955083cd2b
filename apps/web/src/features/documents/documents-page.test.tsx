import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentItem, StatementListItem } from '@portal/contracts';
import { tokens } from '@/lib/session';
import { DocumentsPage } from './documents-page';
import { currentUser, project } from '../../../test/fixtures';
import { renderInShell } from '../../../test/investor';

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

/** What `GET /api/statements` answers: a list, or a failure in the server's error envelope. */
type StatementsAnswer = StatementListItem[] | { fails: string };

/**
 * The vault of Emma's one project, whose documents are `docs`, and her statements. Any other request
 * (a statement's PDF) goes to `other`. Returns the fake fetch, whose calls are the requests sent.
 */
function showVault(
  docs: DocumentItem[],
  statements: StatementsAnswer | (() => StatementsAnswer) = [],
  other: (url: string) => Response | undefined = () => undefined,
) {
  tokens.set({ accessToken: 'a', refreshToken: 'r' });
  const fetch = vi.fn(async (url: string) => {
    if (url === '/api/users/me') return json({ success: true, data: currentUser({ name: 'Emma' }) });
    if (url.startsWith('/api/projects')) return json({ success: true, data: [project({ _id: 'p1' })] });
    if (url.startsWith('/api/documents')) return json({ success: true, documents: docs });
    if (url === '/api/statements') {
      const answer = typeof statements === 'function' ? statements() : statements;
      return Array.isArray(answer)
        ? json({ success: true, data: answer })
        : new Response(JSON.stringify({ success: false, message: answer.fails, error: answer.fails }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          });
    }
    return other(url) ?? new Response('{}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  renderInShell(<DocumentsPage />, '/documents');
  return fetch;
}

const filterEntries = async () => {
  await userEvent.click(await screen.findByRole('button', { name: /^Filter/ }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitemradio')
    .map((i) => i.textContent);
};

/** The filter's entries whatever the documents are: every document, then the four categories. */
const FOUR_CATEGORIES = [
  'All Documents',
  'Contracts',
  'Tax Documents',
  'Investment Reports',
  'Perk Documentation',
];

describe('Document Vault filter', () => {
  it('offers General when the project has General documents, and shows only them when chosen', async () => {
    showVault([
      doc('Site plan', 'General', '2026-03-01T00:00:00Z'),
      doc('Tax statement 2025', 'Tax Documents', '2026-02-01T00:00:00Z'),
    ]);
    expect(await filterEntries()).toEqual([...FOUR_CATEGORIES, 'General']);
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'General' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'General' })).toBeInTheDocument();
    expect(screen.getByText('Site plan')).toBeInTheDocument();
    expect(screen.queryByText('Tax statement 2025')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 2 documents')).toBeInTheDocument();
  });

  it('offers the four category entries only when no document is General', async () => {
    showVault([doc('Tax statement 2025', 'Tax Documents', '2026-02-01T00:00:00Z')]);
    expect(await filterEntries()).toEqual(FOUR_CATEGORIES);
  });
});

/** A statement as the list answers it: published (with its PDF's SHA-256) unless said otherwise. */
const statement = (period: string, published = true): StatementListItem => {
  const year = Number(period.slice(0, 4));
  const q = /Q([1-4])$/.exec(period)?.[1];
  const state = published ? { published, sha256: 'ab'.repeat(32) } : { published };
  if (!q) return { period, kind: 'annual', from: `${year}-01-01`, to: `${year}-12-31`, ...state };
  const first = (Number(q) - 1) * 3 + 1;
  const last = new Date(Date.UTC(year, first + 2, 0)).getUTCDate();
  const mm = (m: number) => String(m).padStart(2, '0');
  return {
    period,
    kind: 'quarterly',
    from: `${year}-${mm(first)}-01`,
    to: `${year}-${mm(first + 2)}-${last}`,
    ...state,
  };
};

const statementsGroup = async () =>
  within((await screen.findByRole('heading', { level: 2, name: 'Statements' })).closest('section')!);

describe('Document Vault statements', () => {
  it('lists the statements newest first, a year before its last quarter, with their kind and dates', async () => {
    showVault(
      [doc('Site plan', 'General', '2026-03-01T00:00:00Z')],
      // Not in order: the group orders them itself.
      [statement('2025-Q3'), statement('2025'), statement('2026-Q1'), statement('2025-Q4')],
    );
    const group = await statementsGroup();
    const rows = await group.findAllByRole('listitem');
    expect(rows.map((r) => within(r).getByText(/^(Q[1-4] )?\d{4}$/).textContent)).toEqual([
      'Q1 2026',
      '2025',
      'Q4 2025',
      'Q3 2025',
    ]);
    expect(rows[0]).toHaveTextContent('Jan 1, 2026 – Mar 31, 2026');
    expect(rows[0]).toHaveTextContent('Quarterly');
    expect(rows[1]).toHaveTextContent('Jan 1, 2025 – Dec 31, 2025');
    expect(rows[1]).toHaveTextContent('Annual');
    expect(rows[3]).toHaveTextContent('Jul 1, 2025 – Sep 30, 2025');
    expect(group.getByText('4 statements')).toBeInTheDocument();
    expect(
      group.getAllByRole('button', { name: /^Download statement / }).map((b) => b.getAttribute('aria-label')),
    ).toEqual([
      'Download statement Q1 2026',
      'Download statement 2025',
      'Download statement Q4 2025',
      'Download statement Q3 2025',
    ]);
    // The project's documents are still there, in their own group.
    expect(screen.getByRole('heading', { level: 2, name: 'General' })).toBeInTheDocument();
  });

  it('counts what the search lists, the statements too, and words one of each in the singular', async () => {
    showVault(
      [
        doc('Site plan', 'General', '2026-03-01T00:00:00Z'),
        doc('Tax 2025', 'Tax Documents', '2026-02-01T00:00:00Z'),
      ],
      [statement('2025-Q3'), statement('2025'), statement('2026-Q1')],
    );
    expect(await screen.findByText('2 documents · 3 statements')).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: /Search documents/ });
    await userEvent.type(search, 'nothing is called this');
    expect(await screen.findByText('Showing 0 of 5 documents and statements')).toBeInTheDocument();
    expect(screen.queryAllByRole('button', { name: /^Download statement / })).toHaveLength(0);
    expect(
      await (await statementsGroup()).findByText('No statements match your search.'),
    ).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, '2025');
    // 'Tax 2025', 'Q3 2025' and '2025' are listed.
    expect(await screen.findByText('Showing 3 of 5 documents and statements')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Download statement / })).toHaveLength(2);
    expect((await statementsGroup()).getByText('2 statements')).toBeInTheDocument();
    await userEvent.clear(search);
    await userEvent.type(search, 'Q1');
    expect((await statementsGroup()).getByText('1 statement')).toBeInTheDocument();
  });

  it('marks a statement whose period is not published Preliminary, and a published one not', async () => {
    showVault([], [statement('2025-Q3'), statement('2025-Q4', false)]);
    const group = await statementsGroup();
    const [q4, q3] = await group.findAllByRole('listitem');
    expect(q4).toHaveTextContent('Q4 2025');
    expect(within(q4!).getByText('Preliminary')).toHaveAttribute(
      'title',
      'Not published yet: its figures may still change',
    );
    expect(q3).toHaveTextContent('Q3 2025');
    expect(within(q3!).queryByText('Preliminary')).not.toBeInTheDocument();
    expect(group.getAllByText('Preliminary')).toHaveLength(1);
  });

  it('shows the statements when the selected project has no documents', async () => {
    showVault([], [statement('2025-Q3')]);
    expect(await screen.findByText('No documents found for this project.')).toBeInTheDocument();
    expect(
      await (await statementsGroup()).findByRole('button', { name: 'Download statement Q3 2025' }),
    ).toBeEnabled();
  });

  it("downloads a statement's PDF for its period under the name the server gives", async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/1');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const fetch = showVault([], [statement('2025-Q4'), statement('2025-Q3')], (url) =>
      url === '/api/statements/2025-Q3/pdf'
        ? new Response('%PDF-1.7', {
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="statement-INV-000123-2025-Q3.pdf"',
            },
          })
        : undefined,
    );
    const group = await statementsGroup();
    await userEvent.click(await group.findByRole('button', { name: 'Download statement Q3 2025' }));
    await waitFor(() => expect(saved).toEqual(['statement-INV-000123-2025-Q3.pdf']));
    const urls = fetch.mock.calls.map(([url]) => url);
    expect(urls.filter((u) => u.includes('/pdf'))).toEqual(['/api/statements/2025-Q3/pdf']);
  });

  it('says "No statements yet" when there are none', async () => {
    showVault([doc('Site plan', 'General', '2026-03-01T00:00:00Z')], []);
    const group = await statementsGroup();
    expect(await group.findByText('No statements yet')).toBeInTheDocument();
    expect(group.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('says the statements could not be loaded, and loads them again on Try again', async () => {
    let answer: StatementsAnswer = { fails: 'The database is unavailable' };
    showVault([doc('Site plan', 'General', '2026-03-01T00:00:00Z')], () => answer);
    const group = await statementsGroup();
    expect(
      await group.findByText('The statements could not be loaded: The database is unavailable'),
    ).toBeInTheDocument();
    answer = [statement('2025')];
    await userEvent.click(group.getByRole('button', { name: 'Try again' }));
    expect(await group.findByRole('button', { name: 'Download statement 2025' })).toBeInTheDocument();
  });
});
