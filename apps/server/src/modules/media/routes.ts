import type { Module } from '../../app-types';

/** Project media gallery (content work). */
export const mediaRoutes: Module = () => {};
