import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryRouter, useNavigate } from 'react-router';
import { fakeApi, json } from '../../test/admin';
import { INVESTOR } from '../../test/fixtures';
import { setLocale } from '@/lib/i18n';
import { AuthProvider } from '@/queries/session';
import { RequireAuth } from './require-auth';
import { Shell } from './shell/shell';

function Area() {
  const navigate = useNavigate();
  return (
    <AuthProvider navigate={(to) => void navigate(to)} alert={() => {}}>
      <Outlet />
    </AuthProvider>
  );
}

/** The investor shell of Emma, whose account speaks `locale`, behind the guard as the app mounts it. */
async function renderInvestorShell(locale: 'de' | 'nb') {
  await setLocale(locale);
  fakeApi(
    (req) =>
      req.path === '/api/notifications'
        ? json({ success: true, data: { notifications: [], unreadCount: 0 } })
        : undefined,
    { me: { ...INVESTOR, locale } },
  );
  localStorage.setItem(
    'accessToken',
    `${btoa('{}')}.${btoa(JSON.stringify({ exp: Date.now() / 1000 + 3600 }))}.s`,
  );
  localStorage.setItem('refreshToken', 'r'.repeat(43));
  const router = createMemoryRouter(
    [
      {
        element: <Area />,
        children: [
          {
            path: '/',
            element: (
              <RequireAuth>
                <Shell variant="investor" />
              </RequireAuth>
            ),
            children: [{ index: true, element: <p>Home</p> }],
          },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByText('Home');
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('the investor shell in German and Norwegian (issue 33)', () => {
  it('German: the menu, the header and the account menu', async () => {
    await renderInvestorShell('de');
    const [nav] = screen.getAllByRole('navigation', { name: 'Hauptmenü' });
    expect(linkNames(nav!)).toEqual([
      'Dashboard',
      'Projekte',
      'Vorteile',
      'Dokumente',
      'Mediengalerie',
      'Projekt-Updates',
      'Identitätsprüfung',
      'Meine Zeichnungen',
    ]);
    expect(screen.getAllByRole('link', { name: 'Neuem Projekt beitreten' })[0]).toHaveAttribute(
      'href',
      '/join-project',
    );
    expect(screen.getByRole('link', { name: 'Zum Inhalt springen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Menü öffnen' })).toBeInTheDocument();
    expect(screen.getAllByText('Aktuelles Projekt')[0]).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: `EL ${INVESTOR.name}, Kontomenü` }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Profil bearbeiten' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Abmelden' })).toBeInTheDocument();
  });

  it('Norwegian: the menu, the header and the account menu', async () => {
    await renderInvestorShell('nb');
    const [nav] = screen.getAllByRole('navigation', { name: 'Hovedmeny' });
    expect(linkNames(nav!)).toEqual([
      'Dashbord',
      'Prosjekter',
      'Fordeler',
      'Dokumenter',
      'Mediegalleri',
      'Prosjektoppdateringer',
      'Identitetskontroll',
      'Mine tegninger',
    ]);
    expect(screen.getAllByRole('link', { name: 'Bli med i nytt prosjekt' })[0]).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Åpne meny' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Bytt til (lyst|mørkt) tema/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: `EL ${INVESTOR.name}, Kontomeny` }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Rediger profil' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Logg ut' })).toBeInTheDocument();
  });
});
