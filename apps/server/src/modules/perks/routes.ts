import { PROJECT_ID_REQUIRED, endpoints, todayIso } from '@portal/contracts';
import type { Module } from '../../app-types';
import { BadRequestError } from '../../lib/errors';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { parseId, requireProjectId } from '../access/project-access';
import { presentAllowance, presentCabinNights, presentPerk } from './presenter';
import {
  changePerk,
  createPerk,
  deletePerk,
  getAllowance,
  getCabinNights,
  getUsage,
  listPerks,
  setAllowance,
} from './service';

const e = endpoints.perks;

/** Perks, cabin nights and usage (docs/product.md §10), and the admin writes of perks and allowances. */
export const perkRoutes: Module = (app, { database: { db } }) => {
  route(app, e.cabinNights, async (request) => {
    const today = todayIso();
    const row = await getCabinNights(db, requireAuth(request), requireProjectId(request.params.projectId));
    return { success: true as const, cabinNights: row && presentCabinNights(row, today) };
  });

  route(app, e.list, async (request) => {
    const rows = await listPerks(db, requireAuth(request), requireProjectId(request.params.projectId));
    return { success: true as const, perks: rows.map(presentPerk) };
  });

  route(app, e.usage, async (request) => ({
    success: true as const,
    usage: await getUsage(db, requireAuth(request), requireProjectId(request.params.projectId)),
  }));

  // The three reads without an id: 'Project ID is required' rather than a bare 404.
  for (const endpoint of [e.cabinNightsWithoutProject, e.listWithoutProject, e.usageWithoutProject])
    route(app, endpoint, async () => {
      throw new BadRequestError(PROJECT_ID_REQUIRED);
    });

  route(app, e.create, async (request) => ({
    success: true as const,
    data: presentPerk(
      await createPerk(db, requireAuth(request), requireProjectId(request.params.projectId), request.body),
    ),
    message: 'Created',
  }));

  route(app, e.update, async (request) => ({
    success: true as const,
    data: presentPerk(
      await changePerk(
        db,
        requireAuth(request),
        requireProjectId(request.params.projectId),
        parseId(request.params.perkId, 'Perk'),
        request.body,
      ),
    ),
    message: 'Updated',
  }));

  route(app, e.remove, async (request) => {
    await deletePerk(
      db,
      requireAuth(request),
      requireProjectId(request.params.projectId),
      parseId(request.params.perkId, 'Perk'),
    );
    return { success: true as const, message: 'Deleted' };
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
