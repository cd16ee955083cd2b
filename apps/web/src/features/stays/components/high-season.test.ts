import { describe, expect, it } from 'vitest';
import { currentOrNextSeason, highSeasonNights, highSeasonNightsText, seasonsOfNights } from './high-season';

const midsummer = { name: 'Midsummer', startsOn: '2027-06-18', endsOn: '2027-06-27' };
const christmas = { name: 'Christmas', startsOn: '2027-12-20', endsOn: '2028-01-02' };
const overlap = { name: 'Juhannus', startsOn: '2027-06-25', endsOn: '2027-06-30' };

describe('high-season nights', () => {
  it('counts the nights inside a season, both ends included, each night once', () => {
    expect(highSeasonNights(['2027-06-16', '2027-06-17', '2027-06-18', '2027-06-19'], [midsummer])).toBe(2);
    expect(highSeasonNights(['2027-06-27', '2027-06-28'], [midsummer])).toBe(1);
    expect(highSeasonNights(['2027-06-26', '2027-06-27'], [midsummer, overlap])).toBe(2);
    expect(highSeasonNights(['2027-12-31', '2028-01-01', '2028-01-03'], [midsummer, christmas])).toBe(2);
    expect(highSeasonNights(['2027-06-16'], [])).toBe(0);
  });

  it('says how many in words', () => {
    expect(highSeasonNightsText(1)).toBe('1 high-season night');
    expect(highSeasonNightsText(2)).toBe('2 high-season nights');
  });

  it('names the seasons a stay touches, in date order, with its nights in each', () => {
    expect(
      seasonsOfNights(['2027-06-26', '2027-06-27', '2027-06-28'], [overlap, christmas, midsummer]),
    ).toEqual([
      { season: midsummer, nights: 2 },
      { season: overlap, nights: 3 },
    ]);
    expect(seasonsOfNights(['2027-07-01'], [midsummer])).toEqual([]);
  });

  it('finds the season under way, else the next one, else none', () => {
    expect(currentOrNextSeason([christmas, midsummer], '2027-06-20')).toBe(midsummer);
    expect(currentOrNextSeason([christmas, midsummer], '2027-06-27')).toBe(midsummer);
    expect(currentOrNextSeason([christmas, midsummer], '2027-06-28')).toBe(christmas);
    expect(currentOrNextSeason([christmas, midsummer], '2028-01-03')).toBeUndefined();
  });
});
