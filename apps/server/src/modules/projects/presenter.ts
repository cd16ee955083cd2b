import type {
  Opportunity,
  OpportunityFields,
  Project,
  ProjectDetail,
  ProjectInvestment,
  ProjectListItem,
} from '@portal/contracts';
import { investmentReturns, roundedReturnOnInvestment, summedInvestmentReturns } from '@portal/contracts';
import { iso, num } from '../../lib/format';
import type { ProjectRow, StakeRow } from './service';

function presentOpportunityFields(p: ProjectRow): OpportunityFields {
  return {
    openForInterest: p.openForInterest,
    targetAmount: num(p.interestTarget),
    currentCommitments: num(p.interestCommitments),
    minimumInvestment: num(p.interestMinimum),
    maximumInvestment: num(p.interestMaximum),
    projectedAnnualROI: Number(p.projectedROI),
    expectedLaunch: p.expectedLaunch,
    features: p.features,
  };
}

/** The open project as investors see it (`GET /api/opportunities/current`). */
export function presentOpportunity(p: ProjectRow): Opportunity {
  const { openForInterest: _open, ...fields } = presentOpportunityFields(p);
  return {
    _id: p.id,
    name: p.name,
    location: p.location,
    description: p.description,
    ...fields,
    expectedLaunch: p.expectedLaunch ?? '',
  };
}

/** The only way a project row becomes JSON. */
export function presentProject(p: ProjectRow): Project {
  return {
    _id: p.id,
    name: p.name,
    location: p.location,
    status: p.status,
    totalInvestment: num(p.totalInvestment),
    totalReturned: num(p.totalReturned),
    annualROI: p.annualROI,
    investmentDate: p.investmentDate,
    investmentPeriod: p.investmentPeriod,
    expectedMonthlyReturn: Number(p.expectedMonthlyReturn),
    description: p.description,
    expectedCompletion: p.expectedCompletion,
    rentalSharePercent: Number(p.rentalSharePercent),
    archivedAt: iso(p.archivedAt),
    opportunity: presentOpportunityFields(p),
    createdAt: iso(p.createdAt)!,
    updatedAt: iso(p.updatedAt)!,
  };
}

/** An investor's stake; `returns` is the investment's returns (see `investmentReturns`). */
function presentStake(
  stake: { amount: string; startDate: string | null },
  returns: number,
): ProjectInvestment {
  return {
    amount: num(stake.amount),
    returns,
    roi: roundedReturnOnInvestment(stake.amount, returns),
    startDate: stake.startDate,
  };
}

export function presentProjectListItem(row: {
  project: ProjectRow;
  stake: StakeRow | null;
}): ProjectListItem {
  const item: ProjectListItem = presentProject(row.project);
  if (row.stake) {
    item.investment = presentStake(
      row.stake,
      summedInvestmentReturns(row.stake.returns, row.stake.monthlyTotal),
    );
  }
  return item;
}

export function presentProjectDetail(row: {
  project: ProjectRow;
  stake: { amount: string; returns: string; startDate: string | null } | null;
  monthly: { month: string; amount: string }[];
}): ProjectDetail {
  return {
    ...presentProject(row.project),
    investment: row.stake
      ? {
          ...presentStake(
            row.stake,
            investmentReturns({ returns: row.stake.returns, monthlyReturns: row.monthly }),
          ),
          monthlyReturns: row.monthly.map((m) => ({ month: m.month, amount: num(m.amount) })),
        }
      : null,
  };
}
