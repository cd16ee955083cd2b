import { useEndpointQuery, useEndpointMutation, type FailureOption } from '@/lib/endpoint-hooks';
import { useQuery } from '@tanstack/react-query';
import {
  PREVIEW_REVOKE_DELAY_MS,
  endpointUrl,
  isPreviewableType,
  type DocumentItem,
  type UserMediaItem,
} from '@portal/contracts';
import { endpoints } from '@/lib/endpoints';
import { saveBlob } from '@/lib/api';
import { call, callFile, endpointQuery } from '@/lib/endpoint-client';
import { downloadFile, previewFile } from '@/lib/files';
import { uploadTo } from '@/lib/upload';

const e = endpoints.documents;

/** A vault's documents and (for an admin's view of one user) media; a missing list is read as empty. */
function vault(answer: unknown): { documents: DocumentItem[]; media: UserMediaItem[] } {
  const a = answer as { documents?: unknown; media?: unknown } | undefined;
  return {
    documents: Array.isArray(a?.documents) ? (a.documents as DocumentItem[]) : [],
    media: Array.isArray(a?.media) ? (a.media as UserMediaItem[]) : [],
  };
}

/** The vault of a project (`GET /api/documents?projectId=`): its shared documents and the investor's own. */
export function useDocuments(projectId: string | null | undefined) {
  // The vault's cache entry is shared with useVault: the documents are picked from it.
  return useQuery({
    ...endpointQuery(e.list, { query: { projectId: projectId ?? undefined } }, vault),
    select: (v) => v.documents,
    enabled: !!projectId,
    staleTime: 60_000,
  });
}

/** One user's documents and media in a project, or (userId null) every document of the project. */
export function useVault(projectId: string | undefined, userId: string | null) {
  return useEndpointQuery(
    e.list,
    { query: { projectId, userId: userId ?? undefined } },
    { select: vault, enabled: !!projectId },
  );
}

/** Saves the document under the name the server gives it (fallback: 'document-{id}'). */
export const downloadDocument = (doc: DocumentItem) =>
  downloadFile(endpointUrl(e.download, { params: { id: doc._id } }), `document-${doc._id}`);

/** Opens a PDF, image or text document in a new tab; downloads any other type. */
export const previewDocument = (doc: DocumentItem) =>
  previewFile(endpointUrl(e.preview, { params: { id: doc._id } }), `document-${doc._id}`);

/** What a new tab may show: PDFs, images, text and video; nothing that could run script in our origin. */
function showsInTab(mime: string) {
  return isPreviewableType(mime) || /^video\/(mp4|webm|quicktime)$/i.test(mime.split(';')[0]!.trim());
}

const VAULT_FILES = {
  preview: [e.preview, 'document'],
  download: [e.download, 'document'],
  mediaPreview: [e.mediaPreview, 'media'],
  mediaDownload: [e.mediaDownload, 'media'],
} as const;

/**
 * Opens a stored file of the vault in a new tab: the admin screen's preview and download both do
 * (docs/product.md §15.7). The tab is opened at the click (so no pop-up blocker stops it) and pointed
 * at the file once it has arrived; the temporary address is revoked a second later. A file no browser
 * shows (an office document), or a blocked tab, is saved instead under the server's name (else
 * 'document-{id}' / 'media-{id}').
 */
export async function openFileInTab(file: keyof typeof VAULT_FILES, id: string): Promise<'opened' | 'saved'> {
  const [endpoint, kind] = VAULT_FILES[file];
  const tab = window.open('', '_blank');
  try {
    const { blob, filename } = await callFile(endpoint, { params: { id } }, { timeoutMs: 120_000 });
    if (tab && showsInTab(blob.type)) {
      const url = URL.createObjectURL(blob);
      tab.opener = null;
      tab.location.href = url;
      setTimeout(() => URL.revokeObjectURL(url), PREVIEW_REVOKE_DELAY_MS);
      return 'opened';
    }
    tab?.close();
    saveBlob(blob, filename ?? `${kind}-${id}`);
    return 'saved';
  } catch (err) {
    tab?.close();
    throw err;
  }
}

/** The project and owner of an admin write (userId empty: a document shared with the project). */
type Target = { projectId?: string | null; userId?: string | null };
const targetQuery = (q: Target | undefined) => ({
  projectId: q?.projectId ?? undefined,
  userId: q?.userId ?? undefined,
});

interface UploadVars {
  /** The item to change; none adds one. */
  id?: string;
  query?: Target;
  form: FormData;
  onProgress: (percent: number) => void;
}

/** Adds or changes a document, with its file sent with progress; every view of the vault reloads. */
export function useUploadDocument({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.create, {
    failure,
    mutationFn: ({ id, query, form, onProgress }: UploadVars) =>
      id
        ? uploadTo(e.update, { params: { id }, query: targetQuery(query), form }, { onProgress })
        : uploadTo(e.create, { query: targetQuery(query), form }, { onProgress }),
  });
}

/** Adds or changes a media item of one user's files. */
export function useUploadUserMedia({ failure }: FailureOption = {}) {
  return useEndpointMutation(e.createMedia, {
    failure,
    mutationFn: ({ id, query, form, onProgress }: UploadVars) =>
      id
        ? uploadTo(e.updateMedia, { params: { id }, query: targetQuery(query), form }, { onProgress })
        : uploadTo(e.createMedia, { query: targetQuery(query), form }, { onProgress }),
  });
}

/** Deletes a document or a user's media item, and its file. */
type VaultFile = { kind: 'document' | 'media'; id: string };

export function useDeleteVaultFile({ failure }: FailureOption<VaultFile> = {}) {
  return useEndpointMutation(e.remove, {
    failure,
    mutationFn: ({ kind, id }: VaultFile) =>
      call(kind === 'document' ? e.remove : e.removeMedia, { params: { id } }),
  });
}
