import { z } from 'zod';
import { PROJECT_STATUSES } from './value-sets';

/** A project as the API answers it (spec section 3). */
export const project = z.object({
  _id: z.string(),
  name: z.string(),
  location: z.string(),
  status: z.enum(PROJECT_STATUSES),
  totalInvestment: z.number(),
  totalReturned: z.number(),
  annualROI: z.string(),
  investmentDate: z.string(),
  investmentPeriod: z.number(),
  expectedMonthlyReturn: z.number(),
  description: z.string(),
  expectedCompletion: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof project>;
