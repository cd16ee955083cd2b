import type { Module } from '../../app-types';

/** Document vault and per-user media (content work). */
export const documentRoutes: Module = () => {};
