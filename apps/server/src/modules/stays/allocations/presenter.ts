import type { Allocation } from '@portal/contracts';
import type { AllocationRow } from './service';
import { nightsOf } from './service';

/** An allocation as the API answers it: never the seed (the result gives it once run). */
export const presentAllocation = (a: AllocationRow): Allocation => ({
  _id: a.id,
  projectId: a.projectId,
  projectName: a.projectName,
  title: a.title,
  seedHash: a.seedHash,
  status: a.status,
  preferencesDue: a.preferencesDue.toISOString(),
  runsAt: a.runsAt.toISOString(),
  ranAt: a.ranAt?.toISOString() ?? null,
  stays: a.stays.map((s) => ({
    _id: s.id,
    checkIn: s.checkIn,
    checkOut: s.checkOut,
    nights: nightsOf(s).length,
  })),
  myChoices: a.myChoices,
  participants: a.participants,
});
