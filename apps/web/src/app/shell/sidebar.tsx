import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { LogOut, Plus, X } from 'lucide-react';
import { BrandMark } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { SheetClose } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { ProjectSelect } from './project-select';
import type { NavLinkItem } from './nav';

/**
 * Whether a link is the current page: its own path or (unless `end`) a page below it, or one of its
 * aliases or a page below one, matched as the router matches routes.
 */
export function isCurrentLink(pathname: string, { to, end = false, aliases = [] }: NavLinkItem): boolean {
  const at = (path: string, exact: boolean) => matchPath({ path, end: exact }, pathname) !== null;
  return at(to, end) || aliases.some((alias) => at(alias, false));
}

function NavSection({
  title,
  links,
  onNavigate,
}: {
  title?: string;
  links: NavLinkItem[];
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <div>
      {title && (
        <p className="mb-1 px-3 text-xs font-semibold uppercase tracking-wider text-sidebar-muted">{title}</p>
      )}
      <ul className="grid gap-0.5">
        {links.map((link) => {
          const { to, label, icon: Icon } = link;
          const current = isCurrentLink(pathname, link);
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={current ? 'page' : undefined}
                onClick={onNavigate}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground/85 transition-colors hover:bg-sidebar-accent hover:text-sidebar-foreground',
                  current && 'bg-sidebar-accent text-sidebar-foreground shadow-sm',
                )}
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The sidebar's content, used as the fixed sidebar and inside the mobile drawer. */
export function SidebarContent({
  sections,
  showProjectTools,
  onNavigate,
  onLogout,
  inDrawer = false,
}: {
  sections: { title?: string; links: NavLinkItem[] }[];
  showProjectTools: boolean;
  onNavigate?: () => void;
  onLogout: () => void;
  inDrawer?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center justify-between border-b border-sidebar-border px-4">
        <BrandMark />
        {inDrawer && (
          <SheetClose asChild>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('shell.closeMenu')}
              className="text-sidebar-foreground hover:bg-sidebar-accent hover:text-sidebar-foreground"
            >
              <X aria-hidden="true" />
            </Button>
          </SheetClose>
        )}
      </div>
      {showProjectTools && (
        <div className="grid gap-2 border-b border-sidebar-border p-4">
          <ProjectSelect tone="sidebar" />
          <Button asChild variant="secondary" size="sm" className="w-full">
            <Link to="/join-project" onClick={onNavigate}>
              <Plus aria-hidden="true" />
              {t('shell.joinProject')}
            </Link>
          </Button>
        </div>
      )}
      <nav aria-label={t('shell.mainNav')} className="flex-1 space-y-5 overflow-y-auto p-3">
        {sections.map((s, i) => (
          <NavSection key={s.title ?? i} title={s.title} links={s.links} onNavigate={onNavigate} />
        ))}
      </nav>
      <div className="border-t border-sidebar-border p-3">
        <button
          type="button"
          onClick={onLogout}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-sidebar-foreground/85 hover:bg-sidebar-accent hover:text-sidebar-foreground"
        >
          <LogOut className="size-4" aria-hidden="true" />
          {t('shell.logout')}
        </button>
      </div>
    </div>
  );
}
