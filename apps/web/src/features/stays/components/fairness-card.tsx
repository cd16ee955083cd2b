import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TBody, THead, Td, Th, Tr } from '@/components/ui/table';
import { formatMoney, formatNumber, formatPercent } from '@/lib/format';
import { useFairness } from '@/queries/allocations';

/**
 * "Fairness" on Perks: the investor's peak nights in each of the last three years against their fair
 * share, their peak nights per €10,000 and their place in the next allocation (ties named). Nothing
 * while it loads or when the ledger has no row of theirs.
 */
export function FairnessCard({ projectId }: { projectId: string }) {
  const { t } = useTranslation('stays');
  const ledger = useFairness(projectId).data;
  const row = ledger?.rows[0];
  if (!row) return null;
  const { position, of, tiedWith } = row.priority;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('allocations.fairness.title')}</CardTitle>
        <CardDescription>
          {t('allocations.fairness.description', { share: formatPercent(row.sharePercent) })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <Table aria-label={t('allocations.fairness.table')}>
          <THead>
            <Tr>
              <Th className="wrap-anywhere">{t('allocations.fairness.year')}</Th>
              <Th className="text-right wrap-anywhere">{t('allocations.fairness.held')}</Th>
              <Th className="text-right wrap-anywhere">{t('allocations.fairness.fair')}</Th>
            </Tr>
          </THead>
          <TBody>
            {row.years.map((y) => (
              <Tr key={y.year}>
                {/* A year is a name, not an amount: no grouping (2026, not 2,026). */}
                <Td>{String(y.year)}</Td>
                <Td className="text-right tabular">{formatNumber(y.peakNights)}</Td>
                <Td className="text-right tabular">{formatNumber(y.fairShare, 1)}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
        <p className="text-sm">
          {t('allocations.fairness.per10000', {
            nights: formatNumber(row.peakNightsPer10000, 2),
            amount: formatMoney(10_000),
          })}
        </p>
        <p className="text-sm font-medium">
          {t('allocations.fairness.position', { position: formatNumber(position), of: formatNumber(of) })}
          {tiedWith > 0 && ` ${t('allocations.fairness.tied', { count: tiedWith })}`}
        </p>
        <p className="text-xs text-muted-foreground">{t('allocations.fairness.fewerFirst')}</p>
      </CardContent>
    </Card>
  );
}
