import type { Module } from '../../app-types';

/** Cabin-night booking requests (content work). */
export const bookingRoutes: Module = () => {};
