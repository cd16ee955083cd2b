import { endpoint } from '../endpoint';
import { performanceAnswer } from '../performance';

export const performanceEndpoints = {
  get: endpoint({
    id: 'investments.performance',
    method: 'GET',
    path: '/api/investment/performance',
    access: 'user',
    summary: "The caller's performance figures: paid in, paid out, DPI, cash yield and IRR",
    description:
      'For the portfolio and for each project the caller holds. A monthly return counts as paid on its ' +
      'payment date, else the last day of its month, rental income and a return of capital on their payment date; amounts not yet paid are left out. Ratios are fractions; a figure that ' +
      'cannot be computed is null. Kept for at most a minute.',
    answer: performanceAnswer,
    reads: ['projects', 'investments', 'monthly_returns', 'capital_returns', 'rental_incomes', 'adjustments'],
    cache: true,
  }),
};
