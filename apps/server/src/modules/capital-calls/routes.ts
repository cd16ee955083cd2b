import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { route } from '../../plugins/route';
import { requireAuth } from '../../plugins/auth';
import { createCall, listCalls, openLines, overdueLines, presentCall } from './service';

const e = endpoints.capitalCalls;

/** Capital calls of an offering: made by an admin, told to each investor, their overdue lines. */
export const capitalCallRoutes: Module = (app, deps) => {
  const { db } = deps.database;

  route(app, e.create, async (request) => {
    const created = await createCall(db, deps.jobs, requireAuth(request).id, request.params.id, request.body);
    // Its notices (a PDF each, the bell, email) are the `call-notices` job's, one investor at a time.
    deps.jobs.wake('call-notices');
    return {
      success: true as const,
      data: presentCall(
        created.call,
        created.lines.map((line) => ({ line })),
      ),
    };
  });

  route(app, e.list, async (request) => ({
    success: true as const,
    data: await listCalls(db, request.params.id),
  }));
  route(app, e.overdue, async () => ({ success: true as const, data: await overdueLines(db) }));
  route(app, e.open, async () => ({ success: true as const, data: await openLines(db) }));
};
