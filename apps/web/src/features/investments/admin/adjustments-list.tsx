import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { sumMoney, type Adjustment } from '@portal/contracts';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { useAdjustments } from '@/queries/adjustments';
import { useFailedToast } from '@/components/admin/feedback';
import { ADJUSTMENT_KIND_LABELS } from './adjustment-dialog';

/**
 * The adjustments of the investor in the project, newest first, under the monthly returns: each one's
 * day, kind, amount (negative takes money back) and reason; and the way to record one of its own.
 * `corrected` names the entry an adjustment corrects, when it is one on screen ('the Nov 2026 return').
 */
export function AdjustmentsList({
  userId,
  projectId,
  linked,
  corrected,
  onRecord,
}: {
  userId: string;
  projectId: string;
  linked: boolean;
  corrected: (a: Adjustment) => string | null;
  onRecord: () => void;
}) {
  const { t } = useTranslation('investments');
  const { data, isLoading, isError, error } = useAdjustments(userId, projectId);
  useFailedToast(t('adjustments.failedFetch'), isError, error);
  const rows = data ?? [];
  return (
    <section aria-labelledby="adjustments-heading" className="grid gap-3 border-t pt-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id="adjustments-heading" className="font-semibold">
            {t('adjustments.title')}
          </h3>
          <p className="text-sm text-muted-foreground">
            {rows.length > 0
              ? t('adjustments.summary', {
                  adjustments: t('count.adjustments', { count: rows.length, n: formatNumber(rows.length) }),
                  total: formatMoney(sumMoney(rows.map((a) => a.amount))),
                })
              : t('adjustments.description')}
          </p>
        </div>
        <Button variant="outline" size="sm" disabled={!linked} onClick={onRecord}>
          <Plus aria-hidden="true" />
          {t('adjustments.record')}
        </Button>
      </div>
      {isLoading ? (
        <Skeleton className="h-16" />
      ) : rows.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
          {t('adjustments.empty')}
        </p>
      ) : (
        <Table aria-labelledby="adjustments-heading">
          <THead>
            <Tr>
              <Th className="hidden sm:table-cell">{t('adjustments.date')}</Th>
              <Th className="hidden sm:table-cell">{t('adjustments.kindColumn')}</Th>
              <Th className="text-right">{t('adjustments.amount')}</Th>
              <Th>{t('adjustments.reason')}</Th>
            </Tr>
          </THead>
          <TBody>
            {rows.map((a) => {
              const corrects = corrected(a);
              return (
                <Tr key={a._id}>
                  <Td className="hidden px-2 py-1.5 tabular whitespace-nowrap sm:table-cell sm:px-3">
                    <time dateTime={a.date}>{formatDate(a.date)}</time>
                  </Td>
                  <Td className="hidden px-2 py-1.5 sm:table-cell sm:px-3">
                    {t(ADJUSTMENT_KIND_LABELS[a.kind])}
                  </Td>
                  <Td className="px-2 py-1.5 text-right font-medium tabular whitespace-nowrap sm:px-3">
                    {formatMoney(a.amount)}
                  </Td>
                  {/* w-full with max-w-0: the reason takes the room left and wraps. */}
                  <Td className="w-full max-w-0 px-2 py-1.5 sm:px-3">
                    <p className="break-words">{a.reason}</p>
                    {/* On a phone, the hidden columns' facts under the reason. */}
                    <p className="text-xs text-muted-foreground">
                      <span className="sm:hidden">
                        {formatDate(a.date)} · {t(ADJUSTMENT_KIND_LABELS[a.kind])}
                        {(corrects || a.distributionId) && ' · '}
                      </span>
                      {corrects
                        ? t('adjustments.corrects', { entry: corrects })
                        : a.distributionId && t('adjustments.fromRun')}
                    </p>
                  </Td>
                </Tr>
              );
            })}
          </TBody>
        </Table>
      )}
    </section>
  );
}
