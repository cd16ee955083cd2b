import { endpoints } from '@portal/contracts';
import type { Module } from '../../../app-types';
import { requireAuth } from '../../../plugins/auth';
import { route } from '../../../plugins/route';
import { presentRentalIncome, recordRentalIncome, removeRentalIncome } from './service';

const e = endpoints.rentals;

/** Admins record and remove what approved rentals earned. */
export const rentalIncomeRoutes: Module = (app, { database: { db } }) => {
  route(app, e.record, async (request) => ({
    success: true as const,
    data: presentRentalIncome(
      await recordRentalIncome(db, requireAuth(request), request.params.id, request.body),
      true,
    ),
    message: 'Rental income recorded',
  }));

  route(app, e.remove, async (request) => {
    await removeRentalIncome(db, requireAuth(request), request.params.id);
    return { success: true as const, message: 'Rental income removed' };
  });
};
