import { useTranslation } from 'react-i18next';
import type { DistributionStatus } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';

/** Draft (can still change), Final (written and announced) or Reversed (taken back by adjustments). */
export function RunStatusBadge({ status }: { status: DistributionStatus }) {
  const { t } = useTranslation('distributions');
  if (status === 'final') return <Badge variant="success">{t('status.final')}</Badge>;
  if (status === 'reversed') return <Badge variant="warning">{t('status.reversed')}</Badge>;
  return <Badge variant="outline">{t('status.draft')}</Badge>;
}
