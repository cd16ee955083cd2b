import { useTranslation } from 'react-i18next';
import { EMAIL_CATEGORY } from '@/lib/email-categories';
import type { OutboxMessage } from '@portal/contracts';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useOutboxMessage } from '@/queries/mail';
import { useFailedToast } from '@/components/admin/feedback';
import { MailStatusBadge, statusNote, when } from './labels';

/**
 * One email of the outbox as it was (or will be) sent: the recipient and facts, then its HTML part in a
 * sandboxed frame (no scripts, no forms, no same origin: the email cannot reach the portal) and its
 * plain-text part. Secrets such as reset links come from the server as "(hidden)".
 */
export function MessageDialog({ message, onClose }: { message: OutboxMessage | null; onClose: () => void }) {
  const { t } = useTranslation(['admin', 'common']);
  const { data, isLoading, isError, error } = useOutboxMessage(message?._id ?? null);
  useFailedToast(t('message.failedLoad'), isError, error);
  const note = message && statusNote(message);
  return (
    <Dialog open={!!message} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-3xl">
        {message && (
          <>
            <DialogHeader>
              <DialogTitle className="break-words">{message.subject}</DialogTitle>
              <DialogDescription className="break-all">
                {t('message.to', { address: message.to })}
              </DialogDescription>
            </DialogHeader>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-muted-foreground">{t('message.category')}</dt>
              <dd>{t(EMAIL_CATEGORY[message.category])}</dd>
              <dt className="text-muted-foreground">{t('message.status')}</dt>
              <dd className="grid justify-items-start gap-1">
                <MailStatusBadge status={message.status} />
                {note && <span className="break-words text-muted-foreground">{note}</span>}
              </dd>
              <dt className="text-muted-foreground">{t('message.created')}</dt>
              <dd className="tabular">{when(message.createdAt)}</dd>
              <dt className="text-muted-foreground">{t('message.sent')}</dt>
              <dd className="tabular">{message.sentAt ? when(message.sentAt) : t('message.notYet')}</dd>
            </dl>
            {isLoading ? (
              <Skeleton className="h-72" />
            ) : data ? (
              <Tabs defaultValue="html" className="min-w-0">
                <TabsList aria-label={t('message.parts')}>
                  <TabsTrigger value="html">{t('message.html')}</TabsTrigger>
                  <TabsTrigger value="text">{t('message.text')}</TabsTrigger>
                </TabsList>
                <TabsContent value="html" className="mt-3">
                  <iframe
                    sandbox=""
                    srcDoc={data.html}
                    title={t('message.frameTitle', { subject: message.subject })}
                    className="h-[60vh] min-h-64 w-full rounded-md border bg-white"
                  />
                </TabsContent>
                {/* The panel scrolls (and takes focus), the text wraps. */}
                <TabsContent
                  value="text"
                  className="mt-3 max-h-[60vh] overflow-auto rounded-md border bg-muted/40 focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <pre className="whitespace-pre-wrap break-words p-4 font-mono text-sm">{data.text}</pre>
                </TabsContent>
              </Tabs>
            ) : (
              <p className="text-sm text-muted-foreground">{t('message.failed')}</p>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
