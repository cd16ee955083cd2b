import { describe, expect, it } from 'vitest';
import { ROI_DEFAULTS } from './constants';
import { parseRoiInput, projectRoi, roiInputProblems } from './roi';

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

describe('the calculator bounds', () => {
  const defaults = { amountInvested: '8000', nightlyRate: '35', nightsPerMonth: '4', sharePerNight: '10' };

  it('finds nothing wrong with the defaults or the edges of each bound', () => {
    expect(roiInputProblems(defaults)).toEqual({});
    expect(
      roiInputProblems({ amountInvested: 10_000_000, nightlyRate: 0, nightsPerMonth: 1, sharePerNight: 0 }),
    ).toEqual({});
    expect(
      roiInputProblems({ amountInvested: 0.01, nightlyRate: 10_000, nightsPerMonth: 30, sharePerNight: 100 }),
    ).toEqual({});
  });

  it('says what each field allows', () => {
    expect(
      roiInputProblems({
        amountInvested: '-5000',
        nightlyRate: '1e9',
        nightsPerMonth: '45',
        sharePerNight: '250',
      }),
    ).toEqual({
      amountInvested: 'Amount Invested must be more than €0',
      nightlyRate: 'Nightly Rate must be at most €10,000',
      nightsPerMonth: 'Nights/Month must be from 1 to 30',
      sharePerNight: 'Share per Night must be from 0 to 100%',
    });
    expect(
      roiInputProblems({
        amountInvested: '1e8',
        nightlyRate: '-1',
        nightsPerMonth: '0',
        sharePerNight: '-1',
      }),
    ).toEqual({
      amountInvested: 'Amount Invested must be at most €10,000,000',
      nightlyRate: 'Nightly Rate cannot be negative',
      nightsPerMonth: 'Nights/Month must be from 1 to 30',
      sharePerNight: 'Share per Night must be from 0 to 100%',
    });
    expect(roiInputProblems({ ...defaults, nightsPerMonth: '4.5', amountInvested: '' })).toEqual({
      amountInvested: 'Amount Invested must be a number',
      nightsPerMonth: 'Nights/Month must be a whole number from 1 to 30',
    });
    expect(roiInputProblems({ ...defaults, nightlyRate: 'abc' })).toEqual({
      nightlyRate: 'Nightly Rate must be a number',
    });
  });

  it('counts inputs above the bounds as the bound, with the same formulas', () => {
    const p = projectRoi({ amountInvested: -5000, nightlyRate: 1e9, nightsPerMonth: 45, sharePerNight: 250 });
    expect(p.inputs).toEqual({
      amountInvested: 0,
      nightlyRate: 10_000,
      nightsPerMonth: 30,
      sharePerNight: 100,
    });
    expect(p.monthlyReturn).toBe(300_000);
    expect(projectRoi({ ...ROI_DEFAULTS, amountInvested: 1e12 }).inputs.amountInvested).toBe(10_000_000);
  });
});
