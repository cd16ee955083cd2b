import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Download, FileArchive } from 'lucide-react';
import { DATA_EXPORT_VALID_DAYS, DATA_EXPORTS_PER_DAY, type DataExport } from '@portal/contracts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatFileSize } from '@/lib/format';
import { messageOf, toast, toastFailed } from '@/lib/toast';
import { downloadExport, useDataExports, useRequestExport } from '@/queries/privacy';

/** What an export's badge says: the server's status, and `expired` once its week is over. */
type Shown = DataExport['status'] | 'expired';

const shownOf = (x: DataExport, now: number): Shown =>
  x.status === 'ready' && (x.size === null || !x.expiresAt || Date.parse(x.expiresAt) <= now)
    ? 'expired'
    : x.status;

const STATUS_TEXT = {
  pending: 'data.status.pending',
  ready: 'data.status.ready',
  failed: 'data.status.failed',
  expired: 'data.status.expired',
} as const satisfies Record<Shown, string>;

const STATUS_VARIANT: Record<Shown, BadgeProps['variant']> = {
  pending: 'warning',
  ready: 'success',
  failed: 'destructive',
  expired: 'outline',
};

function ExportRow({ item }: { item: DataExport }) {
  const { t } = useTranslation('profile');
  const [busy, setBusy] = useState(false);
  const shown = shownOf(item, Date.now());
  const requested = { date: formatDate(item.createdAt), time: formatDate(item.createdAt, 'time') };
  const size = formatFileSize(item.size);
  async function save() {
    setBusy(true);
    try {
      await downloadExport(item);
    } catch (err) {
      toastFailed(t('data.downloadFailed'), err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-3">
      <div className="grid min-w-0 gap-0.5">
        <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {t('data.requestedOn', requested)}
          <Badge variant={STATUS_VARIANT[shown]}>{t(STATUS_TEXT[shown])}</Badge>
        </span>
        {shown === 'ready' && item.expiresAt && (
          <span className="text-xs text-muted-foreground">
            {t('data.expires', {
              date: formatDate(item.expiresAt),
              time: formatDate(item.expiresAt, 'time'),
            })}
            {size && ` · ${size}`}
          </span>
        )}
        {shown === 'failed' && <span className="text-xs text-muted-foreground">{t('data.failedHint')}</span>}
      </div>
      {shown === 'ready' && (
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={t('data.downloadNamed', requested)}
          onClick={() => void save()}
        >
          <Download aria-hidden="true" />
          {busy ? t('data.downloading') : t('data.download')}
        </Button>
      )}
    </li>
  );
}

/**
 * Your data (GDPR articles 15 and 20): ask for a copy of everything the portal holds about you, follow
 * it while it is made, and download it for a week. In the profile dialog's "Your data" tab and on
 * `/your-data`, where the email that says it is ready links to.
 */
export function YourDataPanel({ heading: Heading = 'h3' }: { heading?: 'h2' | 'h3' }) {
  const { t } = useTranslation(['profile', 'common']);
  const idBase = useId();
  const list = useDataExports();
  const request = useRequestExport({ failure: { fallback: t('data.requestFailed') } });
  const exports = list.data ?? [];
  const pending = exports.some((x) => x.status === 'pending');
  const Sub = Heading === 'h2' ? 'h3' : 'h4';

  return (
    <section className="grid gap-4" aria-labelledby={`${idBase}-title`}>
      <div className="grid gap-1">
        <Heading id={`${idBase}-title`} className="flex items-center gap-2 font-semibold">
          <FileArchive className="size-4" aria-hidden="true" /> {t('data.heading')}
        </Heading>
        <p className="text-sm text-muted-foreground">{t('data.intro')}</p>
        <p className="text-sm text-muted-foreground">
          {t('data.limits', { n: DATA_EXPORTS_PER_DAY, days: DATA_EXPORT_VALID_DAYS })}
        </p>
        <p className="text-sm">
          <Link to="/privacy" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('data.privacyLink')}
          </Link>
        </p>
      </div>
      <div>
        <Button
          disabled={request.isPending || pending}
          onClick={() =>
            request.mutate(undefined, { onSuccess: () => toast({ title: t('data.requested') }) })
          }
        >
          {request.isPending ? t('data.requesting') : t('data.request')}
        </Button>
      </div>
      <div className="grid gap-2">
        <Sub id={`${idBase}-list`} className="text-sm font-semibold">
          {t('data.listHeading')}
        </Sub>
        {/* Said when an export being made is still on its way, and announced when that changes. */}
        <p role="status" className="text-sm text-muted-foreground empty:hidden">
          {pending ? t('data.preparing') : ''}
        </p>
        {list.isError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {messageOf(list.error, t('data.loadFailed'))}
          </p>
        ) : !list.data ? (
          <p className="text-sm text-muted-foreground">{t('common:loading')}</p>
        ) : exports.length ? (
          <ul className="grid divide-y rounded-lg border" aria-labelledby={`${idBase}-list`}>
            {exports.map((x) => (
              <ExportRow key={x._id} item={x} />
            ))}
          </ul>
        ) : (
          <p className="text-sm">{t('data.none')}</p>
        )}
      </div>
    </section>
  );
}
