import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { route } from '../../plugins/route';
import { presentDashboard } from './presenter';
import { getDashboard } from './service';

/** The figures an operator wants first (Admin Dashboard, /admin). */
export const adminDashboardRoutes: Module = (app, { database: { db } }) => {
  route(app, endpoints.adminDashboard.get, async (request) => ({
    success: true as const,
    data: presentDashboard(await getDashboard(db, request.query.projectId)),
  }));
};
