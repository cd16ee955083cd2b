import {
  Bell,
  Building2,
  CalendarCheck,
  FileText,
  Gift,
  HandCoins,
  Images,
  Inbox,
  LayoutDashboard,
  Mail,
  Newspaper,
  ScrollText,
  Users,
  type LucideIcon,
} from 'lucide-react';

export interface NavLinkItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  /**
   * Other paths of the same section, with the pages below them: /dashboard shows the same page as /,
   * and /project/{id} is a page of Projects. The link is marked current there too.
   */
  aliases?: string[];
}

export const investorLinks: NavLinkItem[] = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard, end: true, aliases: ['/dashboard'] },
  { to: '/projects', label: 'Projects', icon: Building2, aliases: ['/project'] },
  { to: '/perks', label: 'Perks', icon: Gift },
  { to: '/documents', label: 'Documents', icon: FileText },
  { to: '/media', label: 'Media Gallery', icon: Images },
  { to: '/updates', label: 'Project Updates', icon: Newspaper },
];

export const adminLinks: NavLinkItem[] = [
  { to: '/admin', label: 'Admin Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/users', label: 'User Management', icon: Users },
  { to: '/admin/projects', label: 'Projects Management', icon: Building2 },
  { to: '/admin/perks', label: 'Perks Management', icon: Gift },
  { to: '/admin/updates', label: 'Updates Management', icon: Newspaper },
  { to: '/admin/documents', label: 'Documents Management', icon: FileText },
  { to: '/admin/media', label: 'Media Management', icon: Images },
  { to: '/admin/notifications', label: 'Notification Management', icon: Bell },
  { to: '/admin/bookings', label: 'Booking Requests', icon: CalendarCheck },
  { to: '/admin/distributions', label: 'Distributions', icon: HandCoins },
  { to: '/admin/interest', label: 'Interest Registrations', icon: Inbox },
  { to: '/admin/email', label: 'Email', icon: Mail },
  { to: '/admin/audit', label: 'Audit Log', icon: ScrollText },
];
