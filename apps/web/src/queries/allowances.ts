import { t } from 'i18next';
import { useEndpointQuery, useEndpointMutation } from '@/lib/endpoint-hooks';
import type { CabinAllowanceInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { useOrFallback } from './fallback';

const e = endpoints.allowances;

/** The investor's cabin nights in a project: null when they hold none there, or when it fails to load. */
export function useCabinNights(projectId: string | undefined) {
  return useOrFallback(
    useEndpointQuery(
      e.cabinNights,
      { params: { projectId: projectId! } },
      { select: (a) => a.cabinNights ?? null, enabled: !!projectId },
    ),
    null,
  );
}

/** A user's cabin-night allowance in a project (admin); null when none is set. */
export function useAllowance(userId: string | null, projectId: string | undefined) {
  return useEndpointQuery(
    e.allowance,
    { params: { projectId: projectId!, userId: userId! } },
    { select: (a) => a.data, enabled: !!userId && !!projectId },
  );
}

export function useSaveAllowance(userId: string, projectId: string) {
  return useEndpointMutation(e.setAllowance, {
    failure: () => t('investments:allowance.failedSave'),
    mutationFn: (input: CabinAllowanceInput) =>
      call(e.setAllowance, { params: { projectId, userId }, body: input }),
  });
}
