import { useEndpointQuery, useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import { useQuery } from '@tanstack/react-query';
import { flattenPerks, type Perk, type PerkInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call, endpointQuery } from '@/lib/endpoint-client';
import { useOrFallback } from './fallback';

const e = endpoints.perks;
const NONE: Perk[] = [];

/** The perks answer may be a flat list or an object of lists keyed by group: read here, and only here. */
const perkList = (answer: { perks?: Perk[] | Record<string, Perk[]> }) => flattenPerks(answer.perks);

/**
 * A project's perks (`GET /api/perks/benefits/{projectId}`): one query, one key, shared by the
 * investor's Perks page and the admin list.
 */
const perksQuery = (projectId: string | undefined) => ({
  ...endpointQuery(e.list, { params: { projectId: projectId! } }, perkList),
  enabled: !!projectId,
});

/** The admin list: a failed load keeps its error, and the page says so. */
export function usePerks(projectId: string | undefined) {
  return useQuery(perksQuery(projectId));
}

/** The investor's Perks page: a failed load is logged and reads as no perks. */
export function usePerksOrEmpty(projectId: string | undefined) {
  return useOrFallback(useQuery({ ...perksQuery(projectId), staleTime: 60_000 }), NONE);
}

/** The investor's usage of their cabin nights in a project; null when it fails to load. */
export function useUsage(projectId: string | undefined) {
  return useOrFallback(
    useEndpointQuery(
      e.usage,
      { params: { projectId: projectId! } },
      { select: (a) => a.usage ?? null, enabled: !!projectId },
    ),
    null,
  );
}

/** Adds or changes a perk (admin); every view of the project's perks reloads. */
export function useSavePerk(projectId: string, { failure }: FailureOption = {}) {
  return useEndpointMutation(e.update, {
    failure,
    invalidates: [e.update, e.create],
    mutationFn: ({ id, input }: { id?: string; input: PerkInput }) =>
      id
        ? call(e.update, { params: { projectId, perkId: id }, body: input })
        : call(e.create, { params: { projectId }, body: input }),
  });
}

export function useDeletePerk(projectId: string, { failure }: FailureOption = {}) {
  return useEndpointMutation(e.remove, {
    failure,
    mutationFn: (id: string) => call(e.remove, { params: { projectId, perkId: id } }),
  });
}
