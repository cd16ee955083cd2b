import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Allocation, AllocationResult } from '@portal/contracts';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatNumber } from '@/lib/format';
import { useAllocationResult } from '@/queries/allocations';
import { stayLine, stayNights } from '../stay';

/** A stay of an allocation in one line: 'Dec 19 → Dec 26, 2026 · 7 nights'. */
export const allocationStayLine = (stay: { checkIn: string; checkOut: string }) => stayLine(stayNights(stay));

/** The stays the draw gave `userId`, each in one line, in the allocation's order. */
export function staysOf(allocation: Allocation, result: AllocationResult, userId: string): string[] {
  const given = new Set(result.assignments.filter((a) => a.userId === userId).map((a) => a.stayId));
  return allocation.stays.filter((s) => given.has(s._id)).map(allocationStayLine);
}

/**
 * The seed and its hash, with how anyone checks the draw: sha256(seed) is the hash published before it,
 * and ties are ordered by ascending sha256(seed + ':' + userId). Before the run only the hash is known.
 */
export function DrawCheck({ seed, seedHash }: { seed: string | null; seedHash: string }) {
  const { t } = useTranslation('stays');
  return (
    <div className="grid gap-2 text-sm">
      <dl className="grid gap-1">
        {seed && (
          <div>
            <dt className="text-muted-foreground">{t('allocations.result.seed')}</dt>
            <dd>
              <code className="break-all font-mono text-xs">{seed}</code>
            </dd>
          </div>
        )}
        <div>
          <dt className="text-muted-foreground">{t('allocations.seedHash')}</dt>
          <dd>
            <code className="break-all font-mono text-xs">{seedHash}</code>
          </dd>
        </div>
      </dl>
      <p className="text-muted-foreground">
        {seed ? t('allocations.result.check') : t('allocations.hashNote')}
      </p>
    </div>
  );
}

/**
 * The outcome of a draw as an investor sees it: their own stays (or none), the priority order with
 * themselves as "You" and everyone else by place only ("Investor 2"), and the seed to check it by.
 */
export function AllocationResultView({ allocation }: { allocation: Allocation }) {
  const { t } = useTranslation('stays');
  const headingId = useId();
  const { data: result, isLoading } = useAllocationResult(allocation._id);
  if (isLoading)
    return <Skeleton className="h-32" role="status" aria-label={t('allocations.result.loading')} />;
  if (!result) return <p className="text-sm text-muted-foreground">{t('allocations.result.failed')}</p>;
  const me = result.people.find((p) => p.you);
  const mine = me ? staysOf(allocation, result, me.userId) : [];
  return (
    <section aria-labelledby={headingId} className="grid gap-4">
      <div>
        <h3 id={headingId} className="font-semibold">
          {t('allocations.result.title')}
        </h3>
        {allocation.ranAt && (
          <p className="text-sm text-muted-foreground">
            {t('allocations.result.ranOn', { date: formatDate(allocation.ranAt, 'full') })}
          </p>
        )}
      </div>
      <div className="grid gap-1">
        <h4 className="text-sm font-medium">{t('allocations.result.yours')}</h4>
        {!me ? (
          <p className="text-sm text-muted-foreground">{t('allocations.result.notRanked')}</p>
        ) : mine.length ? (
          <ul className="grid gap-1 text-sm" aria-label={t('allocations.result.yours')}>
            {mine.map((line) => (
              <li key={line} className="font-medium tabular">
                {line}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t('allocations.result.none')}</p>
        )}
      </div>
      {result.people.length > 0 && (
        <div className="grid gap-1">
          <h4 className="text-sm font-medium">{t('allocations.result.order')}</h4>
          <ol className="grid gap-1 text-sm" aria-label={t('allocations.result.order')}>
            {result.people.map((p, i) => {
              // Others are named by their place only: the server hides their names, and so does this.
              const who = p.you
                ? t('allocations.result.you')
                : t('allocations.result.investor', { n: formatNumber(i + 1) });
              const stays = staysOf(allocation, result, p.userId);
              return (
                <li key={p.userId} className={p.you ? 'font-medium' : undefined}>
                  <span className="tabular text-muted-foreground">{formatNumber(i + 1)}. </span>
                  {stays.length ? t('allocations.result.withStay', { who, stay: stays.join('; ') }) : who}
                </li>
              );
            })}
          </ol>
        </div>
      )}
      <DrawCheck seed={result.seed} seedHash={result.seedHash} />
    </section>
  );
}
