import type { Module } from '../../app-types';

/** Project updates and per-user read state (content work). */
export const updateRoutes: Module = () => {};
