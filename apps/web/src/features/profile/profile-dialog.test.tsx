import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { birthDateBounds, PHONE_MESSAGE } from '@portal/contracts';
import { Toaster } from '@/components/ui/toaster';
import { api } from '@/lib/api';
import { resetToasts } from '@/lib/toast';
import type * as ApiModule from '@/lib/api';
import { ProfileDialog, profilePayload } from './profile-dialog';
import { currentUser } from '../../../test/fixtures';
import { WithQueries } from '../../../test/queries';

// The real client, with a way for one test to make it throw an error that carries no message.
vi.mock('@/lib/api', async (importOriginal) => {
  const real = await importOriginal<typeof ApiModule>();
  return { ...real, api: vi.fn(real.api) };
});

/** The newest toast: Radix repeats its text for screen readers, so the first match is the toast's. */
const toastText = (text: string) => screen.findAllByText(text, { exact: true }).then((all) => all[0]);

const user = currentUser({
  investorId: 'INV-2022-EL7Q2K',
  city: 'Helsinki',
  country: 'Finland',
  createdAt: '2022-01-01T00:00:00.000Z',
  lastLoginAt: null,
});

describe('profilePayload', () => {
  it('sends the date of birth as an ISO timestamp, or leaves it out when empty', () => {
    const base = { name: ' Emma ', phone: '', address: '', city: '', country: '', postalCode: '' };
    expect(profilePayload({ ...base, dateOfBirth: '1984-05-17' })).toMatchObject({
      name: 'Emma',
      dateOfBirth: '1984-05-17T00:00:00.000Z',
    });
    expect(profilePayload({ ...base, dateOfBirth: '' })).not.toHaveProperty('dateOfBirth');
  });
});

describe('ProfileDialog', () => {
  it('requires the full name, shows Saving... while saving, then closes and reloads', async () => {
    let release!: () => void;
    const fetchMock = vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(new Response(JSON.stringify({ success: true, data: user }), { status: 200 }));
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onOpenChange = vi.fn();
    const reload = vi.fn();
    render(<ProfileDialog user={user} open onOpenChange={onOpenChange} reload={reload} />, {
      wrapper: WithQueries,
    });
    const name = screen.getByLabelText('Full Name');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByText('Full Name is required')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.type(name, 'Emma Nordin');
    await userEvent.type(screen.getByLabelText('Date of Birth'), '1990-02-03');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const saving = await screen.findByRole('button', { name: 'Saving...' });
    expect(saving).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/users/me');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toMatchObject({
      name: 'Emma Nordin',
      dateOfBirth: '1990-02-03T00:00:00.000Z',
      city: 'Helsinki',
    });
    release();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says next to the field what date of birth and phone are allowed, and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<ProfileDialog user={user} open onOpenChange={() => {}} reload={() => {}} />, {
      wrapper: WithQueries,
    });
    const birth = screen.getByLabelText('Date of Birth');
    const { min, max } = birthDateBounds();
    expect(birth).toHaveAttribute('min', min);
    expect(birth).toHaveAttribute('max', max);
    await userEvent.type(birth, '2031-05-05');
    await userEvent.type(screen.getByLabelText('Phone'), 'call me maybe');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText(`Date of birth must be between ${min} and ${max} (age 18 to 100)`),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAccessibleDescription(PHONE_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("a saved profile shows 'Profile updated successfully!' on the reloaded page", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, data: user }), { status: 200 })),
    );
    // A reload replaces the page: nothing rendered and no toast in memory survives it.
    const reload = vi.fn(() => {
      cleanup();
      resetToasts();
    });
    render(
      <>
        <ProfileDialog user={user} open onOpenChange={() => {}} reload={reload} />
        <Toaster />
      </>,
      { wrapper: WithQueries },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();

    render(<Toaster />);
    expect(await toastText('Profile updated successfully!')).toBeInTheDocument();
  });

  it("a failure shows the server's message, or 'Failed to update profile' when there is none", async () => {
    // The failure is an error toast, which the app also logs.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ success: false, message: 'Name is too long', error: 'Name is too long' }),
            {
              status: 400,
            },
          ),
      ),
    );
    const onOpenChange = vi.fn();
    const reload = vi.fn();
    render(
      <>
        <ProfileDialog user={user} open onOpenChange={onOpenChange} reload={reload} />
        <Toaster />
      </>,
      { wrapper: WithQueries },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await toastText('Name is too long')).toBeInTheDocument();
    expect(screen.getAllByText('Error', { exact: true }).length).toBeGreaterThan(0);

    vi.mocked(api).mockRejectedValueOnce(new Error(''));
    await userEvent.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await toastText('Failed to update profile')).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
