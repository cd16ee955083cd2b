import { adminDashboard, dashboardQuery } from '../admin-dashboard';
import { envelope } from '../common';
import { endpoint } from '../endpoint';

export const adminDashboardEndpoints = {
  get: endpoint({
    id: 'adminDashboard.get',
    method: 'GET',
    path: '/api/admin/dashboard',
    access: 'admin',
    summary: 'The figures an operator wants first, overall and for the selected project',
    query: dashboardQuery,
    answer: envelope(adminDashboard),
    reads: [
      'investments',
      'monthly_returns',
      'rental_incomes',
      'adjustments',
      'projects',
      'bookings',
      'interest_registrations',
      'users',
      'audit_log',
    ],
  }),
};
