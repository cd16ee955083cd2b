import type { Module } from '../../app-types';

/** Admin dashboard figures (admin work). */
export const adminDashboardRoutes: Module = () => {};
