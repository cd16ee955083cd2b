import type { Module } from '../../app-types';

/** Register Your Interest submissions (portfolio work; admin list in the admin work). */
export const interestRoutes: Module = () => {};
