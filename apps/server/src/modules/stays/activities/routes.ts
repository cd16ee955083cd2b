import { ACTIVITY_REQUEST_SUBMITTED, earliestTodayIso, endpoints } from '@portal/contracts';
import type { Module } from '../../../app-types';
import { route } from '../../../plugins/route';
import { requireAuth } from '../../../plugins/auth';
import { requireProjectId } from '../../access/project-access';
import { presentActivityRequest, presentAdminActivityRequest } from './presenter';
import {
  cancelActivityRequest,
  createActivityRequest,
  decideActivityRequest,
  listOwnActivityRequests,
  listProjectActivityRequests,
} from './service';

const e = endpoints.activities;

/** Partner-activity requests: investors make and cancel them, admins approve or decline them. */
export const activityRoutes: Module = (app, { database: { db }, mailer }) => {
  route(app, e.list, async (request) => {
    const rows = await listOwnActivityRequests(
      db,
      requireAuth(request),
      requireProjectId(request.query.projectId),
    );
    return { success: true as const, data: rows.map(presentActivityRequest) };
  });

  route(app, e.create, async (request) => {
    // Past means past in every time zone, so that a calendar west of UTC is not refused its today.
    const row = await createActivityRequest(db, requireAuth(request), request.body, earliestTodayIso());
    return { success: true as const, data: presentActivityRequest(row), message: ACTIVITY_REQUEST_SUBMITTED };
  });

  route(app, e.cancel, async (request) => ({
    success: true as const,
    data: presentActivityRequest(await cancelActivityRequest(db, requireAuth(request), request.params.id)),
    message: 'Activity request cancelled',
  }));

  route(app, e.adminList, async (request) => {
    const rows = await listProjectActivityRequests(
      db,
      requireAuth(request),
      requireProjectId(request.query.projectId),
      request.query.status,
    );
    return { success: true as const, data: rows.map(presentAdminActivityRequest) };
  });

  for (const [endpoint, decision, message] of [
    [e.approve, 'approved', 'Activity approved'],
    [e.decline, 'declined', 'Activity declined'],
  ] as const)
    route(app, endpoint, async (request) => ({
      success: true as const,
      data: presentAdminActivityRequest(
        await decideActivityRequest(
          db,
          mailer,
          requireAuth(request),
          request.params.id,
          decision,
          request.body.note,
        ),
      ),
      message,
    }));
};
