import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { COMING_SOON_PROJECT, toMoneyString, type DocumentCategory } from '@portal/contracts';
import type { Db } from '../client';
import {
  allocationPreferences,
  allocations,
  allocationStays,
  bookingNights,
  bookings,
  cabinAllowances,
  cabins,
  capitalReturns,
  distributionAllocations,
  distributions,
  documents,
  investments,
  monthlyReturns,
  notifications,
  perks,
  projectMedia,
  projects,
  settings,
  highSeasons,
  stayRules,
  swapOffers,
  updates,
  users,
} from '../schema';
import type { FileStorage } from '../../storage/file-storage';
import { hashPassword } from '../../lib/passwords';
import { localeOf } from '../../lib/translator';
import { seedId } from './ids';
import { makePdf } from './pdf';

export const DEMO_ACCOUNTS = [
  { email: 'admin@example.com', password: 'admin123', role: 'admin' },
  { email: 'investor@example.com', password: 'investor123', role: 'investor' },
  { email: 'investor2@example.com', password: 'investor123', role: 'investor' },
] as const;

const P = {
  aurora: seedId('project:aurora'),
  fjord: seedId('project:fjordview'),
  pine: seedId('project:pine-hollow'),
  // The id keeps the seed key of the project's first name, so seeding an older demo database again adds nothing.
  alpine: seedId('project:alder-ridge'),
};
const U = {
  admin: seedId('user:admin'),
  emma: seedId('user:emma'),
  lukas: seedId('user:lukas'),
};

const photo = (name: string) => `/demo/photos/${name}.jpg`;
const thumb = (name: string) => `/demo/photos/thumbs/${name}.jpg`;

/** Months from start (inclusive) to end (inclusive), 'YYYY-MM'. */
function monthsBetween(start: string, end: string): string[] {
  const out: string[] = [];
  let [y, m] = start.split('-').map(Number) as [number, number];
  const [ey, em] = end.split('-').map(Number) as [number, number];
  while (y < ey || (y === ey && m <= em)) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** Deterministic monthly returns that rise in the high seasons (winter for Lapland, summer elsewhere). */
function returnsFor(key: string, amount: number, annualPct: number, months: string[], peakMonth: number) {
  const base = (amount * annualPct) / 100 / 12;
  return months.map((month, i) => {
    const m = Number(month.slice(5));
    const season = Math.cos(((m - peakMonth) / 12) * 2 * Math.PI);
    const wobble = ((i * 37 + key.length * 11) % 13) / 100 - 0.06;
    const value = base * (1 + 0.35 * season + wobble);
    return { month, amount: value.toFixed(2) };
  });
}

const updateHtml = (paragraphs: string[], list?: string[]) =>
  paragraphs.map((p) => `<p>${p}</p>`).join('') +
  (list ? `<ul>${list.map((l) => `<li>${l}</li>`).join('')}</ul>` : '');

const DAY_MS = 86_400_000;
/** The UTC calendar date `offset` days from `from`, 'YYYY-MM-DD'. */
const dayFrom = (from: Date, offset: number) =>
  new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()) + offset * DAY_MS)
    .toISOString()
    .slice(0, 10);

/** The last day of the UTC month `months` after `from`'s, 'YYYY-MM-DD'. */
const endOfMonthFrom = (from: Date, months: number) =>
  new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + months + 1, 0)).toISOString().slice(0, 10);

/** The first day of the first quarter that starts at least six months after `from`, 'YYYY-MM-DD'. */
export const launchFrom = (from: Date) =>
  new Date(Date.UTC(from.getUTCFullYear(), Math.ceil((from.getUTCMonth() + 6) / 3) * 3, 1))
    .toISOString()
    .slice(0, 10);

/**
 * Demo data that makes every screen look alive. Every row has a stable id and is written with
 * ON CONFLICT DO NOTHING, so seeding twice never duplicates anything. The cabin-night bookings are
 * placed relative to `today` (the seeding day): stays already taken in the past, a pending gift and
 * approved stays weeks ahead (two of them full nights in high season, two in a swap offer), so the demo
 * never holds a "future" request that has become past; likewise the allowance that expires soon.
 */
