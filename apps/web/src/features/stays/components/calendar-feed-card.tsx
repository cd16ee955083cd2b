import { useId } from 'react';
import { CalendarDays, Copy, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { confirmAction } from '@/lib/confirm';
import { toast, toastError } from '@/lib/toast';
import { useCalendarFeed, useRegenerateCalendarFeed } from '@/queries/calendar';

/**
 * The investor's calendar address (an .ics feed of their approved stays) to subscribe to in a calendar
 * app: copied in one click, and replaced when it was shared by mistake.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation('stays');
  const feed = useCalendarFeed();
  const regenerate = useRegenerateCalendarFeed({ failure: t('feed.renewFailed') });
  const inputId = useId();
  const url = feed.data ?? '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('feed.copied') });
    } catch {
      toastError(t('feed.copyYourself'), t('feed.copyFailed'));
    }
  }

  async function renew() {
    const ok = await confirmAction({
      title: t('feed.renewTitle'),
      description: t('feed.renewText'),
      confirmLabel: t('feed.renewConfirm'),
      destructive: true,
    });
    if (!ok) return;
    try {
      await regenerate.mutateAsync();
      toast({ title: t('feed.renewed'), description: t('feed.renewedText') });
    } catch {
      // Told by the renewal's failure toast.
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <CalendarDays className="size-4" aria-hidden="true" />
          {t('feed.title')}
        </CardTitle>
        <CardDescription>{t('feed.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Label htmlFor={inputId} className="sr-only">
          {t('feed.link')}
        </Label>
        <Input
          id={inputId}
          readOnly
          value={url}
          placeholder={feed.isLoading ? t('feed.loading') : undefined}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs"
        />
        {feed.isError && <p className="text-sm text-destructive">{t('feed.loadFailed')}</p>}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void copy()} disabled={!url}>
            <Copy aria-hidden="true" />
            {t('feed.copy')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void renew()}
            disabled={!url || regenerate.isPending}
          >
            <RefreshCw aria-hidden="true" />
            {t('feed.new')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
