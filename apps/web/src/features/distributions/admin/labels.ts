import type { TFunction } from 'i18next';
import type { DistributionKind, DistributionSummary } from '@portal/contracts';
import { formatMonth, formatNumber } from '@/lib/format';

/** Each kind's name, as a message key of the distributions namespace. */
export const KIND_LABELS = {
  income: 'kind.income',
  capital: 'kind.capital',
} as const satisfies Record<DistributionKind, string>;

const RUN_NAMES = {
  income: 'runName.income',
  capital: 'runName.capital',
} as const satisfies Record<DistributionKind, string>;

/** A run as the screen names it: 'Jan 2019 income', 'Dec 2025 return of capital'. */
export const runName = (t: TFunction<'distributions'>, r: Pick<DistributionSummary, 'period' | 'kind'>) =>
  t(RUN_NAMES[r.kind], { month: formatMonth(r.period) });

/** '1 investor', '1,250 investors'. */
export const investorsText = (t: TFunction<'distributions'>, n: number) =>
  t('count.investors', { count: n, n: formatNumber(n) });
