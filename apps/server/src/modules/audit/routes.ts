import type { Module } from '../../app-types';

/** Audit log of admin writes (admin work). */
export const auditRoutes: Module = () => {};
