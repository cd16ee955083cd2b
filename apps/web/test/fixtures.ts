/**
 * Whole answers of the registry for component tests' fake APIs: a fake answer is checked against its
 * declaration (lib/endpoint-client.ts), so a test starts from one of these and changes what it needs.
 */
import type { ActivityRequest, Booking, CabinNights, CurrentUser, ProjectListItem } from '@portal/contracts';

const at = '2026-03-01T10:00:00.000Z';

/** `GET /api/users/me` for a signed-in user: the demo investor Emma, with `over` on top. */
export const currentUser = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  _id: 'u1',
  name: 'Emma Lindqvist',
  email: 'investor@example.com',
  investorId: 'INV-1',
  isAdmin: false,
  isActive: true,
  role: 'user',
  status: 'active',
  phone: null,
  address: null,
  city: null,
  country: null,
  postalCode: null,
  dateOfBirth: null,
  createdAt: at,
  lastLoginAt: at,
  locale: 'en',
  twoFactorEnabled: false,
  twoFactorRequired: false,
  bankAccount: null,
  totalInvestment: 0,
  totalReturned: 0,
  capitalReturned: 0,
  investmentDate: null,
  investmentPeriod: null,
  investments: [],
  ...over,
});

export const INVESTOR = currentUser();

export const ADMIN = currentUser({
  _id: 'a0000000-0000-4000-8000-000000000001',
  name: 'Ava Administrator',
  email: 'admin@example.com',
  investorId: null,
  isAdmin: true,
  role: 'admin',
});

/** A project as `GET /api/projects` lists it: Aurora Lakeside Cabins, with `over` on top. */
export const project = (over: Partial<ProjectListItem> = {}): ProjectListItem => ({
  _id: 'b0000000-0000-4000-8000-000000000001',
  name: 'Aurora Lakeside Cabins',
  location: 'Saimaa, Finland',
  status: 'active',
  totalInvestment: 1_000_000,
  totalReturned: 50_000,
  annualROI: '7.5',
  investmentDate: '2024-01-01',
  investmentPeriod: 60,
  expectedMonthlyReturn: 0.1,
  description: '',
  expectedCompletion: null,
  createdAt: at,
  updatedAt: at,
  ...over,
});
export const AURORA = project();

/** A stay request as the investor's list has it: an approved personal stay of two nights, `over` on top. */
export const stayBooking = (over: Partial<Booking> = {}): Booking => ({
  _id: 'b0000000-0000-4000-8000-000000000001',
  projectId: AURORA._id,
  userId: INVESTOR._id,
  type: 'personal',
  status: 'approved',
  nights: ['2099-02-12', '2099-02-13'],
  nightCount: 2,
  cabins: [],
  notes: '',
  giftRecipient: null,
  rentalPrice: null,
  totalValue: null,
  bonusNightsUsed: 0,
  decisionNote: null,
  decidedAt: null,
  createdAt: at,
  updatedAt: at,
  ...over,
});

/** An investor's pending request for a partner activity (a husky safari for three), `over` on top. */
export const activityRequest = (over: Partial<ActivityRequest> = {}): ActivityRequest => ({
  _id: 'a0000000-0000-4000-8000-000000000001',
  perkId: 'k0000000-0000-4000-8000-000000000001',
  perkName: 'Husky safari',
  projectId: AURORA._id,
  userId: 'u0000000-0000-4000-8000-000000000001',
  date: '2099-01-15',
  partySize: 3,
  note: '',
  status: 'pending',
  decisionNote: null,
  decidedAt: null,
  createdAt: at,
  updatedAt: at,
  ...over,
});

/** `GET /api/perks/cabin-nights/:projectId`: 10 of 14 nights left this year, `over` on top. */
export const cabinNights = (over: Partial<CabinNights> = {}): CabinNights => ({
  totalNights: 14,
  remainingNights: 10,
  bonusNights: 0,
  bonusNightsTotal: 0,
  bookedNights: 4,
  yearsRemaining: 1,
  expirationDate: '2099-12-31',
  requestedNights: [],
  ...over,
});
