import { describe, expect, it } from 'vitest';
import { ROI_DEFAULTS } from './constants';
import { parseRoiInput, projectRoi } from './roi';

describe('projectRoi (docs/product.md §6)', () => {
  it('gives exactly €14 a month for the defaults 8000 / 35 / 4 / 10%', () => {
    expect(projectRoi({ ...ROI_DEFAULTS }).monthlyReturn).toBe(14);
  });

  it('gives the three 30-day scenarios with their annual ROI, exactly', () => {
    const { scenarios } = projectRoi({ ...ROI_DEFAULTS });
    expect(scenarios).toEqual([
      {
        id: 'conservative',
        label: 'Conservative',
        occupancy: 40,
        nights: 12,
        monthlyReturn: 42,
        annualROI: 6.3,
      },
      { id: 'moderate', label: 'Moderate', occupancy: 60, nights: 18, monthlyReturn: 63, annualROI: 9.45 },
      {
        id: 'optimistic',
        label: 'Optimistic',
        occupancy: 80,
        nights: 24,
        monthlyReturn: 84,
        annualROI: 12.6,
      },
    ]);
  });

  it('answers an annual ROI of 0 when nothing is invested', () => {
    const { scenarios, monthlyReturn } = projectRoi({ ...ROI_DEFAULTS, amountInvested: 0 });
    expect(monthlyReturn).toBe(14);
    expect(scenarios.map((s) => s.annualROI)).toEqual([0, 0, 0]);
    expect(scenarios.map((s) => s.monthlyReturn)).toEqual([42, 63, 84]);
  });

  it('counts negative inputs as 0 and caps the share per night at 100%', () => {
    const p = projectRoi({ amountInvested: -5, nightlyRate: 100, nightsPerMonth: -2, sharePerNight: 250 });
    expect(p.inputs).toEqual({ amountInvested: 0, nightlyRate: 100, nightsPerMonth: 0, sharePerNight: 100 });
    expect(p.monthlyReturn).toBe(0);
    expect(p.scenarios[0]!.monthlyReturn).toBe(1200);
    expect(p.scenarios[0]!.annualROI).toBe(0);
  });

  it('keeps decimal inputs to the cent', () => {
    const p = projectRoi({ amountInvested: 12000, nightlyRate: 35.5, nightsPerMonth: 4, sharePerNight: 7.5 });
    expect(p.monthlyReturn).toBe(10.65);
    expect(p.scenarios[1]!.monthlyReturn).toBeCloseTo(47.925, 10);
  });
});

describe('parseRoiInput', () => {
  it('counts what cannot be parsed as 0', () => {
    expect(parseRoiInput('8000')).toBe(8000);
    expect(parseRoiInput(' 12.5 ')).toBe(12.5);
    expect(parseRoiInput('')).toBe(0);
    expect(parseRoiInput('abc')).toBe(0);
    expect(parseRoiInput('1e400')).toBe(0);
    expect(parseRoiInput(Number.NaN)).toBe(0);
    expect(parseRoiInput(null)).toBe(0);
    expect(parseRoiInput(42)).toBe(42);
  });
});
