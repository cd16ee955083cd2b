import type { ReactNode } from 'react';
import { Plus, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { EmptyState } from './empty-state';
import { NoProject } from './no-project';
import { PageHeader } from './page-header';

/**
 * An admin screen of one project's items (perks, media, updates): its title, the add button, then
 * "select a project", the loading skeletons, the empty text, or the items as a labelled list. The
 * screen keeps its query, its item cards and its dialog.
 */
/** What a list needs of the selected project. */
interface Project {
  _id: string;
  name: string;
}

export function ProjectScopedList<T extends { _id: string }>({
  project,
  title,
  description,
  addLabel,
  onAdd,
  items,
  isLoading,
  skeleton,
  empty,
  listLabel,
  listClassName,
  renderItem,
  children,
}: {
  project: Project | null;
  title: string;
  /** The header's text, with the selected project when there is one. */
  description: (project: Project | null) => string;
  addLabel: string;
  onAdd: () => void;
  items: readonly T[] | undefined;
  isLoading: boolean;
  /** The loading state: its name for screen readers, its grid, how many cards and their class. */
  skeleton: { label: string; className: string; count: number; itemClassName: string };
  empty: { icon: LucideIcon; title: string; hint: string };
  listLabel: string;
  listClassName: string;
  renderItem: (item: T) => ReactNode;
  /** The screen's dialogs. */
  children?: ReactNode;
}) {
  return (
    <>
      <PageHeader
        title={title}
        description={description(project)}
        actions={
          project && (
            <Button onClick={onAdd}>
              <Plus aria-hidden="true" />
              {addLabel}
            </Button>
          )
        }
      />
      {!project ? (
        <NoProject />
      ) : isLoading ? (
        <div className={skeleton.className} role="status" aria-label={skeleton.label}>
          {Array.from({ length: skeleton.count }, (_, i) => (
            <Skeleton key={i} className={skeleton.itemClassName} />
          ))}
        </div>
      ) : !items || items.length === 0 ? (
        <EmptyState icon={empty.icon} title={empty.title} hint={empty.hint} />
      ) : (
        <ul className={listClassName} aria-label={listLabel}>
          {items.map((item) => (
            <li key={item._id}>{renderItem(item)}</li>
          ))}
        </ul>
      )}
      {children}
    </>
  );
}

/** One action under an item's card: an icon and its verb, named with the item ('Edit Sauna evenings'). */
export function CardAction({
  label,
  name,
  icon: Icon,
  onClick,
  destructive,
}: {
  label: string;
  name: string;
  icon: LucideIcon;
  onClick: () => void;
  destructive?: boolean;
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={cn(destructive && 'text-destructive hover:text-destructive')}
      onClick={onClick}
      aria-label={`${label} ${name}`}
    >
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
}
