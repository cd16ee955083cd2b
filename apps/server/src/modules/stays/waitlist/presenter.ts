import type { WaitlistEntry } from '@portal/contracts';
import type { WaitlistRow } from './service';

export const presentWaitlistEntry = (row: WaitlistRow): WaitlistEntry => ({
  _id: row.id,
  projectId: row.projectId,
  type: row.type,
  nights: row.nights,
  createdAt: row.createdAt.toISOString(),
});
