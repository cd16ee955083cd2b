import { useQuery } from '@tanstack/react-query';
import type { ProfileInput } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call, endpointQuery } from '@/lib/endpoint-client';
import { useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import { useAuth } from './session';

const e = endpoints.users;

/**
 * The investor's summary (`GET /api/users/me`). It starts from the user the session already holds, so
 * the page paints at once, and is re-read in the background so that new returns show up.
 */
export function usePortfolio() {
  const { user, status } = useAuth();
  const query = endpointQuery(e.me, {}, (a) => a.data);
  return useQuery({
    ...query,
    // Another user signing in on this browser never sees the previous one's figures.
    queryKey: [...query.queryKey, user?._id],
    enabled: status === 'authenticated',
    initialData: user ?? undefined,
    // As old as the page's embedded answer when it came with one (ADR 023); else re-read at once.
    initialDataUpdatedAt: query.initialDataUpdatedAt ?? 0,
    staleTime: 30_000,
  });
}

/** Saves the profile fields (the page reloads after, so nothing is refreshed here). */
export const useUpdateProfile = ({ failure }: FailureOption = {}) =>
  useEndpointMutation(e.updateMe, {
    invalidates: [],
    failure,
    mutationFn: (body: ProfileInput) => call(e.updateMe, { body }),
  });
