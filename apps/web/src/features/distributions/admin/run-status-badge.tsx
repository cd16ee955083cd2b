import type { DistributionStatus } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';

/** Draft (can still change), Final (written and announced) or Reversed (taken back by adjustments). */
export function RunStatusBadge({ status }: { status: DistributionStatus }) {
  if (status === 'final') return <Badge variant="success">Final</Badge>;
  if (status === 'reversed') return <Badge variant="warning">Reversed</Badge>;
  return <Badge variant="outline">Draft</Badge>;
}
