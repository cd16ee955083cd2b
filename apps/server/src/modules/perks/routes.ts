import type { Module } from '../../app-types';

/** Perks, cabin nights and usage summary (content work). */
export const perkRoutes: Module = () => {};
