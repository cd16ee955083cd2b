import type { EndpointDef } from '../endpoint';
import { activityEndpoints } from './activities';
import { allowanceEndpoints } from './allowances';
import { adjustmentEndpoints } from './adjustments';
import { adminDashboardEndpoints } from './admin-dashboard';
import { adminUserEndpoints } from './admin-users';
import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import { bankAccountEndpoints } from './bank-accounts';
import { bankStatementEndpoints } from './bank-statements';
import { capitalCallEndpoints } from './capital-calls';
import { bookingEndpoints } from './bookings';
import { calendarEndpoints } from './calendar';
import { cabinEndpoints } from './cabins';
import { swapEndpoints } from './swaps';
import { stayRuleEndpoints } from './stay-rules';
import { waitlistEndpoints } from './waitlist';
import { allocationEndpoints } from './allocations';
import { stayReportEndpoints } from './stay-reports';
import { docsEndpoints } from './docs';
import { distributionEndpoints } from './distributions';
import { documentEndpoints } from './documents';
import { healthEndpoints } from './health';
import { interestEndpoints } from './interest';
import { offeringEndpoints } from './offerings';
import { subscriptionEndpoints } from './subscriptions';
import { kycEndpoints } from './kyc';
import { investmentEndpoints } from './investments';
import { ledgerEndpoints } from './ledger';
import { mailEndpoints } from './mail';
import { mediaEndpoints } from './media';
import { notificationEndpoints } from './notifications';
import { performanceEndpoints } from './performance';
import { perkEndpoints } from './perks';
import { privacyEndpoints } from './privacy';
import { delegationEndpoints } from './delegations';
import { projectEndpoints } from './projects';
import { rentalEndpoints } from './rentals';
import { returnEndpoints } from './returns';
import { signatureEndpoints } from './signatures';
import { statementEndpoints } from './statements';
import { supportEndpoints } from './support';
import { updateEndpoints } from './updates';
import { userEndpoints } from './users';

/**
 * The registry: every endpoint of the API, declared once, by resource. The server registers its routes
 * from it, the web app's client and query modules call it, the OpenAPI document and the security tests
 * walk it (ADR 013).
 */
export const endpoints = {
  projects: projectEndpoints,
  updates: updateEndpoints,
  allowances: allowanceEndpoints,
  perks: perkEndpoints,
  bookings: bookingEndpoints,
  calendar: calendarEndpoints,
  activities: activityEndpoints,
  cabins: cabinEndpoints,
  swaps: swapEndpoints,
  stayRules: stayRuleEndpoints,
  waitlist: waitlistEndpoints,
  allocations: allocationEndpoints,
  stayReports: stayReportEndpoints,
  interest: interestEndpoints,
  offerings: offeringEndpoints,
  subscriptions: subscriptionEndpoints,
  investments: investmentEndpoints,
  performance: performanceEndpoints,
  statements: statementEndpoints,
  returns: returnEndpoints,
  rentals: rentalEndpoints,
  distributions: distributionEndpoints,
  adjustments: adjustmentEndpoints,
  documents: documentEndpoints,
  media: mediaEndpoints,
  adminUsers: adminUserEndpoints,
  audit: auditEndpoints,
  adminDashboard: adminDashboardEndpoints,
  ledger: ledgerEndpoints,
  health: healthEndpoints,
  docs: docsEndpoints,
  auth: authEndpoints,
  users: userEndpoints,
  privacy: privacyEndpoints,
  delegations: delegationEndpoints,
  bankAccounts: bankAccountEndpoints,
  support: supportEndpoints,
  notifications: notificationEndpoints,
  mail: mailEndpoints,
  kyc: kycEndpoints,
  signatures: signatureEndpoints,
  capitalCalls: capitalCallEndpoints,
  bankStatements: bankStatementEndpoints,
};

/** Every endpoint, in declaration order. */
export const allEndpoints: readonly EndpointDef[] = Object.values(endpoints).flatMap((group) =>
  Object.values(group),
);

const byId = new Map(allEndpoints.map((e) => [e.id, e]));
if (byId.size !== allEndpoints.length) throw new Error('Two endpoints share an id');

/** The endpoint of an id (the first part of a web query key). */
export const endpointById = (id: string): EndpointDef | undefined => byId.get(id);
