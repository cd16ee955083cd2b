import { describe, expect, it } from 'vitest';
import { canCheckOut, canPick, pickDay, stayNights, shortDay, NO_STAY, type StayRules } from './stay';

// The 15th is full; nothing before the 10th can be stayed.
const rules: StayRules = {
  maxNights: 4,
  problem: (n) => (n < '2027-02-10' ? 'past' : n === '2027-02-15' ? 'full' : null),
};

describe('a stay chosen by its check-in and check-out days', () => {
  it('has the nights from the check-in up to the day before the check-out', () => {
    expect(stayNights({ checkIn: '2027-02-27', checkOut: '2027-03-02' })).toEqual([
      '2027-02-27',
      '2027-02-28',
      '2027-03-01',
    ]);
    expect(stayNights({ checkIn: '2027-02-27', checkOut: null })).toEqual([]);
  });

  it('a first click is the check-in, a second the check-out; the check-in again clears it', () => {
    const a = pickDay(NO_STAY, '2027-02-11', rules);
    expect(a).toEqual({ checkIn: '2027-02-11', checkOut: null });
    expect(pickDay(a, '2027-02-13', rules)).toEqual({ checkIn: '2027-02-11', checkOut: '2027-02-13' });
    expect(pickDay(a, '2027-02-11', rules)).toEqual(NO_STAY);
    // A day before the check-in starts again from there.
    expect(pickDay(a, '2027-02-10', rules)).toEqual({ checkIn: '2027-02-10', checkOut: null });
    // With a whole stay chosen, a click starts another.
    expect(pickDay({ checkIn: '2027-02-11', checkOut: '2027-02-13' }, '2027-02-12', rules)).toEqual({
      checkIn: '2027-02-12',
      checkOut: null,
    });
  });

  it('never holds a full night, nor more than the nights left', () => {
    const a = { checkIn: '2027-02-12', checkOut: null };
    expect(canCheckOut('2027-02-12', '2027-02-15', rules)).toBe(true);
    expect(canCheckOut('2027-02-12', '2027-02-16', rules)).toBe(false);
    expect(pickDay(a, '2027-02-17', rules)).toEqual({ checkIn: '2027-02-17', checkOut: null });
    expect(canPick(a, '2027-02-15', rules)).toBe(true);
    expect(canPick(NO_STAY, '2027-02-15', rules)).toBe(false);
    expect(pickDay(NO_STAY, '2027-02-15', rules)).toEqual(NO_STAY);
    expect(canCheckOut('2027-02-16', '2027-02-20', rules)).toBe(true);
    expect(canCheckOut('2027-02-16', '2027-02-21', rules)).toBe(false);
  });

  it('writes a day short, with the year when it is not this one', () => {
    expect(shortDay('2027-02-12', '2027-01-01')).toBe('Fri, Feb 12');
    expect(shortDay('2028-01-03', '2027-12-30')).toBe('Mon, Jan 3, 2028');
  });
});
