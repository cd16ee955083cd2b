import type { Cabin, HighSeason } from '@portal/contracts';
import { iso } from '../../../lib/format';
import type { CabinRow, SeasonRow } from './service';

/** The only way a cabin row becomes JSON; its guide only for an admin (`withGuide`). */
export const presentCabin = (c: CabinRow, withGuide = false): Cabin => ({
  _id: c.id,
  projectId: c.projectId,
  name: c.name,
  sleeps: c.sleeps,
  description: c.description,
  photos: c.photos,
  active: c.active,
  futureNights: c.futureNights,
  ...(withGuide && { guide: c.guide ?? null }),
  createdAt: iso(c.createdAt)!,
  updatedAt: iso(c.updatedAt)!,
});

export const presentSeason = (s: SeasonRow): HighSeason => ({
  _id: s.id,
  projectId: s.projectId,
  name: s.name,
  startsOn: s.startsOn,
  endsOn: s.endsOn,
  maxNightsPerInvestor: s.maxNightsPerInvestor,
  usedNights: s.usedNights,
});
