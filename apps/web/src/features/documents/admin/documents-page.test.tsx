import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component as DocumentsPage } from './documents-page';
import {
  adminUser,
  confirmDialog,
  documentItem,
  failure,
  fakeApi,
  findEmpty,
  findToast,
  json,
  renderAdmin,
  userList,
  userMediaItem,
  type Route,
} from '../../../../test/admin';

const emma = adminUser();
const statement = documentItem({ userId: emma._id });
const plan = documentItem({
  _id: 'f0000000-0000-4000-8000-000000000002',
  name: 'Renovation plan',
  type: 'DOCX',
  userId: emma._id,
  fileName: 'plan.docx',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
});
const keys = userMediaItem({ userId: emma._id });

const file = (body: string, type: string, name: string) =>
  new Response(body, {
    headers: { 'content-type': type, 'content-disposition': `inline; filename="${name}"` },
  });

/** The vault of Emma in Aurora, and her files; `extra` answers first. */
function api(extra: Route = () => undefined) {
  return fakeApi((req) => {
    const custom = extra(req);
    if (custom) return custom;
    if (req.path === '/api/users' && req.method === 'GET') return userList([emma]);
    if (req.path === `/api/users/${emma._id}`) return json({ success: true, data: emma });
    if (req.path === '/api/documents' && req.method === 'GET')
      return json({ success: true, documents: [statement, plan], media: [keys] });
    if (req.path === `/api/documents/${statement._id}/preview`)
      return file('%PDF-1.4 preview', 'application/pdf', 'Annual statement 2026.pdf');
    if (req.path === `/api/documents/${statement._id}/download`)
      return file('%PDF-1.4 download', 'application/pdf', 'Annual statement 2026.pdf');
    if (req.path === `/api/documents/${plan._id}/download`)
      return file('PK office bytes', plan.mimeType!, 'Renovation plan.docx');
    if (req.path === `/api/documents/media/${keys._id}/preview`)
      return file('png preview bytes', 'image/png', 'Your cabin keys.png');
    if (req.path === `/api/documents/media/${keys._id}/download`)
      return file('png download bytes', 'image/png', 'Your cabin keys.png');
    return undefined;
  });
}

/** A stand-in for the tab `window.open` gives, and the blob addresses made for it. */
let tab: { location: { href: string }; opener: unknown; close: ReturnType<typeof vi.fn> };
let blobs: Blob[];
let saved: string[];

