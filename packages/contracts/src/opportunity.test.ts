import { describe, expect, it } from 'vitest';
import { interestBounds, launchQuarter, opportunityInput, preCommittedPercent } from './opportunity';

describe('the opportunity of a project open for interest', () => {
  it('shows a launch date as its quarter', () => {
    expect(launchQuarter('2027-01-01')).toBe('Q1 2027');
    expect(launchQuarter('2027-03-31')).toBe('Q1 2027');
    expect(launchQuarter('2027-07-01')).toBe('Q3 2027');
    expect(launchQuarter('2028-12-15')).toBe('Q4 2028');
  });

  it('rounds the pre-committed share in cents', () => {
    expect(preCommittedPercent({ currentCommitments: 2_100_000, targetAmount: 5_000_000 })).toBe(42);
    expect(preCommittedPercent({ currentCommitments: 0.29, targetAmount: 1 })).toBe(29);
    expect(preCommittedPercent({ currentCommitments: 5, targetAmount: 0 })).toBe(0);
  });

  it('keeps the default interest bounds while no project is open', () => {
    expect(interestBounds(null)).toEqual({ min: 25_000, max: 500_000 });
    expect(interestBounds({ minimumInvestment: 10, maximumInvestment: 20 })).toEqual({ min: 10, max: 20 });
  });

  it('accepts amounts as form strings and drops empty features', () => {
    const parsed = opportunityInput.parse({
      openForInterest: false,
      targetAmount: '5000000.5',
      currentCommitments: 0,
      minimumInvestment: '0',
      maximumInvestment: '0',
      projectedAnnualROI: '9.25',
      expectedLaunch: '',
      features: ['  A  ', '', ' '],
    });
    expect(parsed).toMatchObject({
      targetAmount: 5_000_000.5,
      projectedAnnualROI: 9.25,
      expectedLaunch: null,
    });
    expect(parsed.features).toEqual(['A']);
  });
});
