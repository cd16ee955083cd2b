import { earliestTodayIso, endpoints } from '@portal/contracts';
import type { Module } from '../../../app-types';
import { route } from '../../../plugins/route';
import { requireAuth } from '../../../plugins/auth';
import { fairnessLedger } from './fairness';
import { presentAllocation } from './presenter';
import { runAllocation } from './run';
import {
  allocationResult,
  createAllocation,
  listAllocations,
  removeAllocation,
  setPreferences,
} from './service';

const e = endpoints.allocations;

/** Peak allocations (issue 35, ADR 029): admins create and run them, investors rank stays and read the draw. */
export const allocationRoutes: Module = (app, { database: { db }, jobs }) => {
  route(app, e.create, async (request) => ({
    success: true as const,
    data: presentAllocation(await createAllocation(db, jobs, requireAuth(request), request.body)),
    message: 'Allocation created',
  }));

  route(app, e.adminList, async (request) => ({
    success: true as const,
    data: (await listAllocations(db, requireAuth(request), request.query.projectId)).map(presentAllocation),
  }));

  route(app, e.run, async (request) => ({
    success: true as const,
    data: presentAllocation(await runAllocation(db, request.params.id, requireAuth(request).id)),
    message: 'Allocation run',
  }));

  route(app, e.remove, async (request) => {
    await removeAllocation(db, requireAuth(request), request.params.id);
    return { success: true as const, message: 'Allocation withdrawn' };
  });

  route(app, e.list, async (request) => ({
    success: true as const,
    data: (await listAllocations(db, requireAuth(request), request.query.projectId)).map(presentAllocation),
  }));

  route(app, e.preferences, async (request) => ({
    success: true as const,
    data: presentAllocation(
      await setPreferences(db, requireAuth(request), request.params.id, request.body.choices),
    ),
    message: 'Preferences saved',
  }));

  route(app, e.result, async (request) => ({
    success: true as const,
    data: await allocationResult(db, requireAuth(request), request.params.id),
  }));

  route(app, e.fairness, async (request) => ({
    success: true as const,
    data: await fairnessLedger(db, requireAuth(request), request.params.projectId, earliestTodayIso()),
  }));
};
