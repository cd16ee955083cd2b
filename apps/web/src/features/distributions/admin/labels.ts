import type { DistributionKind, DistributionSummary } from '@portal/contracts';
import { formatCount, formatMonth } from '@/lib/format';

export const KIND_LABELS: Record<DistributionKind, string> = {
  income: 'Income',
  capital: 'Return of capital',
};

/** A run as the screen names it: 'Jan 2019 income', 'Dec 2025 return of capital'. */
export const runName = (r: Pick<DistributionSummary, 'period' | 'kind'>) =>
  `${formatMonth(r.period)} ${KIND_LABELS[r.kind].toLowerCase()}`;

export const investorsText = (n: number) => formatCount(n, 'investor');
