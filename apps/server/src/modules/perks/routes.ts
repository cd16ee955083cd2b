import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { BadRequestError } from '../../lib/errors';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { parseId, PROJECT_ID_REQUIRED, requireProjectId } from '../access/project-access';
import { presentPerk } from './presenter';
import { changePerk, createPerk, deletePerk, getUsage, listPerks } from './service';

const e = endpoints.perks;

/** Perks and usage (docs/product.md §10), and the admin writes of perks (cabin nights: stays/allowances). */
export const perkRoutes: Module = (app, { database: { db } }) => {
  route(app, e.list, async (request) => {
    const rows = await listPerks(db, requireAuth(request), requireProjectId(request.params.projectId));
    return { success: true as const, perks: rows.map(presentPerk) };
  });

  route(app, e.usage, async (request) => ({
    success: true as const,
    usage: await getUsage(db, requireAuth(request), requireProjectId(request.params.projectId)),
  }));

  // The reads without an id: 'Project ID is required' rather than a bare 404.
  for (const endpoint of [e.listWithoutProject, e.usageWithoutProject])
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
};
