import { useMemo, useState } from 'react';
import { Newspaper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NoProjectsYet } from '@/components/no-projects';
import { FilterChips } from '@/components/filter-chips';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentProject } from '@/queries/current-project';
import { useMarkRead, useUpdatesOrEmpty } from '@/queries/updates';
import { UpdateCard } from './components/update-card';
import { UPDATE_FILTERS, matchesFilter, type UpdateFilter } from './update-filters';

function EmptyState({ children }: { children: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center text-muted-foreground">
      <Newspaper className="size-8" aria-hidden="true" />
      <p>{children}</p>
    </Card>
  );
}

/** Project Updates (docs/product.md §9): four filters, cards that expand, the first expansion marks read. */
export function UpdatesPage() {
  const { t } = useTranslation('updates');
  const { current, isLoading: projectsLoading } = useCurrentProject();
  const projectId = current?._id;
  const { data, isLoading } = useUpdatesOrEmpty(projectId);
  const markRead = useMarkRead(projectId);
  const [filter, setFilter] = useState<UpdateFilter>('all');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [requested, setRequested] = useState<ReadonlySet<string>>(() => new Set());

  const updates = useMemo(() => data ?? [], [data]);
  const counts = useMemo(
    () =>
      Object.fromEntries(
        UPDATE_FILTERS.map((f) => [f.id, updates.filter((u) => matchesFilter(u, f.id)).length]),
      ),
    [updates],
  );
  // An update opened from the Unread filter stays in view while it is being read.
  const shown = updates.filter(
    (u) => matchesFilter(u, filter) || (filter === 'unread' && requested.has(u._id)),
  );

  function toggle(id: string, isNew: boolean) {
    const opening = !expanded.has(id);
    setExpanded((s) => {
      const next = new Set(s);
      if (opening) next.add(id);
      else next.delete(id);
      return next;
    });
    // Only the first expansion marks it read; a failed call may be retried by expanding again.
    if (opening && isNew && !requested.has(id)) {
      setRequested((s) => new Set(s).add(id));
      markRead.mutate(id, {
        onError: () =>
          setRequested((s) => {
            const next = new Set(s);
            next.delete(id);
            return next;
          }),
      });
    }
  }

  const loading = projectsLoading || (!!projectId && isLoading);
  return (
    // A reading column: long lines of news are hard to follow on wide screens.
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('page.title')}</h1>
        {current && (
          <p className="mt-1 text-muted-foreground">{t('page.subtitle', { project: current.name })}</p>
        )}
      </header>

      {(loading || projectId) && (
        <FilterChips
          label={t('page.filterLabel')}
          filters={UPDATE_FILTERS.map((f) => ({ id: f.id, label: t(f.label) }))}
          value={filter}
          onChange={setFilter}
          counts={counts}
        />
      )}

      {loading ? (
        <div className="grid gap-4" role="status" aria-label={t('page.loading')}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-36" />
          ))}
        </div>
      ) : !projectId ? (
        <NoProjectsYet />
      ) : updates.length === 0 ? (
        <EmptyState>{t('page.empty')}</EmptyState>
      ) : shown.length === 0 ? (
        <EmptyState>{filter === 'unread' ? t('page.caughtUp') : t('page.noMatch')}</EmptyState>
      ) : (
        <ul className="grid gap-4" aria-label={t('page.list')}>
          {shown.map((u) => (
            <li key={u._id}>
              <UpdateCard update={u} expanded={expanded.has(u._id)} onToggle={() => toggle(u._id, u.isNew)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export { UpdatesPage as Component };
