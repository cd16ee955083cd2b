import type { Module } from '../../app-types';

/** Payouts derived from monthly returns (portfolio work). */
export const investmentRoutes: Module = () => {};
