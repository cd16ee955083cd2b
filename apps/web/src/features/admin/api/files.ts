import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PREVIEW_REVOKE_DELAY_MS,
  type DocumentItem,
  type DocumentsAnswer,
  type MediaAnswer,
  type MediaItem,
  type UserMediaItem,
} from '@portal/contracts';
import { api, apiBlob, saveBlob } from '@/lib/api';
import { uploadForm } from '@/lib/upload';
import { adminKeys } from './keys';

/** A form's fields as multipart text, the file last (fields first lets the server read them as it streams). */
export function toFormData(
  fields: Record<string, string | number | boolean | null | undefined>,
  file?: File | null,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== null) form.append(k, String(v));
  if (file) form.append('file', file, file.name);
  return form;
}

/* Documents and per-user media (admin documents screen) */

/** One user's documents and media in a project, or (userId null) every document of the project. */
export function useVault(projectId: string | undefined, userId: string | null) {
  return useQuery({
    queryKey: [...adminKeys.all, 'vault', projectId, userId],
    queryFn: ({ signal }) =>
      api<DocumentsAnswer>('/api/documents', { signal, query: { projectId, userId: userId ?? undefined } }),
    enabled: !!projectId,
  });
}

export function useUploadWrite<T>() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: {
      path: string;
      method: 'POST' | 'PUT';
      query?: Record<string, string | null | undefined>;
      form: FormData;
      onProgress: (p: number) => void;
    }) =>
      uploadForm<{ data: T }>(v.path, v.form, { method: v.method, query: v.query, onProgress: v.onProgress }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useUploadDocument = () => useUploadWrite<DocumentItem>();
export const useUploadUserMedia = () => useUploadWrite<UserMediaItem>();
export const useUploadProjectMedia = () => useUploadWrite<MediaItem>();

export function useDeleteFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (path: string) => api(path, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Saves a stored file under the name the server gives it. */
export async function downloadFile(path: string, fallbackName: string) {
  const { blob, filename } = await apiBlob(path, { timeoutMs: 120_000 });
  saveBlob(blob, filename ?? fallbackName);
}

/**
 * Opens a stored file in a new tab. The tab is opened at the click (so no popup blocker stops it) and
 * pointed at the file once it has arrived; the temporary address is revoked a second later.
 */
export async function previewFile(path: string) {
  const tab = window.open('', '_blank');
  try {
    const { blob } = await apiBlob(path, { timeoutMs: 120_000 });
    const url = URL.createObjectURL(blob);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), PREVIEW_REVOKE_DELAY_MS);
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/* Project media (/api/media) */

export function useProjectMedia(projectId: string | undefined) {
  return useQuery({
    queryKey: [...adminKeys.all, 'media', projectId],
    queryFn: async ({ signal }) =>
      (await api<MediaAnswer>('/api/media/admin', { signal, query: { projectId } })).media ?? [],
    enabled: !!projectId,
  });
}
