/** Business constants (docs/product.md §19), shared by server and web. */
export const API_TIMEOUT_MS = 10_000;
export const REFRESH_LEAD_SECONDS = 60;
export const REFRESH_MIN_DELAY_MS = 5_000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const MOBILE_BREAKPOINT_PX = 768;
export const DRAWER_MAX_VIEWPORT_FRACTION = 0.85;
export const INITIALS_MAX_LENGTH = 2;
export const RECENT_UPDATES_COUNT = 3;

export const MIN_PASSWORD_LENGTH = 6;
export const INVESTOR_ID_PATTERN = /^INV-\d{4}-[A-Z0-9]{6}$/;

export const DEFAULT_INVESTMENT_PERIOD_MONTHS = 60;
export const DEFAULT_EXPECTED_MONTHLY_RETURN = 0.1;
export const DEFAULT_MEDIA_PRIORITY = 0;
export const DEFAULT_DOCUMENT_CATEGORY = 'General';
export const DEFAULT_DOCUMENT_TYPE = 'PDF';
export const DEFAULT_PERK_ICON = '🏠';

export const PREVIEW_REVOKE_DELAY_MS = 1_000;

/**
 * The first coming-soon project (docs/product.md §19): its location (the spec's text) and figures. The
 * opportunity is now data that admins edit (a project open for interest); the demo seeds it with these,
 * and the interest form's amount falls back to these bounds while no project is open.
 */
export const COMING_SOON_PROJECT = {
  name: 'Swiss Alpine Retreat Cabins',
  location: 'Alpine Region, Switzerland',
  minimumInvestment: 25_000,
  maximumInvestment: 500_000,
  targetAmount: 5_000_000,
  currentCommitments: 2_100_000,
  projectedAnnualROI: 9.2,
} as const;

export const INTEREST_AMOUNT_MIN = COMING_SOON_PROJECT.minimumInvestment;
export const INTEREST_AMOUNT_MAX = COMING_SOON_PROJECT.maximumInvestment;

/** ROI calculator defaults (docs/product.md §6). */
export const ROI_DEFAULTS = {
  amountInvested: 8000,
  nightlyRate: 35,
  nightsPerMonth: 4,
  sharePerNight: 10,
} as const;
export const ROI_SHARE_MAX = 100;
export const ROI_SCENARIOS = [
  { id: 'conservative', label: 'Conservative', occupancy: 40 },
  { id: 'moderate', label: 'Moderate', occupancy: 60 },
  { id: 'optimistic', label: 'Optimistic', occupancy: 80 },
] as const;
export const ROI_DAYS_PER_MONTH = 30;

/** A new password found in the list of the most common passwords (zxcvbn-ts's, case-insensitive). */
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common passwords and easy to guess. Please choose another.';
