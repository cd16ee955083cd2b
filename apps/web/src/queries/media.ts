import { useEndpointQuery, useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import type { MediaItem } from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { call } from '@/lib/endpoint-client';
import { uploadTo } from '@/lib/upload';

const e = endpoints.media;

/** The media of an answer; a missing list is read as empty. */
const mediaList = (answer: unknown): MediaItem[] => {
  const a = answer as { media?: unknown } | undefined;
  return Array.isArray(a?.media) ? (a.media as MediaItem[]) : [];
};

/**
 * The gallery of a project (`GET /api/media?projectId=`). Uploaded files come with signed addresses that
 * last two to three hours (docs/decisions/003), so the list is fetched again well before they run out.
 */
export function useMedia(projectId: string | null | undefined) {
  return useEndpointQuery(
    e.list,
    { query: { projectId: projectId ?? undefined } },
    {
      select: mediaList,
      enabled: !!projectId,
      staleTime: 30 * 60_000,
      refetchInterval: 60 * 60_000,
      refetchOnWindowFocus: true,
    },
  );
}

/** Every media item of a project, whatever its status (the admin list). */
export function useProjectMedia(projectId: string | undefined) {
  return useEndpointQuery(e.adminList, { query: { projectId } }, { select: mediaList, enabled: !!projectId });
}

/** Adds or changes a project media item, its file sent with progress; every view of the gallery reloads. */
export function useUploadProjectMedia({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.create, {
    failure,
    mutationFn: ({
      id,
      form,
      onProgress,
    }: {
      id?: string;
      form: FormData;
      onProgress: (p: number) => void;
    }) =>
      id
        ? uploadTo(e.update, { params: { id }, form }, { onProgress })
        : uploadTo(e.create, { form }, { onProgress }),
  });
}

/** Deletes a project media item and its file. */
export function useDeleteProjectMedia({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.remove, {
    failure,
    mutationFn: (id: string) => call(e.remove, { params: { id } }),
  });
}
