import type { Module } from '../../app-types';

/** User administration (admin work). */
export const adminUserRoutes: Module = () => {};
