import { Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatDate } from '@/lib/format';
import { MEDIA_TYPE_LABELS, downloadFileName, isVideo } from '../media-view';

/** The opened item: the video player or the image, its description, upload date, type and a Download. */
export function MediaDialog({ item, onClose }: { item: MediaItem | null; onClose: () => void }) {
  const { t } = useTranslation('media');
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      {item && (
        <DialogContent className="max-w-4xl gap-0 p-0">
          <DialogHeader className="px-5 pb-4 pt-5 pr-12 sm:px-6">
            <DialogTitle className="break-words">{item.title}</DialogTitle>
          </DialogHeader>
          <div className="flex items-center justify-center bg-black">
            {isVideo(item) ? (
              <video
                key={item._id}
                src={item.url ?? undefined}
                poster={item.thumbnail ?? undefined}
                controls
                playsInline
                preload="metadata"
                aria-label={item.title}
                className="max-h-[60dvh] w-full"
              />
            ) : (
              <img
                src={item.url ?? item.thumbnail ?? undefined}
                alt={item.title}
                className="max-h-[60dvh] w-full object-contain"
              />
            )}
          </div>
          <div className="grid gap-4 px-5 pb-5 pt-4 sm:px-6 sm:pb-6">
            <DialogDescription className="text-base text-foreground">
              {item.description || t('dialog.noDescription')}
            </DialogDescription>
            <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
              <dl className="flex flex-wrap gap-x-8 gap-y-3 text-sm">
                <div>
                  <dt className="text-muted-foreground">{t('dialog.uploaded')}</dt>
                  <dd className="mt-0.5 font-medium">
                    <time dateTime={item.date}>{formatDate(item.date, 'long')}</time>
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">{t('dialog.type')}</dt>
                  <dd className="mt-0.5">
                    <Badge variant="secondary">{t(MEDIA_TYPE_LABELS[item.type])}</Badge>
                  </dd>
                </div>
                {item.duration && isVideo(item) && (
                  <div>
                    <dt className="text-muted-foreground">{t('dialog.duration')}</dt>
                    <dd className="mt-0.5 font-medium tabular-nums">{item.duration}</dd>
                  </div>
                )}
              </dl>
              {item.downloadUrl ? (
                <Button asChild>
                  <a href={item.downloadUrl} download={downloadFileName(item)}>
                    <Download aria-hidden="true" />
                    {t('dialog.download')}
                  </a>
                </Button>
              ) : (
                <Button disabled>
                  <Download aria-hidden="true" />
                  {t('dialog.download')}
                </Button>
              )}
            </div>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
