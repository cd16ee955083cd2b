import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { StayReport } from '@portal/contracts';
import { Toaster } from '@/components/ui/toaster';
import { failedWrites } from '@/lib/query-client';
import { failure, fakeApi, findToast, json } from '../../../../test/admin';
import { allowConsole } from '../../../../test/console';
import { StayReports } from './stay-reports';

const STAY_ID = 'b0000000-0000-4000-8000-000000000001';
const STAY = 'Personal stay, Feb 21 → Feb 24, 2099 · 3 nights';
const LIST = `/api/stays/${STAY_ID}/reports`;

const report = (over: Partial<StayReport> = {}): StayReport => ({
  _id: 'r0000000-0000-4000-8000-000000000001',
  bookingId: STAY_ID,
  projectId: 'p0000000-0000-4000-8000-000000000001',
  text: 'The sauna heater does not turn on.',
  status: 'in_progress',
  photo: { name: 'heater.png', type: 'image/png', size: 2048 },
  photoUrl: '/api/stay-reports/r0000000-0000-4000-8000-000000000001/photo',
  createdAt: '2099-02-22T08:00:00.000Z',
  updatedAt: '2099-02-22T09:00:00.000Z',
  ...over,
});
const SAUNA = report();
const WINDOW = report({
  _id: 'r0000000-0000-4000-8000-000000000002',
  text: 'A window does not close.',
  status: 'done',
  photo: null,
  photoUrl: null,
});

function renderReports() {
  render(
    <QueryClientProvider
      client={
        new QueryClient({
          mutationCache: failedWrites(),
          defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
        })
      }
    >
      <StayReports bookingId={STAY_ID} stay={STAY} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'window.png', { type: 'image/png' });

describe('Problem reports of a stay', () => {
  it('lists the reports with their status, date, text and photo', async () => {
    fakeApi((req) => (req.path === LIST ? json({ success: true, data: [SAUNA, WINDOW] }) : undefined));
    renderReports();
    const list = await screen.findByRole('list', { name: `Problem reports: ${STAY}` });
    const [sauna, window] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(sauna).toHaveTextContent('In progress');
    expect(sauna).toHaveTextContent('Reported Feb 22, 2099');
    expect(sauna).toHaveTextContent('The sauna heater does not turn on.');
    expect(within(sauna).getByRole('button', { name: 'View photo: heater.png' })).toHaveTextContent(
      'View photo',
    );
    expect(window).toHaveTextContent('Done');
    expect(within(window).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Report a problem: ${STAY}` })).toHaveTextContent(
      'Report a problem',
    );
  });

  it('sends the text and the photo as a form, says so, closes and shows the new report', async () => {
    let sent: StayReport | null = null;
    const requests = fakeApi((req) => {
      if (req.path !== LIST) return undefined;
      if (req.method === 'POST') {
        const form = req.body as FormData;
        sent = report({
          _id: 'r0000000-0000-4000-8000-000000000003',
          text: String(form.get('text')),
          status: 'new',
          photo: { name: 'window.png', type: 'image/png', size: 4 },
        });
        return json({ success: true, data: sent, message: 'Problem reported' }, 201);
      }
      return json({ success: true, data: sent ? [sent] : [] });
    });
    renderReports();
    // No reports yet: no list, only the action.
    await userEvent.click(await screen.findByRole('button', { name: `Report a problem: ${STAY}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    expect(dialog).toHaveTextContent(STAY);
    await userEvent.type(
      within(dialog).getByLabelText('What is wrong?'),
      'The window in the loft does not close.',
    );
    await userEvent.upload(within(dialog).getByLabelText('Photo (optional)'), png());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await findToast('Problem reported')).toHaveTextContent("The operator's team has your report.");
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    const post = requests.find((r) => r.method === 'POST')!;
    const form = post.body as FormData;
    expect(form.get('text')).toBe('The window in the loft does not close.');
    expect((form.get('photo') as File).name).toBe('window.png');
    expect(form.get('file')).toBeNull();
    const list = await screen.findByRole('list', { name: `Problem reports: ${STAY}` });
    expect(list).toHaveTextContent('The window in the loft does not close.');
    expect(list).toHaveTextContent('New');
  });

  it('asks for the text and refuses a photo that is not JPEG, PNG or WebP, sending nothing', async () => {
    allowConsole('error', /^\[toast\]/);
    const requests = fakeApi((req) => (req.path === LIST ? json({ success: true, data: [] }) : undefined));
    renderReports();
    await userEvent.click(await screen.findByRole('button', { name: `Report a problem: ${STAY}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    const text = within(dialog).getByLabelText('What is wrong?');
    await waitFor(() => expect(text).toHaveAccessibleDescription(/Text is required/));

    await userEvent.type(text, 'Mould in the bathroom');
    const gif = new File([new Uint8Array([0x47, 0x49, 0x46])], 'mould.gif', { type: 'image/gif' });
    await userEvent.upload(within(dialog).getByLabelText('Photo (optional)'), gif, { applyAccept: false });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await within(dialog).findByText('The photo must be a JPEG, PNG or WebP image'),
    ).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal in the form", async () => {
    allowConsole('error', /^\[toast\]/);
    fakeApi((req) => {
      if (req.path !== LIST) return undefined;
      return req.method === 'POST'
        ? failure('Only an approved stay can have problem reports; this one is cancelled', 409)
        : json({ success: true, data: [] });
    });
    renderReports();
    await userEvent.click(await screen.findByRole('button', { name: `Report a problem: ${STAY}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
    await userEvent.type(within(dialog).getByLabelText('What is wrong?'), 'No hot water');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await within(dialog).findByText(
        'Only an approved stay can have problem reports; this one is cancelled',
      ),
    ).toBeInTheDocument();
    expect(await findToast('Error')).toBeInTheDocument();
  });
});
