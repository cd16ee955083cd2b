import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PREVIEW_REVOKE_DELAY_MS,
  isPreviewableType,
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

/** What a new tab may show: PDFs, images, text and video; nothing that could run script in our origin. */
function showsInTab(mime: string) {
  return isPreviewableType(mime) || /^video\/(mp4|webm|quicktime)$/i.test(mime.split(';')[0]!.trim());
}

/**
 * Opens a stored file in a new tab: the admin screen's preview and download both do (docs/product.md §15.7).
 * The tab is opened at the click (so no pop-up blocker stops it) and pointed at the file once it has
 * arrived; the temporary address is revoked a second later. A file no browser shows (an office
 * document), or a blocked tab, is saved instead under the server's name (else `fallbackName`).
 */
export async function openFileInTab(path: string, fallbackName: string): Promise<'opened' | 'saved'> {
  const tab = window.open('', '_blank');
  try {
    const { blob, filename } = await apiBlob(path, { timeoutMs: 120_000 });
    if (tab && showsInTab(blob.type)) {
      const url = URL.createObjectURL(blob);
      tab.opener = null;
      tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), PREVIEW_REVOKE_DELAY_MS);
      return 'opened';
    }
    tab?.close();
    saveBlob(blob, filename ?? fallbackName);
    return 'saved';
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