beforeEach(() => {
  tab = { location: { href: 'about:blank' }, opener: window, close: vi.fn() };
  blobs = [];
  saved = [];
  vi.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
  URL.createObjectURL = vi.fn((b: Blob) => {
    blobs.push(b);
    return `blob:http://localhost/${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});

const openEmma = () => renderAdmin(<DocumentsPage />, 'documents', `/admin/documents?userId=${emma._id}`);

async function expectOpenedInTab(requests: { path: string }[], path: string, bytes: string) {
  await waitFor(() => expect(tab.location.href).toBe(`blob:http://localhost/${blobs.length}`));
  expect(window.open).toHaveBeenLastCalledWith('', '_blank');
  expect(tab.opener).toBeNull();
  expect(await blobs.at(-1)!.text()).toBe(bytes);
  expect(requests.at(-1)!.path).toBe(path);
  expect(saved).toEqual([]);
}

describe('Documents Management: files open in a new tab (docs/product.md §15.7)', () => {
  it("previews and downloads an investor's document in a new tab", async () => {
    const requests = api();
    openEmma();
    await userEvent.click(await screen.findByRole('button', { name: 'Preview Annual statement 2026' }));
    await expectOpenedInTab(requests, `/api/documents/${statement._id}/preview`, '%PDF-1.4 preview');

    tab = { location: { href: 'about:blank' }, opener: window, close: vi.fn() };
    await userEvent.click(screen.getByRole('button', { name: 'Download Annual statement 2026' }));
    await expectOpenedInTab(requests, `/api/documents/${statement._id}/download`, '%PDF-1.4 download');
    expect(window.open).toHaveBeenCalledTimes(2);
    expect(tab.close).not.toHaveBeenCalled();
  });

  it("previews and downloads an investor's media in a new tab", async () => {
    const requests = api();
    openEmma();
    const grid = await screen.findByRole('list', { name: 'Media' });
    await userEvent.click(within(grid).getByRole('button', { name: 'Preview Your cabin keys' }));
    await expectOpenedInTab(requests, `/api/documents/media/${keys._id}/preview`, 'png preview bytes');

    tab = { location: { href: 'about:blank' }, opener: window, close: vi.fn() };
    await userEvent.click(within(grid).getByRole('button', { name: 'Download Your cabin keys' }));
    await expectOpenedInTab(requests, `/api/documents/media/${keys._id}/download`, 'png download bytes');
  });

  it('saves a file no browser shows (an office document) under its name, closing the tab', async () => {
    api();
    openEmma();
    await userEvent.click(await screen.findByRole('button', { name: 'Download Renovation plan' }));
    await waitFor(() => expect(saved).toEqual(['Renovation plan.docx']));
    expect(tab.close).toHaveBeenCalled();
    expect(tab.location.href).toBe('about:blank');
  });

  it('says "Failed to download file" and "Failed to preview file" with the reason, closing the tab', async () => {
    api((req) =>
      req.path.endsWith('/download')
        ? failure('The file is missing on the server', 404)
        : req.path.endsWith('/preview')
          ? failure('Storage is unavailable')
          : undefined,
    );
    openEmma();
    await userEvent.click(await screen.findByRole('button', { name: 'Download Annual statement 2026' }));
    expect(await findToast('Failed to download file')).toHaveTextContent('The file is missing on the server');
    expect(tab.close).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Preview Your cabin keys' }));
    expect(await findToast('Failed to preview file')).toHaveTextContent('Storage is unavailable');
    expect(tab.close).toHaveBeenCalledTimes(2);
    expect(blobs).toEqual([]);
  });
});

describe('Documents Management: toasts and empty texts (docs/product.md §18)', () => {
  it('says "No documents found" and "No media found" when there are none', async () => {
    api((req) =>
      req.path === '/api/documents' ? json({ success: true, documents: [], media: [] }) : undefined,
    );
    openEmma();
    expect(await findEmpty('No documents found')).toBeInTheDocument();
    expect(screen.getByText('No media found', { exact: true })).toBeInTheDocument();
  });

  it('says "Failed to fetch documents/media" when the list does not load', async () => {
    api((req) => (req.path === '/api/documents' ? failure('The database is unavailable', 503) : undefined));
    openEmma();
    expect(await findToast('Failed to fetch documents/media')).toHaveTextContent(
      'The database is unavailable',
    );
  });

  it('deletes a document and a media item after a confirmation, or says why not', async () => {
    let refuse = true;
    const requests = api((req) => {
      if (req.method !== 'DELETE') return undefined;
      return refuse ? failure('The file is locked') : json({ success: true, message: 'Deleted' });
    });
    openEmma();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Annual statement 2026' }));
    await confirmDialog('Delete document “Annual statement 2026”?');
    expect(await findToast('Failed to delete document')).toHaveTextContent('The file is locked');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Your cabin keys' }));
    await confirmDialog('Delete media “Your cabin keys”?');
    expect(await findToast('Failed to delete media')).toHaveTextContent('The file is locked');

    refuse = false;
    await userEvent.click(screen.getByRole('button', { name: 'Delete Your cabin keys' }));
    await confirmDialog('Delete media “Your cabin keys”?');
    expect(await findToast('Deleted')).toHaveTextContent('Media “Your cabin keys” was deleted.');
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `/api/documents/${statement._id}`,
      `/api/documents/media/${keys._id}`,
      `/api/documents/media/${keys._id}`,
    ]);
  });

  it('says "Failed to save document" and "Failed to save media" with the server\'s reason', async () => {
    api((req) =>
      (req.method === 'POST' || req.method === 'PUT') && req.path.startsWith('/api/documents')
        ? failure('The file is larger than the upload limit of 25 MB', 413)
        : undefined,
    );
    openEmma();
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Document' }));
    const docDialog = screen.getByRole('dialog', { name: 'Upload Document' });
    await userEvent.type(within(docDialog).getByLabelText('Name'), 'Huge');
    await userEvent.click(within(docDialog).getByRole('button', { name: 'Upload Document' }));
    expect(await findToast('Failed to save document')).toHaveTextContent(
      'The file is larger than the upload limit of 25 MB',
    );
    expect(within(docDialog).getByRole('alert')).toHaveTextContent(
      'The file is larger than the upload limit of 25 MB',
    );
    await userEvent.click(within(docDialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Edit Your cabin keys' }));
    const mediaDialog = screen.getByRole('dialog', { name: 'Edit Media' });
    await userEvent.click(within(mediaDialog).getByRole('button', { name: 'Save Changes' }));
    expect(await findToast('Failed to save media')).toHaveTextContent(
      'The file is larger than the upload limit of 25 MB',
    );
  });

  it("chooses the category from the vault's categories, General and Offering, starting at General", async () => {
    const requests = api((req) =>
      req.method === 'POST' && req.path === '/api/documents'
        ? json({ success: true, data: { ...statement, name: 'Tax statement 2025' } }, 201)
        : undefined,
    );
    openEmma();
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Document' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload Document' });
    const category = within(dialog).getByRole('combobox', { name: 'Category' });
    expect(category).toHaveValue('General');
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Contracts',
      'Tax Documents',
      'Investment Reports',
      'Perk Documentation',
      'General',
      // An offering's data room (issue 34).
      'Offering',
    ]);
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Tax statement 2025');
    await userEvent.selectOptions(category, 'Tax Documents');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload Document' }));
    expect(await findToast('Created')).toHaveTextContent('Document “Tax statement 2025” was uploaded.');
    const sent = requests.find((r) => r.method === 'POST' && r.path === '/api/documents')!.body as FormData;
    expect(sent.get('category')).toBe('Tax Documents');
  });

  it('says "Failed to fetch users" when the investor list does not load', async () => {
    api((req) => (req.path === '/api/users' ? failure('The database is unavailable', 503) : undefined));
    renderAdmin(<DocumentsPage />, 'documents');
    expect(await findToast('Failed to fetch users')).toHaveTextContent('The database is unavailable');
  });
});

describe('Documents Management: a bad value is named in words next to its field', () => {
  it('says an over-long document name is too long, and sends nothing', async () => {
    const requests = api();
    openEmma();
    await userEvent.click(await screen.findByRole('button', { name: 'Upload Document' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload Document' });
    const name = within(dialog).getByLabelText('Name');
    await userEvent.click(name);
    await userEvent.paste('n'.repeat(201));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload Document' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/Name must be at most 200 characters$/);
    expect(name).toHaveFocus();
    expect(await findToast('Failed to save document')).toHaveTextContent(
      'Name must be at most 200 characters',
    );
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
