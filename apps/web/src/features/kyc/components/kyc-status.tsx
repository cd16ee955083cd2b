import { useTranslation } from 'react-i18next';
import type { KycStatus } from '@portal/contracts';
import { Badge } from '@/components/ui/badge';

/** Each status's name. */
export const KYC_STATUS_LABEL = {
  not_started: 'kyc.status.not_started',
  submitted: 'kyc.status.submitted',
  verified: 'kyc.status.verified',
  rejected: 'kyc.status.rejected',
  expired: 'kyc.status.expired',
} as const satisfies Record<KycStatus, string>;

/** An identity check's status as a badge. */
export function KycStatusBadge({ status }: { status: KycStatus }) {
  const { t } = useTranslation('subscriptions');
  const variant =
    status === 'verified'
      ? 'success'
      : status === 'rejected' || status === 'expired'
        ? 'destructive'
        : status === 'submitted'
          ? 'warning'
          : 'secondary';
  return <Badge variant={variant}>{t(KYC_STATUS_LABEL[status])}</Badge>;
}
