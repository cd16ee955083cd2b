import { PREVIEW_REVOKE_DELAY_MS, isPreviewableType } from '@portal/contracts';
import { ApiError, apiBlob, errorText, saveBlob } from './api';

/**
 * The error to show for a failed file call: the server's JSON message read out of the blob answer
 * (the api client does that), else the fallback ('Download failed' / 'Preview failed').
 */
function fileError(err: unknown, fallback: string): Error {
  if (err instanceof ApiError) {
    const b = err.body as { error?: unknown; message?: unknown } | undefined;
    const fromServer = typeof b?.error === 'string' || typeof b?.message === 'string';
    return new Error(fromServer || err.status === 0 ? errorText(err) : fallback);
  }
  return new Error(err instanceof Error && err.message ? err.message : fallback);
}

/** Downloads an API file under the server's name (else `fallbackName`). */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  try {
    const { blob, filename } = await apiBlob(path);
    saveBlob(blob, filename ?? fallbackName);
  } catch (err) {
    throw fileError(err, 'Download failed');
  }
}

/**
 * Opens a PDF, an image or a text file in a new tab (its temporary address is revoked after 1 s, see
 * docs/product.md §19); anything else, or a blocked pop-up, is downloaded. Only those types are opened:
 * a blob address runs in our origin, so nothing that could hold script may be shown that way.
 */
export async function previewFile(path: string, fallbackName: string): Promise<'opened' | 'downloaded'> {
  let file: Awaited<ReturnType<typeof apiBlob>>;
  try {
    file = await apiBlob(path);
  } catch (err) {
    throw fileError(err, 'Preview failed');
  }
  const { blob, filename } = file;
  if (isPreviewableType(blob.type)) {
    const url = URL.createObjectURL(blob);
    const tab = window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), PREVIEW_REVOKE_DELAY_MS);
    if (tab) {
      tab.opener = null;
      return 'opened';
    }
  }
  saveBlob(blob, filename ?? fallbackName);
  return 'downloaded';
}
