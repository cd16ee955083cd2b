import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DocumentItem, StatementListItem } from '@portal/contracts';
import { setLocale } from '@/lib/i18n';
import { tokens } from '@/lib/session';
import { DocumentsPage } from './documents-page';
import { Component as AdminDocumentsPage } from './admin/documents-page';
import { currentUser, project } from '../../../test/fixtures';
import {
  ADMIN,
  adminUser,
  documentItem,
  fakeApi,
  json as answer,
  renderAdmin,
  userList,
  userMediaItem,
} from '../../../test/admin';
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
  isNew: true,
  hasFile: true,
  fileName: `${name}.pdf`,
  fileSize: 1000,
  mimeType: 'application/pdf',
});

const statement: StatementListItem = {
  period: '2025-Q3',
  kind: 'quarterly',
  from: '2025-07-01',
  to: '2025-09-30',
  published: false,
} as StatementListItem;

/** The vault of Emma, whose account speaks `locale`: two documents of Aurora and one statement. */
async function showVault(locale: 'de' | 'nb') {
  await setLocale(locale);
  tokens.set({ accessToken: 'a', refreshToken: 'r' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/users/me')
        return json({ success: true, data: currentUser({ name: 'Emma', locale }) });
      if (url.startsWith('/api/projects'))
        return json({ success: true, data: [project({ _id: 'p1', name: 'Aurora Lakeside Cabins' })] });
      if (url.startsWith('/api/documents'))
        return json({
          success: true,
          documents: [
            doc('Subscription agreement', 'Contracts', '2026-03-05T10:00:00Z'),
            doc('Tax statement 2025', 'Tax Documents', '2026-02-01T10:00:00Z'),
          ],
        });
      if (url === '/api/statements') return json({ success: true, data: [statement] });
      return new Response('{}', { status: 404 });
    }),
  );
  renderInShell(<DocumentsPage />, '/documents');
}

describe('Document Vault in other languages', () => {
  it('speaks German: headings, categories, counts, rows and a German date', async () => {
    await showVault('de');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dokumentenablage' })).toBeInTheDocument();
    expect(
      await screen.findByText('Verträge, Berichte und Abrechnungen für Aurora Lakeside Cabins'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Verträge' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Steuerunterlagen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Abrechnungen' })).toBeInTheDocument();
    expect(await screen.findByText('2 Dokumente · 1 Abrechnung')).toBeInTheDocument();
    const row = screen.getByText('Subscription agreement').closest('li')!;
    expect(within(row).getByText(/Hochgeladen am/)).toHaveTextContent('Hochgeladen am 5. März 2026');
    expect(within(row).getByText('Neu')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Vorschau von Subscription agreement' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Subscription agreement herunterladen' })).toBeEnabled();
    expect(screen.getByText('Quartalsweise')).toBeInTheDocument();
    expect(screen.getByText('Vorläufig')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Dokumente durchsuchen…')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /^Filter/ }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitemradio')
        .map((i) => i.textContent),
    ).toEqual([
      'Alle Dokumente',
      'Verträge',
      'Steuerunterlagen',
      'Investitionsberichte',
      'Vorteilsunterlagen',
    ]);
    await userEvent.click(within(menu).getByRole('menuitemradio', { name: 'Steuerunterlagen' }));
    expect(await screen.findByText('2 von 3 Dokumenten und Abrechnungen')).toBeInTheDocument();
  });

  it('speaks Norwegian: headings, categories, counts and a Norwegian date', async () => {
    await showVault('nb');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dokumentarkiv' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Kontrakter' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Skattedokumenter' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Kontoutskrifter' })).toBeInTheDocument();
    expect(await screen.findByText('2 dokumenter · 1 kontoutskrift')).toBeInTheDocument();
    const row = screen.getByText('Subscription agreement').closest('li')!;
    expect(within(row).getByText(/Lastet opp/)).toHaveTextContent(/Lastet opp 5\. mars 2026/);
    expect(within(row).getByRole('button', { name: 'Last ned Subscription agreement' })).toBeEnabled();
    expect(screen.getByText('Kvartalsvis')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Søk i dokumenter' }), 'skatt');
    expect(await screen.findByText('Viser 1 av 3 dokumenter og kontoutskrifter')).toBeInTheDocument();
    expect(screen.queryByText('Subscription agreement')).not.toBeInTheDocument();
  });
});

