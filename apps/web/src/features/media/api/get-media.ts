import { useQuery } from '@tanstack/react-query';
import type { MediaAnswer, MediaItem } from '@portal/contracts';
import { api } from '@/lib/api';

export const mediaQueryKey = (projectId: string | null | undefined) => ['media', 'list', projectId] as const;

/**
 * The gallery of a project (`GET /api/media?projectId=`). Uploaded files come with signed addresses that
 * last two to three hours (docs/decisions/003), so the list is fetched again well before they run out.
 */
export function useMedia(projectId: string | null | undefined) {
  return useQuery({
    queryKey: mediaQueryKey(projectId),
    queryFn: async ({ signal }): Promise<MediaItem[]> => {
      const res = await api<Partial<MediaAnswer>>('/api/media', { query: { projectId: projectId! }, signal });
      return Array.isArray(res?.media) ? res.media : [];
    },
    enabled: !!projectId,
    staleTime: 30 * 60_000,
    refetchInterval: 60 * 60_000,
    refetchOnWindowFocus: true,
  });
}
