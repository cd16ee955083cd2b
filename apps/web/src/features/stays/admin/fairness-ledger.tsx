import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { useFairness } from '@/queries/allocations';
import { EmptyState } from '@/components/admin/empty-state';
import { useFailedToast } from '@/components/admin/feedback';

/**
 * The fairness ledger of a project for the admin: every investor's share, peak nights held in each of
 * the last three years against their fair share, peak nights per €10,000 and their place in the next
 * allocation (fewest per euro first).
 */
export function FairnessLedger({ projectId }: { projectId: string }) {
  const { t } = useTranslation('stays');
  const headingId = useId();
  const { data, isLoading, isError, error } = useFairness(projectId);
  useFailedToast(t('admin.allocations.ledger.fetchFailed'), isError, error);
  return (
    <section aria-labelledby={headingId} className="mt-8 grid min-w-0 gap-4">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          {t('admin.allocations.ledger.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('admin.allocations.ledger.description')}</p>
      </div>
      {isLoading ? (
        <Skeleton className="h-40" role="status" aria-label={t('admin.allocations.ledger.loading')} />
      ) : !data || data.rows.length === 0 ? (
        <EmptyState title={t('admin.allocations.ledger.empty')} />
      ) : (
        <>
          <Card className="hidden min-w-0 p-0 lg:block">
            <Table aria-label={t('admin.allocations.ledger.label')}>
              <THead>
                <Tr>
                  <Th>{t('admin.allocations.ledger.investor')}</Th>
                  <Th className="text-right">{t('admin.allocations.ledger.share')}</Th>
                  {data.years.map((y) => (
                    <Th key={y.year} className="text-right">
                      {t('admin.allocations.ledger.yearHead', { year: String(y.year) })}
                    </Th>
                  ))}
                  <Th className="text-right">
                    {t('admin.allocations.ledger.per10000', { amount: formatMoney(10_000) })}
                  </Th>
                  <Th className="text-right">{t('admin.allocations.ledger.priority')}</Th>
                </Tr>
              </THead>
              <TBody>
                {data.rows.map((r) => (
                  <Tr key={r.userId}>
                    <Td className="font-medium wrap-anywhere">{r.name}</Td>
                    <Td className="text-right tabular">{formatPercent(r.sharePercent)}</Td>
                    {r.years.map((y) => (
                      <Td key={y.year} className="text-right tabular">
                        {t('admin.allocations.ledger.nights', {
                          held: formatNumber(y.peakNights),
                          fair: formatNumber(y.fairShare, 1),
                        })}
                      </Td>
                    ))}
                    <Td className="text-right tabular">{formatNumber(r.peakNightsPer10000, 2)}</Td>
                    <Td className="text-right tabular">
                      {r.priority.tiedWith > 0
                        ? t('admin.allocations.ledger.tied', { position: formatNumber(r.priority.position) })
                        : formatNumber(r.priority.position)}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </Card>
          {/* Narrow screens: each investor as a block of lines instead of a wide table. */}
          <ul className="grid gap-3 lg:hidden" aria-label={t('admin.allocations.ledger.label')}>
            {data.rows.map((r) => (
              <li key={r.userId} className="grid gap-1 rounded-xl border bg-card p-4 text-sm">
                <p className="font-medium wrap-anywhere">{r.name}</p>
                <p>
                  {t('admin.allocations.ledger.share')}:{' '}
                  <span className="tabular">{formatPercent(r.sharePercent)}</span>
                </p>
                {r.years.map((y) => (
                  <p key={y.year}>
                    {t('admin.allocations.ledger.yearHead', { year: String(y.year) })}:{' '}
                    <span className="tabular">
                      {t('admin.allocations.ledger.nights', {
                        held: formatNumber(y.peakNights),
                        fair: formatNumber(y.fairShare, 1),
                      })}
                    </span>
                  </p>
                ))}
                <p>
                  {t('admin.allocations.ledger.per10000', { amount: formatMoney(10_000) })}:{' '}
                  <span className="tabular">{formatNumber(r.peakNightsPer10000, 2)}</span>
                </p>
                <p>
                  {t('admin.allocations.ledger.priority')}:{' '}
                  <span className="tabular">
                    {r.priority.tiedWith > 0
                      ? t('admin.allocations.ledger.tied', { position: formatNumber(r.priority.position) })
                      : formatNumber(r.priority.position)}
                  </span>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
