import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  flattenPerks,
  type Booking,
  type CabinNights,
  type CreateBookingInput,
  type Perk,
  type UsageSummary,
} from '@portal/contracts';
import { api } from '@/lib/api';
import { queryRoots } from '@/lib/live-refresh';

const enc = encodeURIComponent;
export const perksKeys = {
  all: queryRoots.perks,
  cabinNights: (projectId?: string) => ['perks', 'cabin-nights', projectId] as const,
  benefits: (projectId?: string) => ['perks', 'benefits', projectId] as const,
  usage: (projectId?: string) => ['perks', 'usage', projectId] as const,
  bookings: (projectId?: string) => ['perks', 'bookings', projectId] as const,
};

/** Data-loading failures are logged and the views fall back to empty (docs/product.md §18). */
async function orFallback<T>(load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (err) {
    console.error(err);
    return fallback;
  }
}

/** `GET /api/perks/cabin-nights/{projectId}`: null when the investor holds no cabin nights there. */
export function useCabinNights(projectId: string | undefined) {
  return useQuery({
    queryKey: perksKeys.cabinNights(projectId),
    queryFn: () =>
      orFallback(
        async () =>
          (await api<{ cabinNights?: CabinNights | null }>(`/api/perks/cabin-nights/${enc(projectId!)}`))
            .cabinNights ?? null,
        null,
      ),
    enabled: !!projectId,
  });
}

/** `GET /api/perks/benefits/{projectId}`: a flat list or an object of lists, flattened. */
export function usePerks(projectId: string | undefined) {
  return useQuery({
    queryKey: perksKeys.benefits(projectId),
    queryFn: () =>
      orFallback(async () => {
        const res = await api<{ perks?: Perk[] | Record<string, Perk[]> }>(
          `/api/perks/benefits/${enc(projectId!)}`,
        );
        return flattenPerks(res.perks);
      }, [] as Perk[]),
    enabled: !!projectId,
    staleTime: 60_000,
  });
}

/** `GET /api/perks/usage-summary/{projectId}` */
export function useUsage(projectId: string | undefined) {
  return useQuery({
    queryKey: perksKeys.usage(projectId),
    queryFn: () =>
      orFallback(
        async () =>
          (await api<{ usage?: UsageSummary }>(`/api/perks/usage-summary/${enc(projectId!)}`)).usage ?? null,
        null,
      ),
    enabled: !!projectId,
  });
}

/** The investor's own booking requests in the project (`GET /api/bookings?projectId=`). */
export function useBookings(projectId: string | undefined) {
  return useQuery({
    queryKey: perksKeys.bookings(projectId),
    queryFn: () =>
      orFallback(
        async () =>
          (await api<{ data?: Booking[] }>('/api/bookings', { query: { projectId: projectId! } })).data ?? [],
        [] as Booking[],
      ),
    enabled: !!projectId,
  });
}

/** A booking changes the nights, the usage and the requests: all of them are read again. */
function useRefreshPerks() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: perksKeys.all });
}

export function useCreateBooking() {
  const refresh = useRefreshPerks();
  return useMutation({
    mutationFn: async (input: CreateBookingInput) =>
      (await api<{ data: Booking; message?: string }>('/api/bookings', { method: 'POST', json: input })).data,
    onSuccess: refresh,
  });
}

export function useCancelBooking() {
  const refresh = useRefreshPerks();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api<{ data: Booking }>(`/api/bookings/${enc(id)}/cancel`, { method: 'PUT' })).data,
    onSuccess: refresh,
  });
}
