import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheck, Clock, Download, Filter, X } from 'lucide-react';
import { PAYOUT_STATUSES, PAYOUT_TYPES, type Payout } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { downloadCsv } from '@/lib/csv';
import { formatDate, formatMoney, formatMonth, formatNumber } from '@/lib/format';
import { usePayouts } from '@/queries/investments';
import {
  NO_PAYOUT_FILTER,
  filterPayouts,
  payoutStatusLabel,
  payoutTypeLabel,
  payoutsCount,
  payoutsCsv,
  type PayoutFilter,
} from '../portfolio-data';

/** How many payouts the timeline shows before 'Show all'. */
const VISIBLE = 6;

function PayoutItem({ payout: p }: { payout: Payout }) {
  const { t } = useTranslation('portfolio');
  const paid = p.status === 'paid';
  // An adjustment is its own line with its reason ("Adjustment: {reason}"), shown in full.
  const what = p.note ?? payoutTypeLabel(p.type);
  // Income paid on a day outside the month it was earned in (a distribution paid later) says which month.
  const earned = (p.type === 'monthly' || p.type === 'final') && p.date.slice(0, 7) !== p.month;
  return (
    <li className="relative flex gap-3 pb-4 pl-1 last:pb-0">
      {/* The timeline's line and dot. */}
      <span aria-hidden="true" className="absolute bottom-0 left-[0.9rem] top-7 w-px bg-border" />
      <span
        aria-hidden="true"
        className={
          paid
            ? 'z-10 flex size-7 shrink-0 items-center justify-center rounded-full bg-success-soft text-success'
            : 'z-10 flex size-7 shrink-0 items-center justify-center rounded-full bg-warning-soft text-warning'
        }
      >
        {paid ? <CircleCheck className="size-4" /> : <Clock className="size-4" />}
      </span>
      <div className="flex min-w-0 flex-1 items-start justify-between gap-3">
        {/* One statement, the amount and what it was for (not a heading over a paragraph). */}
        <p className="min-w-0">
          <span className="tabular block font-semibold">{formatMoney(p.amount)}</span>{' '}
          <span
            className={cn('text-xs text-muted-foreground', p.note ? 'block break-words' : 'line-clamp-2')}
          >
            {earned
              ? t('payouts.itemFor', { what, month: formatMonth(p.month), project: p.project.name })
              : t('payouts.item', { what, project: p.project.name })}
          </span>
        </p>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <time dateTime={p.date} className="tabular text-xs text-muted-foreground">
            {formatDate(p.date)}
          </time>
          <Badge variant={paid ? 'success' : 'warning'}>{payoutStatusLabel(p.status)}</Badge>
          {p.bank?.status === 'returned' && (
            <Badge variant="destructive">
              {p.bank.reason
                ? t('payouts.bankReturnedWhy', { reason: p.bank.reason })
                : t('payouts.bankReturned')}
            </Badge>
          )}
          {p.bank?.status === 'booked' && (
            <span className="text-xs text-muted-foreground">{t('payouts.bankBooked')}</span>
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * The filter's projects, by name. Only rendered while the menu is open: the first localeCompare sets up
 * the browser's collation, which cost the dashboard's first render about 40 ms.
 */
function ProjectItems({ payouts }: { payouts: Payout[] }) {
  const byId = new Map<string, string>();
  for (const p of payouts) byId.set(p.project._id, p.project.name);
  return [...byId]
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([id, name]) => (
      <DropdownMenuRadioItem key={id} value={id}>
        {name}
      </DropdownMenuRadioItem>
    ));
}

/**
 * Payout Timeline (docs/product.md §6): the payouts newest first; Filter narrows them by type, status and
 * project, and Export downloads what the filter shows as CSV.
 */
export function PayoutTimeline() {
  const { data, isLoading, isError, refetch } = usePayouts();
  const { t } = useTranslation('portfolio');
  const [filter, setFilter] = useState<PayoutFilter>(NO_PAYOUT_FILTER);
  const [showAll, setShowAll] = useState(false);
  const payouts = useMemo(() => data ?? [], [data]);
  const shown = useMemo(() => filterPayouts(payouts, filter), [payouts, filter]);
  const active = (['type', 'status', 'projectId'] as const).filter((k) => filter[k] !== 'all').length;
  const visible = showAll ? shown : shown.slice(0, VISIBLE);

  const set = (k: keyof PayoutFilter) => (v: string) => {
    setFilter((f) => ({ ...f, [k]: v }));
    setShowAll(false);
  };
  const exportCsv = () =>
    downloadCsv(`payouts-${new Date().toISOString().slice(0, 10)}.csv`, payoutsCsv(shown));

  return (
    <Card className="flex h-full flex-col" role="region" aria-labelledby="payouts-heading">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 pb-4">
        <CardTitle id="payouts-heading">{t('payouts.title')}</CardTitle>
        <div className="flex items-center gap-2">
          {/* Not modal: a modal menu marks the rest of the page aria-hidden while its controls stay focusable. */}
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button variant="outline" size="sm" disabled={payouts.length === 0}>
                <Filter aria-hidden="true" />
                {t('payouts.filter')}
                {active > 0 && (
                  <span className="rounded-full bg-primary px-1.5 text-xs text-primary-foreground">
                    {active}
                    <span className="sr-only"> {t('payouts.activeFilters')}</span>
                  </span>
                )}
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-60">
              <DropdownMenuLabel>{t('payouts.typeLabel')}</DropdownMenuLabel>
              <DropdownMenuRadioGroup value={filter.type} onValueChange={set('type')}>
                <DropdownMenuRadioItem value="all">{t('payouts.allTypes')}</DropdownMenuRadioItem>
                {PAYOUT_TYPES.map((type) => (
                  <DropdownMenuRadioItem key={type} value={type}>
                    {payoutTypeLabel(type)}
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
              <DropdownMenuSeparator />
              <DropdownMenuLabel>{t('payouts.statusLabel')}</DropdownMenuLabel>
              <DropdownMenuRadioGroup value={filter.status} onValueChange={set('status')}>
                <DropdownMenuRadioItem value="all">{t('payouts.allStatuses')}</DropdownMenuRadioItem>
                {PAYOUT_STATUSES.map((s) => (
                  <DropdownMenuRadioItem key={s} value={s}>
                    {payoutStatusLabel(s)}
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
              <DropdownMenuSeparator />
              <DropdownMenuLabel>{t('payouts.projectLabel')}</DropdownMenuLabel>
              <DropdownMenuRadioGroup value={filter.projectId} onValueChange={set('projectId')}>
                <DropdownMenuRadioItem value="all">{t('payouts.allProjects')}</DropdownMenuRadioItem>
                <ProjectItems payouts={payouts} />
              </DropdownMenuRadioGroup>
            </DropdownMenuContent>
          </DropdownMenu>
          <Button variant="outline" size="sm" onClick={exportCsv} disabled={shown.length === 0}>
            <Download aria-hidden="true" />
            {t('payouts.export')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col">
        {isLoading ? (
          <div className="grid gap-3" role="status" aria-label={t('payouts.loading')}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12" />
            ))}
          </div>
        ) : isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>{t('payouts.failed')}</p>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              {t('payouts.tryAgain')}
            </Button>
          </div>
        ) : payouts.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('payouts.empty')}</p>
        ) : (
          <>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
              <p aria-live="polite" className="tabular">
                {payoutsCount(shown)}
              </p>
              {active > 0 && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="h-7 px-2 text-xs"
                  onClick={() => setFilter(NO_PAYOUT_FILTER)}
                >
                  <X aria-hidden="true" />
                  {t('payouts.clearFilters')}
                </Button>
              )}
            </div>
            {shown.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('payouts.noMatch')}</p>
            ) : (
              <ol aria-label={t('payouts.listLabel')} className="grid">
                {visible.map((p) => (
                  <PayoutItem key={p._id} payout={p} />
                ))}
              </ol>
            )}
            {shown.length > VISIBLE && (
              <Button
                variant="ghost"
                size="sm"
                className="mt-3 self-start"
                onClick={() => setShowAll((v) => !v)}
                aria-expanded={showAll}
              >
                {showAll
                  ? t('payouts.showFewer')
                  : t('payouts.showAll', { count: shown.length, n: formatNumber(shown.length) })}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
