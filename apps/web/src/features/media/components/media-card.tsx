import { Clock, Download, ImageOff, Maximize2, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDate } from '@/lib/format';
import { MEDIA_TYPE_LABELS, downloadFileName, isVideo } from '../media-view';

/** The picture of a card: the thumbnail, else the first frame of a video, else the photo itself. */
function MediaThumbnail({ item, className }: { item: MediaItem; className?: string }) {
  const cls = cn('size-full object-cover', className);
  if (item.thumbnail)
    return <img src={item.thumbnail} alt="" loading="lazy" decoding="async" className={cls} />;
  if (item.url && isVideo(item))
    return (
      <video
        src={`${item.url}#t=0.5`}
        preload="metadata"
        muted
        playsInline
        aria-hidden="true"
        tabIndex={-1}
        className={cls}
      />
    );
  if (item.url) return <img src={item.url} alt="" loading="lazy" decoding="async" className={cls} />;
  return (
    <div className="flex size-full items-center justify-center text-muted-foreground">
      <ImageOff className="size-8" aria-hidden="true" />
    </div>
  );
}

/**
 * A gallery card: thumbnail, duration badge for videos, title, short date and description. Open and
 * Download sit on the picture: shown on hover, on keyboard focus, and always on touch screens.
 */
export function MediaCard({ item, onOpen }: { item: MediaItem; onOpen: () => void }) {
  const { t } = useTranslation('media');
  const video = isVideo(item);
  return (
    <Card className="group flex h-full flex-col overflow-hidden">
      {/* The picture also opens the item for mouse users; keyboard users have the Open button. */}
      <div className="relative aspect-video cursor-pointer overflow-hidden bg-muted" onClick={onOpen}>
        <MediaThumbnail item={item} className="transition-transform duration-300 group-hover:scale-[1.03]" />
        {video && (
          <span className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-black/55 text-white shadow-lg backdrop-blur-sm">
              <Play className="size-5 translate-x-px fill-current" aria-hidden="true" />
            </span>
          </span>
        )}
        <div className="pointer-events-none absolute left-2 top-2 flex flex-wrap gap-1.5">
          {item.type === 'behind-scenes' && (
            <Badge className="border-transparent bg-black/65 text-white">
              {t(MEDIA_TYPE_LABELS[item.type])}
            </Badge>
          )}
          {item.personal && <Badge variant="highlight">{t('card.justForYou')}</Badge>}
        </div>
        {video && item.duration && (
          <Badge className="pointer-events-none absolute bottom-2 right-2 border-transparent bg-black/70 text-white tabular-nums">
            <Clock className="size-3" aria-hidden="true" />
            <span className="sr-only">{t('card.duration')}</span>
            {item.duration}
          </Badge>
        )}
        <div
          className="absolute right-2 top-2 flex gap-2 opacity-0 transition-opacity group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100"
          onClick={(e) => e.stopPropagation()}
        >
          <Button
            variant="outline"
            size="icon"
            className="size-9 border-transparent bg-card/90 shadow-md backdrop-blur-sm"
            aria-label={t('card.open', { title: item.title })}
            onClick={onOpen}
          >
            <Maximize2 aria-hidden="true" />
          </Button>
          {item.downloadUrl && (
            <Button
              asChild
              variant="outline"
              size="icon"
              className="size-9 border-transparent bg-card/90 shadow-md backdrop-blur-sm"
            >
              <a
                href={item.downloadUrl}
                download={downloadFileName(item)}
                aria-label={t('card.download', { title: item.title })}
              >
                <Download aria-hidden="true" />
              </a>
            </Button>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <h2 className="line-clamp-1 font-semibold leading-snug" title={item.title}>
          {item.title}
        </h2>
        <p className="text-xs text-muted-foreground">
          <time dateTime={item.date}>{formatDate(item.date)}</time>
        </p>
        {item.description && (
          <p className="mt-1 line-clamp-2 text-sm text-muted-foreground">{item.description}</p>
        )}
      </div>
    </Card>
  );
}
