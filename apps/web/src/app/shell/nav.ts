import {
  Bell,
  Building2,
  CalendarCheck,
  FileText,
  Gift,
  HandCoins,
  Images,
  Inbox,
  Landmark,
  LayoutDashboard,
  Mail,
  MessageSquareWarning,
  Newspaper,
  PiggyBank,
  Scale,
  ScrollText,
  ShieldCheck,
  UserX,
  Users,
  type LucideIcon,
} from 'lucide-react';
import i18next from 'i18next';
import type { en } from '@portal/i18n';

export interface NavLinkItem {
  to: string;
  /** The link's text in the page's language (read when drawn). */
  readonly label: string;
  icon: LucideIcon;
  end?: boolean;
  /**
   * Other paths of the same section, with the pages below them: /dashboard shows the same page as /,
   * and /project/{id} is a page of Projects. The link is marked current there too.
   */
  aliases?: string[];
}

/** A link whose text is `key`'s message, in the page's language whenever it is read. */
function link(
  key: `nav.${keyof (typeof en)['common']['nav']}`,
  item: Omit<NavLinkItem, 'label'>,
): NavLinkItem {
  return Object.defineProperty({ ...item }, 'label', {
    get: () => i18next.t(key),
    enumerable: true,
  }) as NavLinkItem;
}

export const investorLinks: NavLinkItem[] = [
  link('nav.dashboard', { to: '/', icon: LayoutDashboard, end: true, aliases: ['/dashboard'] }),
  link('nav.projects', { to: '/projects', icon: Building2, aliases: ['/project'] }),
  link('nav.perks', { to: '/perks', icon: Gift }),
  link('nav.documents', { to: '/documents', icon: FileText }),
  link('nav.media', { to: '/media', icon: Images }),
  link('nav.updates', { to: '/updates', icon: Newspaper }),
  link('nav.identity', { to: '/identity', icon: ShieldCheck }),
  link('nav.subscriptions', { to: '/subscriptions', icon: PiggyBank }),
];

export const adminLinks: NavLinkItem[] = [
  link('nav.adminDashboard', { to: '/admin', icon: LayoutDashboard, end: true }),
  link('nav.users', { to: '/admin/users', icon: Users }),
  link('nav.adminProjects', { to: '/admin/projects', icon: Building2 }),
  link('nav.adminPerks', { to: '/admin/perks', icon: Gift }),
  link('nav.adminUpdates', { to: '/admin/updates', icon: Newspaper }),
  link('nav.adminDocuments', { to: '/admin/documents', icon: FileText }),
  link('nav.adminMedia', { to: '/admin/media', icon: Images }),
  link('nav.notifications', { to: '/admin/notifications', icon: Bell }),
  link('nav.bookings', { to: '/admin/bookings', icon: CalendarCheck }),
  link('nav.stayReports', { to: '/admin/stay-reports', icon: MessageSquareWarning }),
  link('nav.allocations', { to: '/admin/allocations', icon: Scale }),
  link('nav.distributions', { to: '/admin/distributions', icon: HandCoins }),
  link('nav.interest', { to: '/admin/interest', icon: Inbox }),
  link('nav.offerings', { to: '/admin/offerings', icon: PiggyBank }),
  link('nav.identityChecks', { to: '/admin/kyc', icon: ShieldCheck }),
  link('nav.erasureRequests', { to: '/admin/erasure-requests', icon: UserX }),
  link('nav.bank', { to: '/admin/bank', icon: Landmark }),
  link('nav.email', { to: '/admin/email', icon: Mail }),
  link('nav.audit', { to: '/admin/audit', icon: ScrollText }),
];
