import type { Project } from '@portal/contracts';
import type { projects } from '../../db/schema';
import { iso, num } from '../users/presenter';

export type ProjectRow = typeof projects.$inferSelect;

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
    createdAt: iso(p.createdAt)!,
    updatedAt: iso(p.updatedAt)!,
  };
}
