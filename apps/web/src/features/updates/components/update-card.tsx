import { useId } from 'react';
import { ChevronDown, Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Update, UpdateCategory } from '@portal/contracts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';

const categoryVariant: Record<UpdateCategory, BadgeProps['variant']> = {
  milestone: 'highlight',
  financial: 'success',
  general: 'secondary',
};
/** Each category's label (a message key). */
export const UPDATE_CATEGORY_LABEL = {
  milestone: 'categories.milestone',
  financial: 'categories.financial',
  general: 'categories.general',
} as const satisfies Record<UpdateCategory, string>;

/** Typography for the update's own HTML (headings, paragraphs, lists, links, emphasis, images). */
const prose = cn(
  'text-sm leading-relaxed text-foreground/90 sm:text-base',
  '[&_h1]:mt-5 [&_h1]:mb-2 [&_h1]:text-xl [&_h1]:font-semibold',
  '[&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold',
  '[&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold',
  '[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
  '[&_img]:my-3 [&_img]:max-w-full [&_img]:rounded-lg',
  '[&>*:first-child]:mt-0 [&>*:last-child]:mb-0',
);

/**
 * Content stored as text before the server kept its line breaks (issue 30) has no element that lays out
 * lines: its own line breaks are shown as they are.
 */
const laysOutLines = (html: string) => /<\/?(?:h[1-6]|p|br|ul|ol|li)\b/i.test(html);

/**
 * One update: title, 'New' badge, category, date and excerpt; the toggle shows the full content and
 * the images. The content is HTML sanitized by the server when it was written.
 */
export function UpdateCard({
  update,
  expanded,
  onToggle,
}: {
  update: Update;
  expanded: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('updates');
  const id = useId();
  const titleId = `${id}-title`;
  const bodyId = `${id}-body`;
  return (
    <Card className="p-5 sm:p-6" aria-labelledby={titleId} role="article">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={categoryVariant[update.category] ?? 'secondary'}>
          {t(UPDATE_CATEGORY_LABEL[update.category] ?? UPDATE_CATEGORY_LABEL.general)}
        </Badge>
        {update.isNew && <Badge variant="default">{t('card.new')}</Badge>}
        {update.translatedTo && (
          <Badge variant="outline" title={t('card.translatedHint')}>
            <Languages aria-hidden="true" />
            {t('card.translated')}
          </Badge>
        )}
        <time dateTime={update.date} className="ml-auto text-xs text-muted-foreground sm:text-sm">
          {formatDate(update.date, 'long')}
        </time>
      </div>
      <h2 id={titleId} className="mt-3 text-lg font-semibold leading-snug tracking-tight">
        {update.title}
      </h2>
      {update.excerpt && (
        <p className="mt-1.5 text-sm text-muted-foreground sm:text-base">{update.excerpt}</p>
      )}
      <div id={bodyId} hidden={!expanded} className="mt-4 border-t pt-4">
        {expanded && (
          <>
            {/* Sanitized on the server when written (allow-list); the CSP forbids inline script as well. */}
            <div
              data-testid="update-content"
              className={cn(prose, !laysOutLines(update.content) && 'whitespace-pre-line')}
              dangerouslySetInnerHTML={{ __html: update.content }}
            />
            {update.images.length > 0 && (
              <ul
                className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3"
                aria-label={t('card.images', { title: update.title })}
              >
                {update.images.map((src, i) => (
                  <li key={`${src}-${i}`}>
                    <a
                      href={src}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="block overflow-hidden rounded-lg border bg-muted focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <img
                        src={src}
                        alt={t('card.image', { title: update.title, n: i + 1, total: update.images.length })}
                        loading="lazy"
                        className="aspect-[4/3] w-full object-cover transition-transform hover:scale-[1.03]"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="-ml-3 mt-3 text-primary"
        aria-expanded={expanded}
        aria-controls={bodyId}
        onClick={onToggle}
      >
        {expanded ? t('card.showLess') : t('card.readMore')}
        <ChevronDown className={cn('transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
        <span className="sr-only">{t('card.toggleOf', { title: update.title })}</span>
      </Button>
    </Card>
  );
}
