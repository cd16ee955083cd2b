import type { Module } from '../../app-types';

/** Monthly returns per user and project (admin work). */
export const returnRoutes: Module = () => {};