export async function seedDemo(db: Db, storage: FileStorage, today: Date = new Date()): Promise<void> {
  const [adminHash, investorHash] = await Promise.all([
    hashPassword('admin123'),
    hashPassword('investor123'),
  ]);
  const activated = new Date('2022-01-01T09:00:00Z');

  await db
    .insert(users)
    .values([
      {
        id: U.admin,
        name: 'Ava Administrator',
        email: 'admin@example.com',
        passwordHash: adminHash,
        investorId: 'INV-2022-ADM001',
        isAdmin: true,
        activatedAt: activated,
        country: 'Finland',
        createdAt: activated,
      },
      {
        id: U.emma,
        name: 'Emma Lindqvist',
        email: 'investor@example.com',
        passwordHash: investorHash,
        investorId: 'INV-2022-EL7Q2K',
        activatedAt: activated,
        phone: '+358 40 123 4567',
        address: 'Mannerheimintie 12 B 7',
        city: 'Helsinki',
        country: 'Finland',
        postalCode: '00100',
        dateOfBirth: '1984-05-17',
        createdAt: activated,
        // A returning investor: the dashboard greets her with "Welcome back".
        lastLoginAt: new Date('2026-10-05T08:30:00Z'),
      },
      {
        id: U.lukas,
        name: 'Lukas Berg',
        email: 'investor2@example.com',
        passwordHash: investorHash,
        investorId: 'INV-2024-LB93XR',
        activatedAt: new Date('2024-01-05T10:00:00Z'),
        phone: '+47 912 34 567',
        city: 'Bergen',
        country: 'Norway',
        createdAt: new Date('2024-01-05T10:00:00Z'),
      },
    ])
    .onConflictDoNothing();

  await db
    .insert(projects)
    .values([
      {
        id: P.aurora,
        name: 'Aurora Lakeside Cabins',
        location: 'Inari, Lapland, Finland',
        status: 'active',
        totalInvestment: '1850000.00',
        totalReturned: '312400.00',
        annualROI: '8.5',
        investmentDate: '2023-06-01',
        investmentPeriod: 60,
        expectedMonthlyReturn: '0.7083',
        description:
          'Eight glass-roofed log cabins on the shore of Lake Inari, built for northern-lights season and midnight-sun summers. Managed by a local operator with year-round occupancy.',
        expectedCompletion: '2028-06-01',
      },
      {
        id: P.fjord,
        name: 'Fjordview Timber Lodges',
        location: 'Geiranger, Norway',
        status: 'active',
        totalInvestment: '2400000.00',
        totalReturned: '198000.00',
        annualROI: '7.2',
        investmentDate: '2024-01-15',
        investmentPeriod: 72,
        expectedMonthlyReturn: '0.6',
        description:
          'Six timber lodges on a green slope above the Geirangerfjord, with hiking, kayaking and cruise-season demand from May to September.',
        expectedCompletion: '2030-01-15',
      },
      {
        id: P.pine,
        name: 'Pine Hollow Retreat',
        location: 'Black Forest, Germany',
        status: 'completed',
        totalInvestment: '950000.00',
        totalReturned: '1041000.00',
        annualROI: '9.1',
        investmentDate: '2021-12-01',
        investmentPeriod: 36,
        expectedMonthlyReturn: '0.7583',
        description:
          'Five forest cabins near Baiersbronn. The project completed its three-year term in 2024 and returned its capital with a final distribution.',
        expectedCompletion: '2024-12-01',
      },
      {
        id: P.alpine,
        name: COMING_SOON_PROJECT.name,
        location: COMING_SOON_PROJECT.location,
        status: 'pending',
        annualROI: '0',
        investmentDate: launchFrom(today),
        description:
          'Twelve ski-in, ski-out timber cabins in preparation in the Swiss Alps, open for expressions of interest.',
        // The opportunity investors see (Investment Opportunities, Join New Project): the spec's location and
        // figures, launching in a quarter some months after the seeding day.
        openForInterest: true,
        interestTarget: toMoneyString(COMING_SOON_PROJECT.targetAmount),
        interestCommitments: toMoneyString(COMING_SOON_PROJECT.currentCommitments),
        interestMinimum: toMoneyString(COMING_SOON_PROJECT.minimumInvestment),
        interestMaximum: toMoneyString(COMING_SOON_PROJECT.maximumInvestment),
        projectedROI: String(COMING_SOON_PROJECT.projectedAnnualROI),
        expectedLaunch: launchFrom(today),
        features: [
          'Twelve ski-in, ski-out timber cabins',
          'Year-round rental demand from winter and summer seasons',
          'Professional on-site management and housekeeping',
          'Ten cabin nights a year for every investor',
          'Quarterly income distributions',
        ],
      },
    ])
    .onConflictDoNothing();

  const holdings = [
    {
      user: U.emma,
      project: P.aurora,
      amount: 25000,
      start: '2023-06-01',
      from: '2023-07',
      to: '2026-10',
      pct: 8.5,
      peak: 1,
    },
    {
      user: U.emma,
      project: P.pine,
      amount: 15000,
      start: '2021-12-01',
      from: '2022-01',
      to: '2024-12',
      pct: 9.1,
      peak: 7,
    },
    {
      user: U.lukas,
      project: P.fjord,
      amount: 40000,
      start: '2024-01-15',
      from: '2024-02',
      to: '2026-10',
      pct: 7.2,
      peak: 7,
    },
    {
      user: U.lukas,
      project: P.aurora,
      amount: 10000,
      start: '2024-09-01',
      from: '2024-10',
      to: '2026-10',
      pct: 8.5,
      peak: 1,
    },
  ];
  for (const h of holdings) {
    const rows = returnsFor(`${h.user}:${h.project}`, h.amount, h.pct, monthsBetween(h.from, h.to), h.peak);
    await db
      .insert(investments)
      .values({
        id: seedId(`investment:${h.user}:${h.project}`),
        userId: h.user,
        projectId: h.project,
        amount: h.amount.toFixed(2),
        roi: h.pct.toFixed(2),
        startDate: h.start,
      })
      .onConflictDoNothing();
    await db
      .insert(monthlyReturns)
      .values(
        rows.map((r) => ({
          id: seedId(`return:${h.user}:${h.project}:${r.month}`),
          userId: h.user,
          projectId: h.project,
          month: r.month,
          amount: r.amount,
        })),
      )
      .onConflictDoNothing();
  }

  // Pine Hollow's final distribution returned the capital (15 December 2024): a final capital run, its
  // allocation and the return of capital it wrote, as an admin's run would have left them.
  const pineCapital = seedId('distribution:pine-capital');
  await db
    .insert(distributions)
    .values({
      id: pineCapital,
      projectId: P.pine,
      period: '2024-12',
      kind: 'capital',
      amount: '15000.00',
      paymentDate: '2024-12-15',
      note: 'Capital returned at the end of the three-year term.',
      status: 'final',
      createdAt: new Date('2024-12-10T08:00:00Z'),
      finalizedAt: new Date('2024-12-12T08:00:00Z'),
    })
    .onConflictDoNothing();
  await db
    .insert(distributionAllocations)
    .values({ distributionId: pineCapital, userId: U.emma, invested: '15000.00', amount: '15000.00' })
    .onConflictDoNothing();
  await db
    .insert(capitalReturns)
    .values({
      id: seedId('capital-return:pine:emma'),
      userId: U.emma,
      projectId: P.pine,
      amount: '15000.00',
      paymentDate: '2024-12-15',
      distributionId: pineCapital,
    })
    .onConflictDoNothing();

  // Fjordview's income for the seeding day's month, a final run paid on the 15th of the next month: the
  // second demo investor's Payout Timeline shows it Upcoming, and nothing counts it before that day.
  const fjordPeriod = endOfMonthFrom(today, 0).slice(0, 7);
  const fjordPaid = `${endOfMonthFrom(today, 1).slice(0, 7)}-15`;
  const fjordIncome = seedId('distribution:fjord-income');
  await db
    .insert(distributions)
    .values({
      id: fjordIncome,
      projectId: P.fjord,
      period: fjordPeriod,
      kind: 'income',
      amount: '240.00',
      paymentDate: fjordPaid,
      note: 'Monthly income, paid after the month closes.',
      status: 'final',
      createdAt: today,
      finalizedAt: today,
    })
    .onConflictDoNothing();
  await db
    .insert(distributionAllocations)
    .values({ distributionId: fjordIncome, userId: U.lukas, invested: '40000.00', amount: '240.00' })
    .onConflictDoNothing();
  await db
    .insert(monthlyReturns)
    .values({
      id: seedId('return:fjord-income:lukas'),
      userId: U.lukas,
      projectId: P.fjord,
      month: fjordPeriod,
      amount: '240.00',
      paymentDate: fjordPaid,
    })
    .onConflictDoNothing();

  const upd = (
    key: string,
    projectId: string,
    title: string,
    category: 'milestone' | 'financial' | 'general',
    date: string,
    excerpt: string,
    content: string,
    images: string[],
  ) => ({
    id: seedId(`update:${key}`),
    projectId,
    title,
    category,
    date: new Date(date),
    excerpt,
    content,
    images,
  });
  await db
    .insert(updates)
    .values([
      upd(
        'aurora-q3',
        P.aurora,
        'Q3 2026 distribution paid',
        'financial',
        '2026-10-05T08:00:00Z',
        'Occupancy reached 81% over the summer and the third-quarter returns have been paid to every investor.',
        updateHtml(
          [
            'Midnight-sun season brought <strong>81% occupancy</strong> across the eight cabins, four points above plan.',
            'The third-quarter returns were paid on 5 October. You will find the statement in the Document Vault.',
          ],
          ['Average nightly rate: €214', 'Guest rating: 4.9 / 5', 'Maintenance reserve fully funded'],
        ),
        [photo('aurora-lake'), photo('aurora-sauna')],
      ),
      upd(
        'aurora-sauna',
        P.aurora,
        'Lakeside sauna opens to guests',
        'milestone',
        '2026-08-20T08:00:00Z',
        'The wood-fired sauna on the jetty is finished and already the most-booked extra of the season.',
        updateHtml([
          'Built from local pine by the same carpenters as the cabins, the sauna seats eight and looks straight over the lake.',
          'Investors staying on their cabin nights can book it free of charge. See <a href="https://www.visitfinland.com/">Visit Finland</a> for the region.',
        ]),
        [photo('aurora-sauna')],
      ),
      upd(
        'aurora-winter',
        P.aurora,
        'Winter season bookings open',
        'general',
        '2026-07-01T08:00:00Z',
        'Aurora-season dates from December to March are open; investors get first choice until 15 July.',
        updateHtml([
          'Northern-lights season is our strongest period. Use your cabin nights early: investor priority ends on 15 July.',
        ]),
        [photo('aurora-cabin-night')],
      ),
      upd(
        'aurora-roofs',
        P.aurora,
        'Glass roofs installed on all cabins',
        'milestone',
        '2026-03-12T08:00:00Z',
        'The last of the heated glass roofs went in this week, so every cabin now has a view of the sky from bed.',
        updateHtml([
          'The glass roofs are heated to keep them clear of snow and frost through the polar night.',
        ]),
        [photo('construction-timber')],
      ),
      upd(
        'fjord-summer',
        P.fjord,
        'Record cruise season in Geiranger',
        'financial',
        '2026-09-30T08:00:00Z',
        'The lodges were fully booked from June to August; September returns are the highest since opening.',
        updateHtml(['Full occupancy for twelve straight weeks lifted the summer returns 11% above plan.']),
        [photo('fjordview-fjord')],
      ),
      upd(
        'fjord-trail',
        P.fjord,
        'New hiking trail from the lodges',
        'general',
        '2026-06-10T08:00:00Z',
        'A marked trail now leads from the lodges to the Skageflå viewpoint.',
        updateHtml(['The trail takes about two hours each way and is suitable for families.']),
        [photo('fjordview-lodge')],
      ),
      upd(
        'fjord-lodge6',
        P.fjord,
        'Lodge six handed over',
        'milestone',
        '2025-05-02T08:00:00Z',
        'The sixth and last lodge is complete, furnished and taking guests.',
        updateHtml(['All six lodges are now in operation.']),
        [photo('fjordview-lodge')],
      ),
      upd(
        'pine-final',
        P.pine,
        'Final distribution and project completion',
        'financial',
        '2024-12-15T08:00:00Z',
        'Pine Hollow has completed its three-year term and returned capital plus a final distribution.',
        updateHtml([
          'Thank you for investing in Pine Hollow. The cabins were sold to the operator at valuation and the proceeds have been distributed.',
        ]),
        [photo('pinehollow-forest'), photo('pinehollow-cabin')],
      ),
      upd(
        'pine-porch',
        P.pine,
        'Summer porches finished',
        'milestone',
        '2023-05-20T08:00:00Z',
        'Every cabin now has a covered porch facing the meadow.',
        updateHtml(['The porches were the most requested improvement in guest reviews.']),
        [photo('pinehollow-cabin')],
      ),
    ])
    .onConflictDoNothing();

  const perk = (
    key: string,
    projectId: string,
    name: string,
    type: string,
    category: string,
    icon: string,
    description: string,
    discount: string,
    bookingAvailable: boolean,
    status: 'active' | 'inactive' | 'seasonal' = 'active',
  ) => ({
    id: seedId(`perk:${key}`),
    projectId,
    name,
    type,
    category,
    icon,
    description,
    discount,
    bookingAvailable,
    status,
  });
  await db
    .insert(perks)
    .values([
      perk(
        'aurora-husky',
        P.aurora,
        'Husky safari',
        'safari',
        'premium',
        '🐕',
        'A half-day husky sled ride across the frozen lake with a local musher.',
        '25% off',
        true,
        'seasonal',
      ),
      perk(
        'aurora-snowmobile',
        P.aurora,
        'Snowmobile expedition',
        'winter',
        'standard',
        '🏔️',
        'Guided snowmobile trip into the fells, thermal gear included.',
        '20% off',
        true,
        'seasonal',
      ),
      perk(
        'aurora-dinner',
        P.aurora,
        'Lappish dinner at Kota',
        'dining',
        'standard',
        '🍽️',
        'Reindeer and Arctic char dinner cooked over an open fire.',
        '15% off',
        false,
      ),
      perk(
        'aurora-income',
        P.aurora,
        'Rental income share',
        'income',
        'bonus',
        '💶',
        'Rent out unused nights and keep 70% of the rental income.',
        '70% share',
        false,
      ),
      perk(
        'aurora-event',
        P.aurora,
        'Investor aurora weekend',
        'event',
        'exclusive',
        '🎉',
        'A yearly weekend for investors with a guided aurora photography night.',
        'Free',
        true,
      ),
      perk(
        'fjord-horse',
        P.fjord,
        'Fjord horse trek',
        'horse',
        'premium',
        '🐴',
        'Ride the native Fjord horses along the valley floor.',
        '20% off',
        true,
      ),
      perk(
        'fjord-atv',
        P.fjord,
        'Mountain ATV tour',
        'atv',
        'standard',
        '🚙',
        'Two-hour ATV tour on the old farm roads above the fjord.',
        '15% off',
        true,
      ),
      perk(
        'fjord-kayak',
        P.fjord,
        'Kayak rental',
        'activity',
        'standard',
        '🛶',
        'Sea kayaks from the lodge jetty, by the hour or the day.',
        '30% off',
        false,
      ),
      perk(
        'pine-spa',
        P.pine,
        'Forest spa day',
        'wellness',
        'premium',
        '🌲',
        'Day pass to the Baiersbronn forest spa.',
        '20% off',
        false,
        'inactive',
      ),
    ])
    .onConflictDoNothing();

  await db
    .insert(cabinAllowances)
    .values([
      {
        id: seedId('allowance:emma:aurora'),
        userId: U.emma,
        projectId: P.aurora,
        totalNights: 14,
        bonusNights: 3,
        expiresAt: endOfMonthFrom(today, 19),
      },
      {
        id: seedId('allowance:emma:pine'),
        userId: U.emma,
        projectId: P.pine,
        totalNights: 7,
        bonusNights: 0,
        // Some six weeks away, so the demo shows nights that expire soon and the warning about them (all
        // expiries are relative).
        expiresAt: dayFrom(today, 45),
      },
      {
        id: seedId('allowance:lukas:fjord'),
        userId: U.lukas,
        projectId: P.fjord,
        totalNights: 21,
        bonusNights: 2,
        expiresAt: endOfMonthFrom(today, 37),
      },
      {
        id: seedId('allowance:lukas:aurora'),
        userId: U.lukas,
        projectId: P.aurora,
        totalNights: 14,
        bonusNights: 0,
        expiresAt: endOfMonthFrom(today, 33),
      },
    ])
    .onConflictDoNothing();

  // The cabins each project puts in the investors' pool (the others are let by the operator).
  const demoCabins = [
    {
      key: 'aurora:revontuli',
      project: P.aurora,
      name: 'Revontuli Cabin',
      sleeps: 4,
      description: 'Glass-roofed, facing north over the lake.',
    },
    {
      key: 'aurora:lakeshore',
      project: P.aurora,
      name: 'Lakeshore Cabin',
      sleeps: 6,
      description: 'Log cabin with its own shore sauna.',
    },
    {
      key: 'aurora:sauna',
      project: P.aurora,
      name: 'Kelo Cabin',
      sleeps: 2,
      description: 'Closed for renovation until spring.',
      active: false,
    },
    {
      key: 'fjord:upper',
      project: P.fjord,
      name: 'Upper Lodge',
      sleeps: 6,
      description: 'Top of the slope, widest view of the fjord.',
    },
    {
      key: 'fjord:lower',
      project: P.fjord,
      name: 'Lower Lodge',
      sleeps: 4,
      description: 'A short walk to the kayak jetty.',
    },
    {
      key: 'fjord:birch',
      project: P.fjord,
      name: 'Birch Lodge',
      sleeps: 4,
      description: 'Among the birches, the quietest lodge.',
    },
    {
      key: 'pine:forest',
      project: P.pine,
      name: 'Forest Cabin',
      sleeps: 4,
      description: 'Under the firs, by the stream.',
    },
    {
      key: 'pine:meadow',
      project: P.pine,
      name: 'Meadow Cabin',
      sleeps: 6,
      description: 'At the edge of the meadow, with a wood stove.',
    },
    {
      key: 'tatra:chalet-a', // the seed key of the project's first name: the id stays
      project: P.alpine,
      name: 'Chalet A',
      sleeps: 6,
      description: 'Ski-in chalet, first to open.',
    },
  ];
  await db
    .insert(cabins)
    .values(
      demoCabins.map((c) => ({
        id: seedId(`cabin:${c.key}`),
        projectId: c.project,
        name: c.name,
        sleeps: c.sleeps,
        description: c.description,
        active: c.active ?? true,
        // Each cabin's guide, shown to an investor from 14 days before an approved stay (issue 35).
        guide: {
          address: `${c.name}, Demo Valley 1`,
          access: `Key box left of the door of ${c.name}; its code comes with the approval.`,
          houseRules: 'No smoking, no shoes inside; quiet after 22:00. Leave the cabin as you found it.',
          wifi: `Network ${c.name.replace(/\s+/g, '-')}, password welcome-${c.sleeps}`,
          waste: 'Sort glass, paper and the rest at the station by the road.',
          contacts: 'Caretaker: Ola Nordmann, +47 900 00 000 (8–20); emergencies 112.',
        },
      })),
    )
    .onConflictDoNothing();

  // The July rule (issue 35): between 1 July and 15 August of the coming summer stays are at least seven
  // nights and start on a Saturday.
  const thisYear = today.getUTCFullYear();
  const july = today.toISOString().slice(5, 10) <= '08-15' ? thisYear : thisYear + 1;
  await db
    .insert(stayRules)
    .values(
      [P.aurora, P.pine].map((projectId) => ({
        projectId,
        seasons: [{ from: `${july}-07-01`, to: `${july}-08-15`, minNights: 7, checkInWeekdays: [6] }],
      })),
    )
    .onConflictDoNothing();

  const day = (offset: number) => dayFrom(today, offset);
  // Aurora's high season: investors may hold four of its nights each.
  await db
    .insert(highSeasons)
    .values({
      id: seedId('season:aurora'),
      projectId: P.aurora,
      name: 'Aurora season',
      startsOn: day(40),
      endsOn: day(75),
      maxNightsPerInvestor: 4,
    })
    .onConflictDoNothing();

  // Last winter's season, whose stays the fairness ledger counts (issue 35).
  await db
    .insert(highSeasons)
    .values({
      id: seedId('season:aurora-last-winter'),
      projectId: P.aurora,
      name: 'Aurora season (last winter)',
      startsOn: day(-300),
      endsOn: day(-270),
      maxNightsPerInvestor: 4,
    })
    .onConflictDoNothing();

  const requestedOn = (offset: number) => new Date(`${day(offset)}T10:00:00Z`);
  const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => day(from + i));
  const demoBookings = [
    {
      key: 'emma-personal',
      user: U.emma,
      project: P.aurora,
      cabin: 'aurora:revontuli',
      type: 'personal' as const,
      status: 'approved' as const,
      nights: [day(-284), day(-283), day(-282)],
      notes: 'Winter holiday with the family',
      created: requestedOn(-385),
    },
    {
      key: 'lukas-last-winter',
      user: U.lukas,
      project: P.aurora,
      cabin: 'aurora:lakeshore',
      type: 'personal' as const,
      status: 'approved' as const,
      nights: range(-290, 4),
      notes: 'Aurora week',
      created: requestedOn(-360),
    },
    {
      key: 'emma-rental',
      user: U.emma,
      project: P.aurora,
      cabin: 'aurora:lakeshore',
      type: 'rental' as const,
      status: 'approved' as const,
      nights: [day(-248), day(-247)],
      price: '185.00',
      notes: '',
      created: requestedOn(-317),
    },
    {
      key: 'emma-gift',
      user: U.emma,
      project: P.aurora,
      cabin: 'aurora:revontuli',
      type: 'gift' as const,
      status: 'pending' as const,
      nights: [day(46), day(47)],
      recipient: 'anna.lindqvist@example.com',
      notes: 'Birthday present for my sister',
      created: requestedOn(-22),
    },
    {
      // With Emma's gift, it fills both of Aurora's open cabins on two high-season nights.
      key: 'lukas-aurora-season',
      user: U.lukas,
      project: P.aurora,
      cabin: 'aurora:lakeshore',
      type: 'personal' as const,
      status: 'approved' as const,
      nights: range(45, 3),
      notes: 'Northern lights trip',
      created: requestedOn(-30),
    },
    {
      key: 'emma-aurora-spring',
      user: U.emma,
      project: P.aurora,
      cabin: 'aurora:revontuli',
      type: 'personal' as const,
      status: 'approved' as const,
      nights: range(100, 2),
      notes: 'Spring weekend',
      created: requestedOn(-12),
    },
    {
      key: 'lukas-aurora-later',
      user: U.lukas,
      project: P.aurora,
      cabin: 'aurora:lakeshore',
      type: 'personal' as const,
      status: 'approved' as const,
      nights: range(80, 3),
      notes: '',
      created: requestedOn(-10),
    },
  ];
  for (const b of demoBookings) {
    const id = seedId(`booking:${b.key}`);
    const inserted = await db
      .insert(bookings)
      .values({
        id,
        userId: b.user,
        projectId: b.project,
        type: b.type,
        status: b.status,
        notes: b.notes,
        giftRecipient: b.recipient ?? null,
        rentalPrice: b.price ?? null,
        nights: b.nights,
        decidedBy: b.status === 'approved' ? U.admin : null,
        decidedAt: b.status === 'approved' ? b.created : null,
        createdAt: b.created,
        updatedAt: b.created,
      })
      .onConflictDoNothing()
      .returning({ id: bookings.id });
    if (inserted.length) {
      await db
        .insert(bookingNights)
        .values(
          b.nights.map((night) => ({
            bookingId: id,
            userId: b.user,
            projectId: b.project,
            night,
            cabinId: seedId(`cabin:${b.cabin}`),
          })),
        )
        .onConflictDoNothing();
    }
  }
  // Lukas offers his later Aurora stay for Emma's spring weekend: an offer waiting for her answer.
  const stamp = (key: string) => demoBookings.find((b) => b.key === key)!.created;
  const nightsOf = (key: string) => demoBookings.find((b) => b.key === key)!.nights;
  await db
    .insert(swapOffers)
    .values({
      id: seedId('swap:lukas-emma'),
      projectId: P.aurora,
      fromUserId: U.lukas,
      toUserId: U.emma,
      offeredBookingId: seedId('booking:lukas-aurora-later'),
      requestedBookingId: seedId('booking:emma-aurora-spring'),
      offeredStamp: stamp('lukas-aurora-later'),
      requestedStamp: stamp('emma-aurora-spring'),
      offeredNights: nightsOf('lukas-aurora-later'),
      requestedNights: nightsOf('emma-aurora-spring'),
      note: 'Our family would love the spring weekend; the later dates suit a longer stay.',
      createdAt: requestedOn(-2),
    })
    .onConflictDoNothing();

  await seedChristmasAllocation(db, today);

  const docs = [
    {
      key: 'aurora-agreement',
      project: P.aurora,
      user: null,
      name: 'Investment Agreement — Aurora Lakeside Cabins',
      category: 'Contracts',
      date: '2023-06-01',
      isNew: false,
      lines: [
        'Parties: Aurora Lakeside Cabins Oy and the investor.',
        'Term: 60 months from 1 June 2023.',
        'Distributions: monthly, from net rental income.',
      ],
    },
    {
      key: 'aurora-q3-report',
      project: P.aurora,
      user: null,
      name: 'Q3 2026 Investment Report',
      category: 'Investment Reports',
      date: '2026-10-05',
      isNew: true,
      lines: ['Occupancy: 81%', 'Average nightly rate: €214', 'Net operating income: €96,300'],
    },
    {
      key: 'aurora-perks',
      project: P.aurora,
      user: null,
      name: 'Investor Perks Guide 2026',
      category: 'Perk Documentation',
      date: '2026-01-15',
      isNew: false,
      lines: [
        'How to book your cabin nights.',
        'Gifting and renting out nights.',
        'Partner discounts in Inari.',
      ],
    },
    {
      key: 'aurora-q2-report',
      project: P.aurora,
      user: null,
      name: 'Q2 2026 Investment Report',
      category: 'Investment Reports',
      date: '2026-07-06',
      isNew: false,
      lines: ['Occupancy: 74%', 'Average nightly rate: €188', 'Net operating income: €71,900'],
    },
    {
      key: 'aurora-occupancy-csv',
      project: P.aurora,
      user: null,
      name: 'Aurora occupancy by month 2026',
      category: 'Investment Reports',
      date: '2026-10-06',
      isNew: true,
      lines: [],
      csv: 'month,occupancy_percent,average_rate_eur\n2026-01,92,236\n2026-02,95,241\n2026-03,88,224\n2026-04,61,171\n2026-05,58,165\n2026-06,79,196\n2026-07,84,205\n2026-08,83,203\n2026-09,76,190\n',
    },
    {
      key: 'aurora-house-manual',
      project: P.aurora,
      user: null,
      name: 'Cabin House Manual',
      category: 'Perk Documentation',
      date: '2025-11-20',
      isNew: false,
      lines: ['Check-in from 16:00, check-out by 11:00.', 'Sauna, firewood and aurora alarm.'],
    },
    {
      key: 'emma-tax-2025',
      project: P.aurora,
      user: U.emma,
      name: 'Tax Statement 2025 — Emma Lindqvist',
      category: 'Tax Documents',
      date: '2026-02-28',
      isNew: true,
      lines: [
        'Investor: Emma Lindqvist (INV-2022-EL7Q2K)',
        'Returns paid in 2025: see the enclosed schedule.',
        'Withholding tax: none (paid gross).',
      ],
    },
    {
      key: 'pine-closing',
      project: P.pine,
      user: null,
      name: 'Closing Statement — Pine Hollow Retreat',
      category: 'Investment Reports',
      date: '2024-12-15',
      isNew: false,
      lines: ['Final distribution paid 15 December 2024.', 'Capital returned in full.'],
    },
    {
      key: 'pine-agreement',
      project: P.pine,
      user: null,
      name: 'Investment Agreement — Pine Hollow Retreat',
      category: 'Contracts',
      date: '2021-12-01',
      isNew: false,
      lines: ['Term: 36 months from 1 December 2021.'],
    },
    {
      key: 'fjord-agreement',
      project: P.fjord,
      user: null,
      name: 'Investment Agreement — Fjordview Timber Lodges',
      category: 'Contracts',
      date: '2024-01-15',
      isNew: false,
      lines: ['Term: 72 months from 15 January 2024.'],
    },
    {
      key: 'lukas-tax-2025',
      project: P.fjord,
      user: U.lukas,
      name: 'Tax Statement 2025 — Lukas Berg',
      category: 'Tax Documents',
      date: '2026-02-28',
      isNew: true,
      lines: ['Investor: Lukas Berg (INV-2024-LB93XR)'],
    },
  ] satisfies ({ category: DocumentCategory } & Record<string, unknown>)[];
  const existingDocs = new Set(
    (
      await db
        .select({ id: documents.id })
        .from(documents)
        .where(sql`${documents.id} in ${docs.map((d) => seedId(`document:${d.key}`))}`)
    ).map((r) => r.id),
  );
  // A document of one investor is made in their language (`users.locale`).
  const localeOfUser = new Map(
    (await db.select({ id: users.id, locale: users.locale }).from(users)).map((u) => [
      u.id,
      localeOf(u.locale),
    ]),
  );
  for (const d of docs) {
    const id = seedId(`document:${d.key}`);
    if (existingDocs.has(id)) continue;
    const ext = d.csv ? 'csv' : 'pdf';
    const locale = (d.user && localeOfUser.get(d.user)) || 'en';
    const stored = await storage.put(d.csv ? Buffer.from(d.csv) : await makePdf(d.name, d.lines, locale), {
      extension: ext,
    });
    await db
      .insert(documents)
      .values({
        id,
        projectId: d.project,
        userId: d.user,
        kind: 'document',
        name: d.name,
        category: d.category,
        type: d.csv ? 'CSV' : 'PDF',
        isNew: d.isNew,
        uploadDate: new Date(`${d.date}T09:00:00Z`),
        fileKey: stored.key,
        fileName: `${d.key}.${ext}`,
        fileMime: d.csv ? 'text/csv' : 'application/pdf',
        fileSize: stored.size,
      })
      .onConflictDoNothing();
  }

  await db
    .insert(documents)
    .values({
      id: seedId('user-media:emma-keys'),
      projectId: P.aurora,
      userId: U.emma,
      kind: 'media',
      name: 'Your cabin on handover day',
      category: 'General',
      type: 'photo',
      description: 'Cabin 4, photographed for you on the day the keys were handed over.',
      url: photo('aurora-cabin-night'),
      thumbnail: thumb('aurora-cabin-night'),
      isNew: false,
      uploadDate: new Date('2023-06-02T09:00:00Z'),
    })
    .onConflictDoNothing();

  const media = (
    key: string,
    projectId: string,
    title: string,
    type: 'photo' | 'video' | 'behind-scenes',
    image: string,
    description: string,
    date: string,
    priority = 0,
  ) => ({
    id: seedId(`media:${key}`),
    projectId,
    title,
    type,
    url: type === 'video' ? '/demo/video/aurora-tour.webm' : photo(image),
    thumbnail: type === 'video' ? '/demo/video/aurora-tour-poster.jpg' : thumb(image),
    duration: type === 'video' ? '0:07' : null,
    description,
    priority,
    date: new Date(date),
  });
  await db
    .insert(projectMedia)
    .values([
      media(
        'aurora-lake',
        P.aurora,
        'Northern lights over Lake Inari',
        'photo',
        'aurora-lake',
        'The view from cabin 2 on a clear February night.',
        '2026-02-14T21:00:00Z',
        10,
      ),
      media(
        'aurora-night',
        P.aurora,
        'Cabin 4 in the polar night',
        'photo',
        'aurora-cabin-night',
        'Snow, stars and a warm window.',
        '2026-01-08T16:00:00Z',
        5,
      ),
      media(
        'aurora-sauna',
        P.aurora,
        'The new lakeside sauna',
        'photo',
        'aurora-sauna',
        'Finished in August 2026.',
        '2026-08-20T19:00:00Z',
        8,
      ),
      media(
        'aurora-tour',
        P.aurora,
        'A tour of the cabins',
        'video',
        'aurora-lake',
        'Seven seconds around the lake and cabin 4.',
        '2026-09-01T12:00:00Z',
        9,
      ),
      media(
        'aurora-foundation',
        P.aurora,
        'Laying the foundations',
        'behind-scenes',
        'construction-foundation',
        'Ground works in the autumn of 2023.',
        '2023-09-15T10:00:00Z',
      ),
      media(
        'aurora-timber',
        P.aurora,
        'Raising the timber frames',
        'behind-scenes',
        'construction-timber',
        'Cabin frames going up in spring 2024.',
        '2024-04-10T10:00:00Z',
      ),
      media(
        'fjord-lodge',
        P.fjord,
        'Lodges above the fjord',
        'photo',
        'fjordview-lodge',
        'All six lodges in the afternoon sun.',
        '2025-06-01T15:00:00Z',
        5,
      ),
      media(
        'fjord-fjord',
        P.fjord,
        'Morning on the Geirangerfjord',
        'photo',
        'fjordview-fjord',
        'Taken from the lodge jetty.',
        '2026-05-20T06:00:00Z',
      ),
      media(
        'pine-forest',
        P.pine,
        'Pine Hollow in autumn',
        'photo',
        'pinehollow-forest',
        'The forest around the retreat.',
        '2023-10-05T14:00:00Z',
      ),
      media(
        'pine-cabin',
        P.pine,
        'Summer porch',
        'photo',
        'pinehollow-cabin',
        'One of the new porches.',
        '2023-06-02T14:00:00Z',
      ),
    ])
    .onConflictDoNothing();

  const note = (
    key: string,
    userId: string,
    title: string,
    message: string,
    type: 'info' | 'success' | 'warning' | 'error',
    read: boolean,
    at: string,
    link: string | null = null,
  ) => ({
    id: seedId(`notification:${key}`),
    userId,
    title,
    message,
    type,
    read,
    link,
    createdAt: new Date(at),
    createdBy: U.admin,
  });
  await db
    .insert(notifications)
    .values([
      note(
        'emma-q3',
        U.emma,
        'Q3 returns paid',
        'Your third-quarter returns for Aurora Lakeside Cabins have been paid.',
        'success',
        false,
        '2026-10-05T08:05:00Z',
      ),
      note(
        'emma-tax',
        U.emma,
        'Tax statement available',
        'Your 2025 tax statement is in the Document Vault.',
        'info',
        false,
        '2026-02-28T09:05:00Z',
        `/documents?project=${P.aurora}`,
      ),
      note(
        'emma-winter',
        U.emma,
        'Winter bookings open',
        'Book your aurora-season nights before 15 July for investor priority.',
        'warning',
        true,
        '2026-07-01T08:05:00Z',
        `/perks?project=${P.aurora}`,
      ),
      note(
        'lukas-summer',
        U.lukas,
        'Record summer season',
        'Fjordview Timber Lodges had its best summer yet.',
        'success',
        false,
        '2026-09-30T08:05:00Z',
      ),
      note(
        'lukas-tax',
        U.lukas,
        'Tax statement available',
        'Your 2025 tax statement is in the Document Vault.',
        'info',
        true,
        '2026-02-28T09:05:00Z',
      ),
    ])
    .onConflictDoNothing();

  // The chat button's contact: visibly a demo one (a fictional 555 number, an example.com address).
  await db
    .insert(settings)
    .values({
      key: 'supportContact',
      value: { whatsapp: '+15555550100', email: 'support@example.com' },
      updatedBy: U.admin,
    })
    .onConflictDoNothing();
}

