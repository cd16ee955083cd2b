import { earliestTodayIso, endpoints } from '@portal/contracts';
import type { Module } from '../../../app-types';
import { route } from '../../../plugins/route';
import { requireAuth } from '../../../plugins/auth';
import { requireProjectId } from '../../access/project-access';
import { presentCabin, presentSeason } from './presenter';
import { stayGuide } from './guide';
import {
  availability,
  deleteCabin,
  deleteSeason,
  listCabins,
  listSeasons,
  saveCabin,
  saveSeason,
} from './service';

const e = endpoints.cabins;

/** A project's cabins and high seasons (admin writes), and the availability calendar. */
export const cabinRoutes: Module = (app, { database: { db } }) => {
  // From today on in every time zone, as the booking routes count it.
  const today = () => earliestTodayIso();

  route(app, e.list, async (request) => ({
    success: true as const,
    data: (await listCabins(db, requireAuth(request), request.params.id, today())).map((c) =>
      presentCabin(c, requireAuth(request).isAdmin),
    ),
  }));

  route(app, e.guide, async (request) => ({
    success: true as const,
    data: await stayGuide(db, requireAuth(request), request.params.id, today()),
  }));

  route(app, e.create, async (request) => ({
    success: true as const,
    data: presentCabin(
      await saveCabin(db, requireAuth(request), request.params.id, null, request.body, today()),
      true,
    ),
    message: 'Cabin added',
  }));

  route(app, e.update, async (request) => ({
    success: true as const,
    data: presentCabin(
      await saveCabin(
        db,
        requireAuth(request),
        request.params.id,
        request.params.cabinId,
        request.body,
        today(),
      ),
      true,
    ),
    message: 'Cabin updated',
  }));

  route(app, e.remove, async (request) => {
    await deleteCabin(db, requireAuth(request), request.params.id, request.params.cabinId, today());
    return { success: true as const, message: 'Cabin deleted' };
  });

  route(app, e.availability, async (request) => ({
    success: true as const,
    availability: await availability(
      db,
      requireAuth(request),
      requireProjectId(request.params.projectId),
      request.query.from,
      request.query.to,
    ),
  }));

  route(app, e.seasons, async (request) => ({
    success: true as const,
    data: (await listSeasons(db, requireAuth(request), request.params.id)).map(presentSeason),
  }));

  route(app, e.createSeason, async (request) => ({
    success: true as const,
    data: presentSeason(await saveSeason(db, requireAuth(request), request.params.id, null, request.body)),
    message: 'High season added',
  }));

  route(app, e.updateSeason, async (request) => ({
    success: true as const,
    data: presentSeason(
      await saveSeason(db, requireAuth(request), request.params.id, request.params.seasonId, request.body),
    ),
    message: 'High season updated',
  }));

  route(app, e.removeSeason, async (request) => {
    await deleteSeason(db, requireAuth(request), request.params.id, request.params.seasonId);
    return { success: true as const, message: 'High season deleted' };
  });
};
