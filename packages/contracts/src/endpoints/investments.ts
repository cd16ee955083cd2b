import { endpoint } from '../endpoint';
import { payoutsAnswer } from '../portfolio';

export const investmentEndpoints = {
  payouts: endpoint({
    id: 'investments.payouts',
    method: 'GET',
    path: '/api/investment/payouts',
    access: 'user',
    summary:
      "The caller's payouts, derived from their monthly returns, rental income and returns of capital, newest first",
    description:
      'Kept for at most a minute, so a payout falls due at most that late, and what the bank’s files said of ' +
      'a distribution’s payout (`bank`: booked, or returned with the reason) shows at most that late.',
    answer: payoutsAnswer,
    reads: ['projects', 'investments', 'monthly_returns', 'capital_returns', 'rental_incomes', 'adjustments'],
    cache: true,
  }),
};