/** True when the database holds no users yet (the first start). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * A Christmas draw at Aurora (issue 35): a Christmas high season (20 December to 2 January; next year's
 * once this one is less than 20 days away), three stays in it, and both demo investors' rankings. It runs
 * on 16 December; its nights are held until then.
 */
async function seedChristmasAllocation(db: Db, today: Date) {
  const thisYear = today.getUTCFullYear();
  const year = dayFrom(today, 20) <= `${thisYear}-12-20` ? thisYear : thisYear + 1;
  await db
    .insert(highSeasons)
    .values({
      id: seedId('season:aurora-christmas'),
      projectId: P.aurora,
      name: 'Christmas',
      startsOn: `${year}-12-20`,
      endsOn: `${year + 1}-01-02`,
      maxNightsPerInvestor: 7,
    })
    .onConflictDoNothing();
  const seed = randomBytes(32).toString('hex');
  const allocationId = seedId('allocation:aurora-christmas');
  const created = await db
    .insert(allocations)
    .values({
      id: allocationId,
      projectId: P.aurora,
      title: `Christmas ${year}`,
      seed,
      seedHash: createHash('sha256').update(seed).digest('hex'),
      preferencesDue: new Date(`${year}-12-15T12:00:00Z`),
      runsAt: new Date(`${year}-12-16T09:00:00Z`),
      createdBy: U.admin,
      createdAt: today,
    })
    .onConflictDoNothing()
    .returning({ id: allocations.id });
  if (!created.length) return;
  const stay = (key: string, checkIn: string, checkOut: string) => ({
    id: seedId(`allocation-stay:${key}`),
    allocationId,
    checkIn,
    checkOut,
  });
  const stays = [
    stay('christmas-1', `${year}-12-23`, `${year}-12-30`),
    stay('christmas-2', `${year}-12-23`, `${year}-12-30`),
    stay('new-year', `${year}-12-30`, `${year + 1}-01-02`),
  ];
  await db.insert(allocationStays).values(stays);
  await db.insert(allocationPreferences).values([
    { allocationId, userId: U.emma, choices: [stays[0]!.id, stays[2]!.id] },
    { allocationId, userId: U.lukas, choices: [stays[0]!.id, stays[1]!.id] },
  ]);
}
