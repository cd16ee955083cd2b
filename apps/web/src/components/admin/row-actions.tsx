import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { MoreVertical, Pencil, Trash2, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Th } from '@/components/ui/table';
import { cn } from '@/lib/cn';

export interface RowAction {
  /** The verb shown in the menu and, with the row's name, read as the button's name ('Edit'). */
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  destructive?: boolean;
}

/** Edit, then Delete: the actions of most rows. */
export const editAndDelete = (onEdit: () => void, onDelete: () => void): RowAction[] => [
  { label: i18next.t('rowActions.edit'), icon: Pencil, onSelect: onEdit },
  { label: i18next.t('rowActions.delete'), icon: Trash2, onSelect: onDelete, destructive: true },
];

/**
 * The actions of one row of an admin list. From the `sm` breakpoint up, icon buttons side by side
 * ('Edit Q3 report'); on a phone, one "Actions for Q3 report" button opening a menu of them, so that
 * the row's name keeps the width (issue 14, item 11).
 */
export function RowActions({ name, actions }: { name: string; actions: RowAction[] }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="hidden justify-end gap-0.5 sm:flex">
        {actions.map((a) => (
          <Button
            key={a.label}
            variant="ghost"
            size="icon"
            className={cn(a.destructive && 'text-destructive hover:text-destructive')}
            aria-label={t('rowActions.named', { action: a.label, name })}
            title={a.label}
            onClick={a.onSelect}
          >
            <a.icon aria-hidden="true" />
          </Button>
        ))}
      </div>
      <div className="flex justify-end sm:hidden">
        {/* Not modal: a modal menu marks the rest of the page aria-hidden while its controls stay focusable. */}
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon" aria-label={t('rowActions.actionsFor', { name })}>
              <MoreVertical aria-hidden="true" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {actions.map((a) => (
              <DropdownMenuItem
                key={a.label}
                className={cn(a.destructive && 'text-destructive data-[highlighted]:text-destructive')}
                onSelect={a.onSelect}
              >
                <a.icon aria-hidden="true" />
                {a.label}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </>
  );
}

/** The head of a table's actions column: named for screen readers, empty on screen. */
export function ActionsHead() {
  const { t } = useTranslation();
  return (
    <Th className="text-right">
      <span className="sr-only">{t('rowActions.actions')}</span>
    </Th>
  );
}
