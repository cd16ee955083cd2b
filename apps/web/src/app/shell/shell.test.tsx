import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useNavigate, Outlet } from 'react-router';
import type { CurrentUser } from '@portal/contracts';
import { ADMIN, fakeApi, json } from '../../../test/admin';
import { AuthProvider } from '@/queries/session';
import { ADMIN_THEME_KEY, INVESTOR_THEME_KEY } from '@/lib/theme';
import { RequireAuth } from '../require-auth';
import { Shell } from './shell';
import { allowConsole } from '../../../test/console';
import { INVESTOR } from '../../../test/fixtures';

/** The operating system asks for a dark theme. */
function preferDark(dark: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: dark && query === '(prefers-color-scheme: dark)',
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })),
  );
}

const isDark = () => document.documentElement.classList.contains('dark');

function Area() {
  const navigate = useNavigate();
  return (
    <AuthProvider navigate={(to) => void navigate(to)} alert={() => {}}>
      <Outlet />
    </AuthProvider>
  );
}

/** A sign-in page loaded on first visit, as the app's lazy routes are. */
const lazyPage = (text: string) => async () => {
  await new Promise((r) => setTimeout(r, 50));
  return { Component: () => <p>{text}</p> };
};

/** The shell of `variant` for a signed-in `me`, behind the guard, as the app's router mounts it. */
function renderShell(
  variant: 'admin' | 'investor',
  me: CurrentUser,
  route: Parameters<typeof fakeApi>[0] = () => undefined,
) {
  fakeApi(
    (req) =>
      route(req) ??
      (req.path === '/api/notifications'
        ? json({ success: true, data: { notifications: [], unreadCount: 0 } })
        : req.path === '/api/auth/logout'
          ? json({ success: true, message: 'Logged out' })
          : undefined),
    { me },
  );
  localStorage.setItem(
    'accessToken',
    `${btoa('{}')}.${btoa(JSON.stringify({ exp: Date.now() / 1000 + 3600 }))}.s`,
  );
  localStorage.setItem('refreshToken', 'r'.repeat(43));
  const path = variant === 'admin' ? '/admin' : '/';
  const router = createMemoryRouter(
    [
      {
        element: <Area />,
        children: [
          { path: '/login', lazy: lazyPage('Login page') },
          { path: '/admin-login', lazy: lazyPage('Admin login page') },
          {
            path,
            element: (
              <RequireAuth admin={variant === 'admin'}>
                <Shell variant={variant} />
              </RequireAuth>
            ),
            children: [{ index: true, element: <p>Home</p> }],
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  // A guard and a logout that fight over where to go make navigations without end: stop after a
  // hundred, so that the test fails instead of running out of memory.
  let navigations = 0;
  router.subscribe(() => {
    if (++navigations > 100) router.dispose();
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  document.documentElement.classList.remove('dark');
  allowConsole('error', /^\[toast\]/);
});

describe('theme (docs/product.md §5)', () => {
  it('the admin area is light by default, whatever the system or the investor area prefer', async () => {
    preferDark(true);
    localStorage.setItem(INVESTOR_THEME_KEY, 'dark');
    document.documentElement.classList.add('dark');
    renderShell('admin', ADMIN);
    expect(await screen.findByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    expect(isDark()).toBe(false);
    expect(localStorage.getItem(ADMIN_THEME_KEY)).toBeNull();
  });

  it('the admin toggle is remembered under its own key, and read back by the next admin visit', async () => {
    preferDark(false);
    const first = renderShell('admin', ADMIN);
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(isDark()).toBe(true);
    expect(localStorage.getItem(ADMIN_THEME_KEY)).toBe('dark');
    expect(localStorage.getItem(INVESTOR_THEME_KEY)).toBeNull();
    first.unmount();

    document.documentElement.classList.remove('dark');
    renderShell('admin', ADMIN);
    expect(await screen.findByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(isDark()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(isDark()).toBe(false);
    expect(localStorage.getItem(ADMIN_THEME_KEY)).toBe('light');
  });

  it("the admin choice does not change the investor area's, which follows the system by default", async () => {
    preferDark(true);
    localStorage.setItem(ADMIN_THEME_KEY, 'light');
    renderShell('investor', INVESTOR);
    expect(await screen.findByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(isDark()).toBe(true);
    expect(localStorage.getItem(ADMIN_THEME_KEY)).toBe('light');
  });
});

describe('two-factor sign-in required for admins (issue 7)', () => {
  const totp = (enabled: boolean) =>
    json({ success: true, data: { enabled, required: true, recoveryCodesLeft: enabled ? 10 : 0 } });

  it('asks an admin without it to set it up, and "Set up now" opens the Security tab', async () => {
    preferDark(false);
    renderShell('admin', { ...ADMIN, twoFactorRequired: true, twoFactorEnabled: false }, (req) =>
      req.path === '/api/auth/totp'
        ? totp(false)
        : // A 403 makes the client refresh the session once and replay, as for any 403.
          req.path === '/api/auth/refresh'
          ? json({
              success: true,
              data: { accessToken: localStorage.getItem('accessToken'), refreshToken: 'n'.repeat(43) },
            })
          : req.path === '/api/admin/settings/security'
            ? json(
                {
                  success: false,
                  message: 'Two-factor sign-in is required for admin accounts. Set it up in your profile.',
                  error: 'Two-factor sign-in is required for admin accounts. Set it up in your profile.',
                },
                403,
              )
            : undefined,
    );
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Two-factor sign-in is required for admin accounts.');
    await userEvent.click(within(banner).getByRole('button', { name: 'Set up now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Profile' });
    expect(within(dialog).getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true');
    expect(
      await within(dialog).findByRole('button', { name: 'Set up two-factor sign-in' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Two-factor sign-in is required for admin accounts.',
    );
  });

  it('says nothing to an admin who has it, nor when it is not required', async () => {
    preferDark(false);
    const view = renderShell('admin', { ...ADMIN, twoFactorRequired: true, twoFactorEnabled: true });
    expect(await screen.findByText('Admin Panel')).toBeInTheDocument();
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(screen.queryByText('Two-factor sign-in is required for admin accounts.')).not.toBeInTheDocument();
    view.unmount();
    renderShell('admin', { ...ADMIN, twoFactorRequired: false, twoFactorEnabled: false });
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up now' })).not.toBeInTheDocument();
  });
});

describe('names that hold what they show (WCAG 2.5.3 Label in Name, issue 14)', () => {
  it('the user menu button is named by its initials and the name it shows, then "Account menu"', async () => {
    preferDark(false);
    renderShell('investor', INVESTOR);
    const menu = await screen.findByRole('button', { name: 'EL Emma Lindqvist, Account menu' });
    // Named by its content, not by an aria-label that would replace what it shows.
    expect(menu).not.toHaveAttribute('aria-label');
    expect(menu).toHaveTextContent(/^EL Emma Lindqvist/);
  });
});

describe('logout (docs/product.md §5)', () => {
  it("the admin shell's Logout returns to /admin-login, even before that page has been loaded", async () => {
    preferDark(false);
    renderShell('admin', ADMIN);
    await userEvent.click(within(await screen.findByRole('banner')).getByRole('button', { name: /^Logout/ }));
    expect(await screen.findByText('Admin login page')).toBeInTheDocument();
    expect(screen.queryByText('Login page')).not.toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it("the investor shell's Logout goes to /login", async () => {
    preferDark(false);
    renderShell('investor', INVESTOR);
    await userEvent.click(await screen.findByRole('button', { name: /Account menu/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
