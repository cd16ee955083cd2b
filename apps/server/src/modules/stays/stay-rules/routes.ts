import { endpoints } from '@portal/contracts';
import type { Module } from '../../../app-types';
import { route } from '../../../plugins/route';
import { requireAuth } from '../../../plugins/auth';
import { getStayRules, putStayRules } from './service';

const e = endpoints.stayRules;

/** A project's stay rules: investors and admins read them, admins replace them. */
export const stayRuleRoutes: Module = (app, { database: { db } }) => {
  route(app, e.get, async (request) => ({
    success: true as const,
    data: await getStayRules(db, requireAuth(request), request.params.projectId),
  }));

  route(app, e.adminGet, async (request) => ({
    success: true as const,
    data: await getStayRules(db, requireAuth(request), request.params.id),
  }));

  route(app, e.put, async (request) => ({
    success: true as const,
    data: await putStayRules(db, requireAuth(request), request.params.id, request.body),
    message: 'Stay rules saved',
  }));
};
