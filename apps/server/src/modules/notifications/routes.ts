import type { Module } from '../../app-types';

/** Notifications, live stream (notifications work). */
export const notificationRoutes: Module = () => {};
