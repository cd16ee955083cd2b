import { describe, expect, it } from 'vitest';
import { activityOf, bookingValueCents, describeRequest, summarizeUsage, type UsageBooking } from './usage';

const booking = (over: Partial<UsageBooking>): UsageBooking => ({
  id: 'b1',
  type: 'personal',
  status: 'pending',
  nights: ['2026-02-12', '2026-02-13', '2026-02-14'],
  giftRecipient: null,
  rentalPrice: null,
  createdAt: new Date('2026-01-10T10:00:00Z'),
  decidedAt: null,
  ...over,
});

describe('summarizeUsage', () => {
  it('counts the nights of pending and approved requests by kind; the value is the rental income recorded', () => {
    const rows = [
      booking({ id: 'a', type: 'personal', status: 'approved' }),
      booking({ id: 'b', type: 'gift', nights: ['2026-03-01'], giftRecipient: 'Ana' }),
      booking({ id: 'c', type: 'rental', rentalPrice: '185.10', nights: ['2026-04-01', '2026-04-02'] }),
      booking({ id: 'd', type: 'rental', status: 'declined', rentalPrice: '999.00' }),
      booking({ id: 'e', type: 'personal', status: 'cancelled' }),
    ];
    const usage = summarizeUsage(rows);
    // Nothing recorded yet: the nights requested, and no income.
    expect(usage).toMatchObject({ personalStays: 3, gifted: 1, rented: 2, totalValue: 0 });
    expect(usage.recentActivity).toHaveLength(5);
    // Recorded: the nights actually rented and the investor's share, paid or scheduled, to the cent.
    const more = [...rows, booking({ id: 'f', type: 'rental', status: 'approved', rentalPrice: '10' })];
    const recorded = summarizeUsage(more, [
      { bookingId: 'c', nightsRented: 1, amount: '864.19' },
      { bookingId: 'f', nightsRented: 3, amount: '0.01' },
      // A declined request's record (should one exist) counts for nothing.
      { bookingId: 'd', nightsRented: 3, amount: '5.00' },
    ]);
    expect(recorded).toMatchObject({ rented: 4, totalValue: 864.2 });
  });

  it('answers zeros without requests', () => {
    expect(summarizeUsage([])).toEqual({
      personalStays: 0,
      gifted: 0,
      rented: 0,
      totalValue: 0,
      recentActivity: [],
    });
  });
});

describe('the usage texts', () => {
  it('describes a request in words', () => {
    expect(describeRequest(booking({}))).toBe(
      'Requested 3 nights (Feb 12 → Feb 15, 2026) for a personal stay',
    );
    expect(describeRequest(booking({ type: 'gift', nights: ['2026-02-12'], giftRecipient: 'Ana' }))).toBe(
      'Requested 1 night (Feb 12 → Feb 13, 2026) as a gift for Ana',
    );
    expect(describeRequest(booking({ type: 'rental', rentalPrice: '185.00' }))).toMatch(
      /for rental at €185 a night$/,
    );
    expect(describeRequest(booking({ type: 'rental', rentalPrice: '185.50' }))).toMatch(
      /at €185\.50 a night$/,
    );
  });

  it('lists each request and its decision, newest first, the decision after a request of the same instant', () => {
    const at = new Date('2026-01-10T10:00:00Z');
    const events = activityOf([booking({ id: 'x', status: 'approved', createdAt: at, decidedAt: at })]);
    expect(events.map((e) => e._id)).toEqual(['x:approved', 'x:requested']);
    expect(events[0]!.description).toBe('Personal stay of 3 nights approved');
  });

  it('values only rentals', () => {
    expect(bookingValueCents(booking({ type: 'rental', rentalPrice: '0.10' }))).toBe(30);
    expect(bookingValueCents(booking({ type: 'gift', rentalPrice: '10' }))).toBeNull();
  });
});
