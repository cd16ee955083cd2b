import i18next from 'i18next';
import type { Booking, CabinNights, UsageSummary } from '@portal/contracts';
import { toCsv, type CsvValue } from '@/lib/csv';
import { toIsoDay } from './nights-format';

const TYPE_LABEL = {
  personal: 'stays:report.types.personal',
  gift: 'stays:report.types.gift',
  rental: 'stays:report.types.rental',
} as const;
const STATUS_LABEL = {
  pending: 'stays:report.statuses.pending',
  approved: 'stays:report.statuses.approved',
  declined: 'stays:report.statuses.declined',
  cancelled: 'stays:report.statuses.cancelled',
} as const;

/**
 * The Usage Summary as a spreadsheet: the totals first, then one row per booking request with its
 * nights, status and value. Amounts are plain numbers (euros) so that spreadsheets can sum them; the
 * labels are in the page's language, the dates 'YYYY-MM-DD'.
 */
export function usageReportCsv(input: {
  projectName: string;
  nights: CabinNights | null;
  usage: UsageSummary | null;
  bookings: readonly Booking[];
  now?: Date;
}): string {
  const { nights, usage, bookings } = input;
  const t = i18next.t;
  const summary: CsvValue[][] = [
    [t('stays:report.project'), input.projectName],
    [t('stays:report.generated'), toIsoDay(input.now ?? new Date())],
  ];
  if (nights)
    summary.push(
      [t('stays:report.totalNights'), nights.totalNights],
      [t('stays:report.remainingNights'), nights.remainingNights],
      [t('stays:report.bonusNights'), nights.bonusNights],
      [t('stays:report.expires'), nights.expirationDate],
    );
  summary.push(
    [t('stays:report.personalStays'), usage?.personalStays ?? 0],
    [t('stays:report.gifted'), usage?.gifted ?? 0],
    [t('stays:report.rented'), usage?.rented ?? 0],
    [t('stays:report.totalValue'), usage?.totalValue ?? 0],
    [],
    [
      t('stays:report.requestedOn'),
      t('stays:report.type'),
      t('stays:report.status'),
      t('stays:report.nights'),
      t('stays:report.dates'),
      t('stays:report.giftRecipient'),
      t('stays:report.price'),
      t('stays:report.value'),
      t('stays:report.notes'),
    ],
  );
  const rows = bookings.map((b): CsvValue[] => [
    b.createdAt.slice(0, 10),
    t(TYPE_LABEL[b.type]),
    t(STATUS_LABEL[b.status]),
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
