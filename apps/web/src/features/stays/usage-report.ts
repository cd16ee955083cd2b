import type { Booking, CabinNights, UsageSummary } from '@portal/contracts';
import { toCsv, type CsvValue } from '@/lib/csv';
import { toIsoDay } from './nights-format';

const TYPE_LABEL = { personal: 'Personal stay', gift: 'Gift', rental: 'Rental' } as const;

/**
 * The Usage Summary as a spreadsheet: the totals first, then one row per booking request with its
 * nights, status and value. Amounts are plain numbers (euros) so that spreadsheets can sum them.
 */
export function usageReportCsv(input: {
  projectName: string;
  nights: CabinNights | null;
  usage: UsageSummary | null;
  bookings: readonly Booking[];
  now?: Date;
}): string {
  const { nights, usage, bookings } = input;
  const summary: CsvValue[][] = [
    ['Project', input.projectName],
    ['Generated', toIsoDay(input.now ?? new Date())],
  ];
  if (nights)
    summary.push(
      ['Total nights', nights.totalNights],
      ['Remaining nights', nights.remainingNights],
      ['Bonus nights', nights.bonusNights],
      ['Expires', nights.expirationDate],
    );
  summary.push(
    ['Personal stays (nights)', usage?.personalStays ?? 0],
    ['Nights gifted', usage?.gifted ?? 0],
    ['Nights rented', usage?.rented ?? 0],
    ['Total value of rented nights (EUR)', usage?.totalValue ?? 0],
    [],
    [
      'Requested on',
      'Type',
      'Status',
      'Nights',
      'Dates',
      'Gift recipient',
      'Price per night (EUR)',
      'Value (EUR)',
      'Notes',
    ],
  );
  const rows = bookings.map((b): CsvValue[] => [
    b.createdAt.slice(0, 10),
    TYPE_LABEL[b.type],
    b.status,
    b.nightCount,
    b.nights.join(' '),
    b.giftRecipient,
    b.rentalPrice,
    b.totalValue,
    b.notes,
  ]);
  const [first, ...rest] = summary;
  return toCsv(first as string[], [...rest, ...rows]);
}

/** 'Aurora Lakeside Cabins' -> 'usage-report-aurora-lakeside-cabins-2026-11-22.csv' */
export function usageReportFilename(projectName: string, now: Date = new Date()): string {
  const slug = projectName
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `usage-report-${slug || 'project'}-${toIsoDay(now)}.csv`;
}
