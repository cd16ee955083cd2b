import { adminDashboard, dashboardQuery, envelope } from '@portal/contracts';
import type { Module } from '../../app-types';
import { getDashboard } from './service';

/** The figures an operator wants first (Admin Dashboard, /admin). */
export const adminDashboardRoutes: Module = (app, { database: { db } }) => {
  app.get(
    '/api/admin/dashboard',
    {
      config: { access: 'admin' },
      schema: { querystring: dashboardQuery, response: { 200: envelope(adminDashboard) } },
    },
    async (request) => ({ success: true as const, data: await getDashboard(db, request.query.projectId) }),
  );
};
