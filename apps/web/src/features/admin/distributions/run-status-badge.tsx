import type { DistributionStatus } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';

/** Draft (can still change) or Final (written and announced). */
export function RunStatusBadge({ status }: { status: DistributionStatus }) {
  return status === 'final' ? <Badge variant="success">Final</Badge> : <Badge variant="outline">Draft</Badge>;
}
