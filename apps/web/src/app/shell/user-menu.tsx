import { useTranslation } from 'react-i18next';
import { LogOut, UserPen } from 'lucide-react';
import type { CurrentUser } from '@portal/contracts';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { initials } from '@/lib/format';

export function UserMenu({
  user,
  onEditProfile,
  onLogout,
}: {
  user: CurrentUser;
  onEditProfile: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      {/*
        The button is named by what it shows, the initials and the name (WCAG 2.5.3 Label in Name: a
        speech-input user says what they see), then what it opens. Under 640 px the name is not shown
        but still read.
      */}
      <DropdownMenuTrigger className="flex items-center gap-2 rounded-full p-0.5 pr-2 hover:bg-accent sm:pr-3">
        <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
          {initials(user.name)}
        </span>{' '}
        <span className="sr-only sm:not-sr-only sm:max-w-40 sm:truncate sm:text-sm sm:font-medium">
          {user.name}
          <span className="sr-only">{t('userMenu.accountMenu')}</span>
        </span>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="grid gap-0.5">
          <span className="text-sm font-semibold text-foreground">{user.name}</span>
          <span className="truncate font-normal">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onEditProfile}>
          <UserPen aria-hidden="true" />
          {t('userMenu.editProfile')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          {t('shell.logout')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
