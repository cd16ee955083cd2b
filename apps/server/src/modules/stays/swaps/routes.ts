import { SWAP_MESSAGES, earliestTodayIso, endpoints } from '@portal/contracts';
import type { Module } from '../../../app-types';
import { route } from '../../../plugins/route';
import { requireAuth } from '../../../plugins/auth';
import { requireProjectId } from '../../access/project-access';
import { presentStay, presentSwap } from './presenter';
import { acceptSwap, closeSwap, createSwap, listSwappableStays, listSwaps } from './service';

const e = endpoints.swaps;

/** Swaps of approved stays between investors of a project. */
export const swapRoutes: Module = (app, { database: { db } }) => {
  // A stay is ahead while its first night is not past anywhere (as the booking routes count it).
  const today = () => earliestTodayIso();

  route(app, e.list, async (request) => {
    const views = await listSwaps(db, requireAuth(request), requireProjectId(request.query.projectId));
    return { success: true as const, data: views.map((v) => presentSwap(v, today())) };
  });

  route(app, e.stays, async (request) => {
    const rows = await listSwappableStays(
      db,
      requireAuth(request),
      requireProjectId(request.query.projectId),
      today(),
    );
    return { success: true as const, data: rows.map(presentStay) };
  });

  route(app, e.create, async (request) => ({
    success: true as const,
    data: presentSwap(await createSwap(db, requireAuth(request), request.body, today()), today()),
    message: SWAP_MESSAGES.offered,
  }));

  route(app, e.accept, async (request) => ({
    success: true as const,
    data: presentSwap(await acceptSwap(db, requireAuth(request), request.params.id, today()), today()),
    message: SWAP_MESSAGES.accepted,
  }));

  for (const [endpoint, action] of [
    [e.decline, 'declined'],
    [e.withdraw, 'withdrawn'],
  ] as const)
    route(app, endpoint, async (request) => ({
      success: true as const,
      data: presentSwap(await closeSwap(db, requireAuth(request), request.params.id, action), today()),
      message: SWAP_MESSAGES[action],
    }));
};
