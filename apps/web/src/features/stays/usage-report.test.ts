import { describe, expect, it } from 'vitest';
import type { Booking } from '@portal/contracts';
import { usageReportCsv, usageReportFilename } from './usage-report';
import { stayBooking } from '../../../test/fixtures';

const booking = (over: Partial<Booking>): Booking =>
  stayBooking({
    _id: 'b1',
    projectId: 'p',
    userId: 'u',
    nights: ['2026-02-12', '2026-02-13'],
    createdAt: '2025-11-02T10:00:00.000Z',
    updatedAt: '2025-11-02T10:00:00.000Z',
    ...over,
  });

describe('usageReportCsv', () => {
  it('writes the totals, then one row per request, with exact amounts and neutralized formulas', () => {
    const csv = usageReportCsv({
      projectName: 'Aurora Lakeside Cabins',
      now: new Date(2026, 10, 22),
      nights: {
        totalNights: 14,
        remainingNights: 7,
        bonusNights: 3,
        bonusNightsTotal: 3,
        bookedNights: 7,
        yearsRemaining: 1.6,
        expirationDate: '2028-06-30',
        requestedNights: [],
      },
      usage: { personalStays: 2, gifted: 0, rented: 3, totalValue: 555.3, recentActivity: [] },
      bookings: [
        booking({}),
        booking({
          _id: 'b2',
          type: 'rental',
          status: 'pending',
          nights: ['2026-03-20', '2026-03-21', '2026-03-22'],
          nightCount: 3,
          rentalPrice: 185.1,
          totalValue: 555.3,
          notes: '=HYPERLINK("http://evil")',
        }),
      ],
    });
    const lines = csv.split('\r\n');
    expect(lines.slice(0, 11)).toEqual([
      'Project,Aurora Lakeside Cabins',
      'Generated,2026-11-22',
      'Total nights,14',
      'Remaining nights,7',
      'Bonus nights,3',
      'Expires,2028-06-30',
      'Personal stays (nights),2',
      'Nights gifted,0',
      'Nights rented,3',
      'Total value of rented nights (EUR),555.3',
      '',
    ]);
    expect(lines[11]).toBe(
      'Requested on,Type,Status,Nights,Dates,Gift recipient,Price per night (EUR),Value (EUR),Notes',
    );
    expect(lines[12]).toBe('2025-11-02,Personal stay,approved,2,2026-02-12 2026-02-13,,,,');
    expect(lines[13]).toBe(
      `2025-11-02,Rental,pending,3,2026-03-20 2026-03-21 2026-03-22,,185.1,555.3,"'=HYPERLINK(""http://evil"")"`,
    );
    expect(lines[14]).toBe('');
  });

  it('names the file after the project and the day', () => {
    expect(usageReportFilename('Aurora Lakeside Cabins', new Date(2026, 10, 22))).toBe(
      'usage-report-aurora-lakeside-cabins-2026-11-22.csv',
    );
    expect(usageReportFilename('Pine Höllow!', new Date(2026, 0, 5))).toBe(
      'usage-report-pine-hollow-2026-01-05.csv',
    );
  });
});
