import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRight, Newspaper } from 'lucide-react';
import type { UpdateCategory } from '@portal/contracts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useProjectUpdates } from '@/queries/updates';

const categoryVariant: Record<UpdateCategory, BadgeProps['variant']> = {
  milestone: 'highlight',
  financial: 'success',
  general: 'secondary',
};
/** Each category's message. */
const CATEGORY_LABEL = {
  milestone: 'updates.category.milestone',
  financial: 'updates.category.financial',
  general: 'updates.category.general',
} as const satisfies Record<UpdateCategory, string>;

/**
 * The latest updates of a project: title, category badge, a two-line excerpt and the date; 'No updates
 * available' when there are none or they cannot be loaded.
 */
export function UpdatesList({
  projectId,
  limit,
  showViewAll = false,
  onViewAll,
  headingLevel = 3,
}: {
  projectId: string | null | undefined;
  limit: number;
  showViewAll?: boolean;
  /** Runs before going to /updates (e.g. to make this project the current one). */
  onViewAll?: () => void;
  headingLevel?: 3 | 4;
}) {
  const { data, isLoading } = useProjectUpdates(projectId, limit);
  const { t } = useTranslation('portfolio');
  const label = (c: string) =>
    c in CATEGORY_LABEL ? t(CATEGORY_LABEL[c as UpdateCategory]) : c.charAt(0).toUpperCase() + c.slice(1);
  const Title = headingLevel === 3 ? 'h3' : 'h4';
  if (projectId && isLoading)
    return (
      <div className="grid gap-3" role="status" aria-label={t('updates.loading')}>
        {Array.from({ length: Math.min(limit, 3) }, (_, i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
    );
  const updates = data ?? [];
  if (updates.length === 0)
    return (
      <Card className="flex items-center gap-3 p-5 text-sm text-muted-foreground">
        <Newspaper className="size-5 shrink-0" aria-hidden="true" />
        {t('updates.empty')}
      </Card>
    );
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3 md:grid-cols-1 lg:grid-cols-3" aria-label={t('updates.listLabel')}>
        {updates.map((u) => (
          <li key={u._id} className="grid">
            <Card className="flex flex-col gap-2 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <Badge variant={categoryVariant[u.category] ?? 'secondary'}>{label(u.category)}</Badge>
                {u.isNew && <Badge variant="default">{t('updates.new')}</Badge>}
                <time dateTime={u.date} className="ml-auto text-xs text-muted-foreground">
                  {formatDate(u.date)}
                </time>
              </div>
              <Title className="font-semibold leading-snug">{u.title}</Title>
              <p className="line-clamp-2 text-sm text-muted-foreground">{u.excerpt}</p>
            </Card>
          </li>
        ))}
      </ul>
      {showViewAll && (
        <Button asChild variant="ghost" size="sm" className="justify-self-start">
          <Link to="/updates" onClick={onViewAll}>
            {t('updates.viewAll')}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      )}
    </div>
  );
}
