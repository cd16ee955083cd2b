import { describe, expect, it } from 'vitest';
import { projectPayload } from './project-dialog';

describe('projectPayload', () => {
  it('sends numbers, leaves blanks out, and clears an empty completion date', () => {
    const p = projectPayload({
      name: ' Birch Bay ',
      location: 'Saimaa',
      status: 'active',
      totalInvestment: '1200000.55',
      totalReturned: '',
      annualROI: '7.9',
      investmentDate: '2026-01-01',
      investmentPeriod: '60',
      expectedMonthlyReturn: '0.1',
      rentalSharePercent: '62.5',
      expectedCompletion: '',
      description: '',
    });
    expect(p).toMatchObject({
      name: 'Birch Bay',
      totalInvestment: 1200000.55,
      totalReturned: undefined,
      investmentPeriod: 60,
      expectedMonthlyReturn: 0.1,
      rentalSharePercent: 62.5,
      expectedCompletion: null,
    });
  });
});
