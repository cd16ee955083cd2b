import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { LogOut, Menu, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialogHost } from '@/components/ui/confirm-dialog';
import { Sheet } from '@/components/ui/dialog';
import { useAuth } from '@/queries/session';
import { CurrentProjectProvider, useCurrentProject } from '@/queries/current-project';
import { ADMIN_THEME_KEY, INVESTOR_THEME_KEY, applyTheme, storedTheme, useTheme } from '@/lib/theme';
import { NotificationBell } from '@/features/notifications/notification-bell';
import type { ProfileTab } from '@/features/profile/profile-dialog';
import { ChatButton } from './chat-button';
import { adminLinks, investorLinks } from './nav';
import { ProjectSelect } from './project-select';
import { SidebarContent } from './sidebar';
import { UserMenu } from './user-menu';

type Variant = 'investor' | 'admin';

// The profile dialog (forms, two-factor set-up) is loaded when first opened, not with every page.
const ProfileDialog = lazy(() =>
  import('@/features/profile/profile-dialog').then((m) => ({ default: m.ProfileDialog })),
);

function ThemeToggle({ storageKey }: { storageKey: string }) {
  const { theme, toggle } = useTheme(storageKey);
  const { t } = useTranslation();
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={toggle}
      aria-label={theme === 'dark' ? t('shell.lightTheme') : t('shell.darkTheme')}
    >
      {theme === 'dark' ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}

function ShellLayout({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const { user, isAdmin, logout, reload } = useAuth();
  const { current } = useCurrentProject();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [profileOpen, setProfileOpen] = useState(false);
  const [profileUsed, setProfileUsed] = useState(false);
  const [profileTab, setProfileTab] = useState<ProfileTab>('profile');
  const openProfile = (tab: 'profile' | 'security' = 'profile') => {
    setProfileTab(tab);
    setProfileUsed(true);
    setProfileOpen(true);
  };
  const mustSetUpTwoFactor = !!user?.twoFactorRequired && !user.twoFactorEnabled;

  // Choosing a link (or any navigation) closes the drawer.
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const sections =
    variant === 'admin'
      ? [{ links: adminLinks }]
      : isAdmin
        ? [{ links: investorLinks }, { title: t('nav.adminSection'), links: adminLinks }]
        : [{ links: investorLinks }];
  const showProjectTools = variant === 'investor' && !isAdmin;
  const doLogout = () => void logout({ to: variant === 'admin' ? '/admin-login' : '/login' });
  const sidebar = (inDrawer: boolean) => (
    <SidebarContent
      sections={sections}
      showProjectTools={showProjectTools}
      onNavigate={inDrawer ? () => setDrawerOpen(false) : undefined}
      onLogout={doLogout}
      inDrawer={inDrawer}
    />
  );

  return (
    <div className="flex h-dvh overflow-hidden">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 focus:not-sr-only focus:absolute focus:left-2 focus:top-2"
      >
        {t('shell.skipToContent')}
      </a>
      <aside
        className="hidden w-64 shrink-0 bg-sidebar text-sidebar-foreground md:block"
        aria-label={t('shell.sidebar')}
      >
        {sidebar(false)}
      </aside>
      <Sheet open={drawerOpen} onOpenChange={setDrawerOpen} title={t('shell.menu')}>
        {sidebar(true)}
      </Sheet>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-16 shrink-0 items-center gap-2 border-b bg-card/90 px-3 backdrop-blur sm:px-5">
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={t('shell.openMenu')}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden="true" />
          </Button>
          <p className="min-w-0 truncate text-base font-semibold tracking-tight sm:text-lg">
            {variant === 'admin' ? t('shell.adminPanel') : 'Investor Portal'}
          </p>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            {variant === 'admin' && <ProjectSelect className="hidden lg:grid" />}
            <NotificationBell />
            <ThemeToggle storageKey={variant === 'admin' ? ADMIN_THEME_KEY : INVESTOR_THEME_KEY} />
            {user && <UserMenu user={user} onEditProfile={() => openProfile()} onLogout={doLogout} />}
            {variant === 'admin' && (
              <Button variant="outline" size="sm" onClick={doLogout}>
                <LogOut aria-hidden="true" />
                <span className="hidden sm:inline">{t('shell.logout')}</span>
                <span className="sr-only sm:hidden">{t('shell.logout')}</span>
              </Button>
            )}
          </div>
        </header>
        {mustSetUpTwoFactor && (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 border-b bg-warning-soft px-4 py-2 text-sm text-warning"
          >
            <span className="font-medium">{t('shell.twoFactorRequired')}</span>
            <Button size="sm" variant="outline" onClick={() => openProfile('security')}>
              {t('shell.setUpNow')}
            </Button>
          </div>
        )}
        {variant === 'admin' && (
          // A landmark of its own under the header, as all of the page's content is in one.
          <section aria-label={t('shell.project')} className="border-b bg-card px-3 py-2 sm:px-5 lg:hidden">
            <ProjectSelect tone="row" />
          </section>
        )}
        <main id="main" tabIndex={-1} className="relative flex-1 overflow-y-auto outline-none">
          <div className="mx-auto w-full max-w-7xl p-4 pb-24 sm:p-6 sm:pb-24 lg:p-8 lg:pb-24">
            <Outlet />
          </div>
        </main>
      </div>
      {variant === 'investor' && (
        // In a landmark of its own, like the rest of the page, so that it is found by landmark.
        <aside aria-label={t('shell.supportChat')}>
          <ChatButton user={user} projectName={current?.name} />
        </aside>
      )}
      {user && profileUsed && (
        <Suspense fallback={null}>
          <ProfileDialog
            user={user}
            open={profileOpen}
            onOpenChange={setProfileOpen}
            tab={profileTab}
            onTabChange={setProfileTab}
            onUserChanged={reload}
          />
        </Suspense>
      )}
      <ConfirmDialogHost />
    </div>
  );
}

/** The signed-in shell (docs/product.md §5): sidebar (a drawer under 768 px), header and main area. */
export function Shell({ variant }: { variant: Variant }) {
  // Each area has its own theme preference; the admin area is light unless changed.
  useEffect(() => {
    applyTheme(
      variant === 'admin' ? storedTheme(ADMIN_THEME_KEY, 'light') : storedTheme(INVESTOR_THEME_KEY, 'system'),
    );
  }, [variant]);
  return (
    <CurrentProjectProvider storageKey={variant === 'admin' ? 'adminSelectedProjectId' : 'currentProjectId'}>
      <ShellLayout variant={variant} />
    </CurrentProjectProvider>
  );
}
