import { endpoints, todayIso } from '@portal/contracts';
import type { Module } from '../../../app-types';
import { BadRequestError } from '../../../lib/errors';
import { route } from '../../../plugins/route';
import { requireAuth } from '../../../plugins/auth';
import { parseId, PROJECT_ID_REQUIRED, requireProjectId } from '../../access/project-access';
import { presentAllowance, presentCabinNights } from './presenter';
import { getAllowance, getCabinNights, setAllowance } from './service';

const e = endpoints.allowances;

/** Cabin nights: the investor's allowance and what is left of it, and the admin's read and write of it. */
export const allowanceRoutes: Module = (app, { database: { db } }) => {
  route(app, e.cabinNights, async (request) => {
    const today = todayIso();
    const row = await getCabinNights(db, requireAuth(request), requireProjectId(request.params.projectId));
    return { success: true as const, cabinNights: row && presentCabinNights(row, today) };
  });

  // Without an id: 'Project ID is required' rather than a bare 404.
  route(app, e.cabinNightsWithoutProject, async () => {
    throw new BadRequestError(PROJECT_ID_REQUIRED);
  });

  route(app, e.allowance, async (request) => {
    const row = await getAllowance(
      db,
      requireAuth(request),
      requireProjectId(request.params.projectId),
      parseId(request.params.userId, 'User'),
    );
    return { success: true as const, data: row && presentAllowance(row) };
  });

  route(app, e.setAllowance, async (request) => ({
    success: true as const,
    data: presentAllowance(
      await setAllowance(
        db,
        requireAuth(request),
        requireProjectId(request.params.projectId),
        parseId(request.params.userId, 'User'),
        request.body,
      ),
    ),
    message: 'Updated',
  }));
};
