import { endpoints } from '@portal/contracts';
import type { Module } from '../../app-types';
import { route } from '../../plugins/route';
import { verifyLedger } from './service';

/** The ledger anyone can check: the running hash over every money entry, verified (apps/server/src/modules/ledger/README.md). */
export const ledgerRoutes: Module = (app, { database: { db } }) => {
  route(app, endpoints.ledger.verify, async () => ({
    success: true as const,
    data: await verifyLedger(db),
  }));
};
