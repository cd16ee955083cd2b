import { endpoint } from '../endpoint';
import { performanceAnswer } from '../performance';
import { payoutsAnswer } from '../portfolio';

export const investmentEndpoints = {
  payouts: endpoint({
    id: 'investments.payouts',
    method: 'GET',
    path: '/api/investment/payouts',
    access: 'user',
    summary: "The caller's payouts, derived from their monthly returns and returns of capital, newest first",
    description: 'Kept for at most a minute, so a payout falls due at most that late.',
    answer: payoutsAnswer,
    reads: ['projects', 'investments', 'monthly_returns', 'capital_returns'],
    cache: true,
  }),
  performance: endpoint({
    id: 'investments.performance',
    method: 'GET',
    path: '/api/investment/performance',
    access: 'user',
    summary: "The caller's performance figures: paid in, paid out, DPI, cash yield and IRR",
    description:
      'For the portfolio and for each project the caller holds. A monthly return counts as paid on the ' +
      'last day of its month, a return of capital on its payment date; amounts not yet paid are left out. Ratios are fractions; a figure that ' +
      'cannot be computed is null. Kept for at most a minute.',
    answer: performanceAnswer,
    reads: ['projects', 'investments', 'monthly_returns', 'capital_returns'],
    cache: true,
  }),
};
