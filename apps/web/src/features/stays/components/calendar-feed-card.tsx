import { useId } from 'react';
import { CalendarDays, Copy, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { confirmAction } from '@/lib/confirm';
import { messageOf, toast, toastError } from '@/lib/toast';
import { useCalendarFeed, useRegenerateCalendarFeed } from '@/queries/calendar';

/**
 * The investor's calendar address (an .ics feed of their approved stays) to subscribe to in a calendar
 * app: copied in one click, and replaced when it was shared by mistake.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const regenerate = useRegenerateCalendarFeed();
  const inputId = useId();
  const url = feed.data ?? '';

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Calendar link copied' });
    } catch {
      toastError('Select the link and copy it yourself.', 'Could not copy the link');
    }
  }

  async function renew() {
    const ok = await confirmAction({
      title: 'Make a new calendar link?',
      description:
        'The current link stops working at once: calendars subscribed to it no longer update. ' +
        'Subscribe again with the new link.',
      confirmLabel: 'Make new link',
      destructive: true,
    });
    if (!ok) return;
    try {
      await regenerate.mutateAsync();
      toast({ title: 'New calendar link made', description: 'The old link no longer works.' });
    } catch (err) {
      toastError(messageOf(err, 'Please try again.'), 'Could not make a new link');
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <CalendarDays className="size-4" aria-hidden="true" />
          Calendar feed
        </CardTitle>
        <CardDescription>
          Your approved stays in your calendar app. Keep the link private: anyone who has it can see them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Label htmlFor={inputId} className="sr-only">
          Calendar link
        </Label>
        <Input
          id={inputId}
          readOnly
          value={url}
          placeholder={feed.isLoading ? 'Loading…' : undefined}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs"
        />
        {feed.isError && <p className="text-sm text-destructive">The calendar link could not be loaded.</p>}
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void copy()} disabled={!url}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => void renew()}
            disabled={!url || regenerate.isPending}
          >
            <RefreshCw aria-hidden="true" />
            New link
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
