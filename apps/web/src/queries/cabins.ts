import { useEndpointQuery, useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import { keepPreviousData } from '@tanstack/react-query';
import type { CabinInput, HighSeasonInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';

const e = endpoints.cabins;

/**
 * Free and total cabins and whether it is high season, for each date from `from` to `to` (both
 * included, 'YYYY-MM-DD'). The previous window's answer stays on screen while the next one loads.
 */
export function useAvailability(projectId: string | undefined, from: string, to: string) {
  return useEndpointQuery(
    e.availability,
    { params: { projectId: projectId! }, query: { from, to } },
    { select: (a) => a.availability, enabled: !!projectId, placeholderData: keepPreviousData },
  );
}

/** A project's high-season periods, each with the nights of it the caller holds. */
export function useHighSeasons(projectId: string | undefined) {
  return useEndpointQuery(
    e.seasons,
    { params: { id: projectId! } },
    { select: (a) => a.data, enabled: !!projectId },
  );
}

/** A project's cabins: the active ones for an investor, every one for an admin. */
export function useCabins(projectId: string | undefined) {
  return useEndpointQuery(
    e.list,
    { params: { id: projectId! } },
    { select: (a) => a.data, enabled: !!projectId },
  );
}

/** Adds or changes a cabin (admin). */
export function useSaveCabin(projectId: string, { failure }: FailureOption = {}) {
  return useEndpointMutation(e.update, {
    failure,
    invalidates: [e.update, e.create],
    mutationFn: ({ id, input }: { id?: string; input: CabinInput }) =>
      id
        ? call(e.update, { params: { id: projectId, cabinId: id }, body: input })
        : call(e.create, { params: { id: projectId }, body: input }),
  });
}

/** Deletes a cabin (admin); the server refuses (409) one that holds stays from today on. */
export function useDeleteCabin(projectId: string, { failure }: FailureOption = {}) {
  return useEndpointMutation(e.remove, {
    failure,
    mutationFn: (id: string) => call(e.remove, { params: { id: projectId, cabinId: id } }),
  });
}

/** Adds or changes a high-season period (admin). */
export function useSaveSeason(projectId: string, { failure }: FailureOption = {}) {
  return useEndpointMutation(e.updateSeason, {
    failure,
    invalidates: [e.updateSeason, e.createSeason],
    mutationFn: ({ id, input }: { id?: string; input: HighSeasonInput }) =>
      id
        ? call(e.updateSeason, { params: { id: projectId, seasonId: id }, body: input })
        : call(e.createSeason, { params: { id: projectId }, body: input }),
  });
}

export function useDeleteSeason(projectId: string, { failure }: FailureOption = {}) {
  return useEndpointMutation(e.removeSeason, {
    failure,
    mutationFn: (id: string) => call(e.removeSeason, { params: { id: projectId, seasonId: id } }),
  });
}

/** The guides of the cabins of the caller's approved stay, from 14 days before check-in (none before). */
export function useStayGuide(bookingId: string, enabled: boolean) {
  return useEndpointQuery(e.guide, { params: { id: bookingId } }, { select: (a) => a.data, enabled });
}
