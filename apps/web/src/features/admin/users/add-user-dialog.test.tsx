import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AddUserDialog } from './add-user-dialog';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup() {
  const onOpenChange = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AddUserDialog open onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

describe('AddUserDialog', () => {
  it('shows the five messages in their fixed order before sending anything', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setup();
    const submit = () => userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    const alert = () => screen.getByRole('alert');
    expect((screen.getByLabelText('Investor ID') as HTMLInputElement).value).toMatch(
      /^INV-\d{4}-[A-Z0-9]{6}$/,
    );
    await submit();
    expect(alert()).toHaveTextContent('Name is required');
    await userEvent.type(screen.getByLabelText('Name'), 'Nora');
    await submit();
    expect(alert()).toHaveTextContent('Email is required');
    await userEvent.type(screen.getByLabelText('Email'), 'nora@example');
    await submit();
    expect(alert()).toHaveTextContent('Invalid email format');
    await userEvent.type(screen.getByLabelText('Email'), '.com');
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    await submit();
    expect(alert()).toHaveTextContent('Password must be at least 6 characters');
    await userEvent.type(screen.getByLabelText('Password'), '6');
    await userEvent.clear(screen.getByLabelText('Investor ID'));
    await submit();
    expect(alert()).toHaveTextContent('Investor ID is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends only the four fields; a taken investor ID shows the message and generates a new ID', async () => {
    // The failure is an error toast, which the app also logs.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        json(409, {
          success: false,
          message: 'This investor ID is already in use',
          error: 'This investor ID is already in use',
        }),
      )
      .mockResolvedValueOnce(json(201, { success: true, data: { name: 'Nora', email: 'nora@example.com' } }));
    vi.stubGlobal('fetch', fetchMock);
    const { onOpenChange } = setup();
    await userEvent.type(screen.getByLabelText('Name'), 'Nora');
    await userEvent.type(screen.getByLabelText('Email'), 'nora@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    const id = screen.getByLabelText('Investor ID');
    await userEvent.clear(id);
    await userEvent.type(id, 'INV-2022-EL7Q2K');
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('This investor ID is already in use'),
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/users');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Nora',
      email: 'nora@example.com',
      password: 'secret1',
      investorId: 'INV-2022-EL7Q2K',
    });
    expect(id).not.toHaveValue('INV-2022-EL7Q2K');
    expect((id as HTMLInputElement).value).toMatch(/^INV-\d{4}-[A-Z0-9]{6}$/);

    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(JSON.parse((fetchMock.mock.calls[1] as [string, RequestInit])[1].body as string).investorId).toBe(
      (id as HTMLInputElement).value,
    );
  });
});