describe('Documents Management in German', () => {
  const emma = adminUser();

  it("shows an investor's documents and media with German sizes and dates, and asks before deleting", async () => {
    await setLocale('de');
    fakeApi(
      (req) => {
        if (req.method === 'GET' && req.path === '/api/users') return userList([emma]);
        if (req.path === `/api/users/${emma._id}`) return answer({ success: true, data: emma });
        if (req.method === 'GET' && req.path === '/api/documents')
          return answer({
            success: true,
            documents: [
              documentItem({ userId: emma._id, fileSize: 2.5 * 1024 * 1024 }),
              documentItem({
                _id: 'f0000000-0000-4000-8000-000000000002',
                name: 'Lease',
                category: 'Contracts',
                userId: emma._id,
                isNew: true,
                hasFile: false,
                fileName: null,
                fileSize: null,
              }),
            ],
            media: [userMediaItem({ userId: emma._id, type: 'video' })],
          });
        return undefined;
      },
      { me: { ...ADMIN, locale: 'de' } },
    );
    renderAdmin(<AdminDocumentsPage />, 'documents', `/admin/documents?userId=${emma._id}`);
    expect(await screen.findByRole('heading', { name: 'Dokumentenverwaltung' })).toBeInTheDocument();
    expect(
      await screen.findByText('Dokumente und Medien von Aurora Lakeside Cabins, je Investor oder für alle'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Für alle Investoren freigegeben' })).toBeInTheDocument();
    expect(
      await screen.findByText('Für Emma Lindqvist in der Dokumentenablage sichtbar'),
    ).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Dokumente' });
    const [head, statement, lease] = within(table).getAllByRole('row');
    expect(head).toHaveTextContent('NameKategorieHochgeladenAktionen');
    expect(
      within(statement!)
        .getByText(/^statement\.pdf/)
        .textContent?.replace(/\s/g, ' '),
    ).toBe('statement.pdf · 2,5 MB · Investitionsberichte · 1. März 2026');
    expect(within(statement!).getByRole('button', { name: 'Vorschau: Annual statement 2026' })).toBeEnabled();
    expect(within(lease!).getByText(/^Keine Datei angehängt/)).toHaveTextContent(
      'Keine Datei angehängt · Verträge',
    );
    expect(within(lease!).getByText('Neu')).toBeInTheDocument();

    const media = screen.getByRole('list', { name: 'Medien' });
    expect(within(media).getByText('Video · 1. März 2026')).toBeInTheDocument();
    expect(within(media).getByRole('button', { name: 'Your cabin keys herunterladen' })).toBeEnabled();
    await userEvent.click(within(media).getByRole('button', { name: 'Löschen: Your cabin keys' }));
    const question = await screen.findByRole('alertdialog', { name: 'Medium „Your cabin keys“ löschen?' });
    expect(question).toHaveTextContent('Dies kann nicht rückgängig gemacht werden.');
    await userEvent.click(within(question).getByRole('button', { name: 'Abbrechen' }));

    await userEvent.click(screen.getByRole('button', { name: 'Medien hochladen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Medien hochladen' });
    expect(dialog).toHaveTextContent('Ein Foto oder Video für die Mediengalerie dieses Investors.');
    expect(
      within(within(dialog).getByLabelText('Typ'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Foto', 'Video']);
    expect(within(dialog).getByLabelText('Dauer')).toHaveAccessibleDescription('Bei Videos, z. B. 2:45');
  });
});
