import { useMemo, useState, type ReactNode } from 'react';
import { Images, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MEDIA_FILTERS, type MediaFilter } from '@portal/contracts';
import { NoProjectsYet } from '@/components/no-projects';
import { FilterChips } from '@/components/filter-chips';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentProject } from '@/queries/current-project';
import { useMedia } from '@/queries/media';
import { messageOf } from '@/lib/toast';
import { MediaCard } from './components/media-card';
import { MediaDialog } from './components/media-dialog';
import { MEDIA_FILTER_LABELS, matchesMediaFilter } from './media-view';

function Message({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center text-muted-foreground">
      <Images className="size-8" aria-hidden="true" />
      <p>{children}</p>
      {action}
    </Card>
  );
}

/** Media Gallery (docs/product.md §12): four working filters, cards, and a modal with the player or image. */
export function MediaPage() {
  const { t } = useTranslation('media');
  const { current, isLoading: projectsLoading } = useCurrentProject();
  const projectId = current?._id;
  const { data, isLoading, isError, error, refetch, isFetching } = useMedia(projectId);
  const [filter, setFilter] = useState<MediaFilter>('all');
  const [openId, setOpenId] = useState<string | null>(null);

  const media = useMemo(() => data ?? [], [data]);
  const counts = useMemo(
    () =>
      Object.fromEntries(
        MEDIA_FILTERS.map((f) => [f.id, media.filter((m) => matchesMediaFilter(m, f.id)).length]),
      ),
    [media],
  );
  const shown = media.filter((m) => matchesMediaFilter(m, filter));
  const opened = media.find((m) => m._id === openId) ?? null;
  const loading = projectsLoading || (!!projectId && isLoading);

  let body: ReactNode;
  if (loading) {
    body = (
      <div role="status" className="grid gap-4">
        <p className="text-sm text-muted-foreground">{t('gallery.loading')}</p>
        <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="aspect-[4/3]" />
          ))}
        </div>
      </div>
    );
  } else if (!projectId) {
    body = <NoProjectsYet />;
  } else if (isError) {
    body = (
      <Message
        action={
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            <RotateCw aria-hidden="true" />
            {t('gallery.tryAgain')}
          </Button>
        }
      >
        {error instanceof Error
          ? t('gallery.loadFailedWith', { message: messageOf(error, '') })
          : t('gallery.loadFailed')}
      </Message>
    );
  } else if (media.length === 0) {
    body = <Message>{t('gallery.empty')}</Message>;
  } else if (shown.length === 0) {
    body = <Message>{t('gallery.noMatch')}</Message>;
  } else {
    body = (
      <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('gallery.list')}>
        {shown.map((m) => (
          <li key={m._id}>
            <MediaCard item={m} onOpen={() => setOpenId(m._id)} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('gallery.title')}</h1>
        {current && (
          <p className="mt-1 text-muted-foreground">{t('gallery.subtitle', { project: current.name })}</p>
        )}
      </header>

      <FilterChips
        label={t('gallery.filterLabel')}
        filters={MEDIA_FILTERS.map((f) => ({ id: f.id, label: t(MEDIA_FILTER_LABELS[f.id]) }))}
        value={filter}
        onChange={setFilter}
        counts={counts}
      />

      {body}
      <MediaDialog item={opened} onClose={() => setOpenId(null)} />
    </div>
  );
}

export { MediaPage as Component };
