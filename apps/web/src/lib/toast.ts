import { useSyncExternalStore } from 'react';
import { t } from 'i18next';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@portal/contracts';
import { ApiError, errorText } from './api';

/** Toasts (docs/product.md §19): at most one shown, 5000 ms, variants default and destructive. */
export interface ToastItem {
  id: number;
  title?: string;
  description?: string;
  variant: 'default' | 'destructive';
  duration: number;
  open: boolean;
}

export type ToastInput = Omit<Partial<ToastItem>, 'id' | 'open'>;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const removalTimers = new Map<number, ReturnType<typeof setTimeout>>();

export function toast(input: ToastInput): number {
  const item: ToastItem = {
    id: nextId++,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION_MS,
    open: true,
  };
  // Error toasts are also logged.
  if (item.variant === 'destructive' || item.title?.toLowerCase() === 'error') {
    console.error(`[toast] ${item.title ?? ''}${item.description ? `: ${item.description}` : ''}`);
  }
  items = [item, ...items].slice(0, TOAST_LIMIT);
  emit();
  return item.id;
}

/** Where a toast waits across a page reload: this tab only, and gone when the tab closes. */
const PENDING_KEY = 'pendingToast';

/**
 * A toast for after a page reload. Toasts live in memory, so one shown just before a reload would be
 * wiped with the page: this one waits in sessionStorage, then the reload runs, and the Toaster shows it
 * once the page has loaded again (showPendingToast).
 */
export function toastAfterReload(input: ToastInput, reload: () => void = () => window.location.reload()) {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(input));
  } catch {
    // Storage refused (e.g. full): show it now, however briefly, rather than not at all.
    toast(input);
  }
  reload();
}

/** Whether a toast waits for this page load (the Toaster is then needed at once). */
export function hasPendingToast(): boolean {
  try {
    return sessionStorage.getItem(PENDING_KEY) !== null;
  } catch {
    return false;
  }
}

/** The stored toast, or null for nothing or anything that is not a toast. */
function readPending(raw: string): ToastInput | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const { title, description, variant, duration } = value as Record<string, unknown>;
  const text = (x: unknown) => (typeof x === 'string' && x ? x : undefined);
  const input: ToastInput = {
    title: text(title),
    description: text(description),
    variant: variant === 'destructive' ? 'destructive' : 'default',
    ...(typeof duration === 'number' && duration > 0 ? { duration } : {}),
  };
  return input.title || input.description ? input : null;
}

/**
 * Shows the toast left by toastAfterReload before this page load, once, when the page has finished
 * loading: its five seconds then run while the reader can see the page, not while images still load.
 */
export function showPendingToast() {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    return;
  }
  const input = raw === null ? null : readPending(raw);
  if (!input) return;
  if (document.readyState === 'complete') toast(input);
  else window.addEventListener('load', () => toast(input), { once: true });
}

/** Closes a toast; it is removed from the list 5000 ms later (after its exit animation). */
export function dismissToast(id: number) {
  items = items.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
  if (!removalTimers.has(id)) {
    removalTimers.set(
      id,
      setTimeout(() => {
        removalTimers.delete(id);
        items = items.filter((t) => t.id !== id);
        emit();
      }, TOAST_DURATION_MS),
    );
  }
}

/** Forgets every toast at once (a component test starts with none on screen). */
export function resetToasts() {
  removalTimers.forEach((t) => clearTimeout(t));
  removalTimers.clear();
  items = [];
  emit();
}

export const toastError = (description: string, title = t('common:toast.error')) =>
  toast({ title, description, variant: 'destructive' });

/** An error toast titled with its fixed words ('Failed to save project'), the server's reason below it. */
export const toastFailed = (title: string, err?: unknown) =>
  toast({
    title,
    description: err === undefined ? undefined : messageOf(err, t('common:toast.tryAgain')),
    variant: 'destructive',
  });

/**
 * How a failed write is told: a title of its own with the server's reason below it ('Failed to save
 * perk'); as `{ fallback }`, 'Error' with the server's reason, the fallback when it gives none; as
 * `{ titleOnly }`, its title alone (the notification bell's 'Failed to mark notification as read').
 */
export type Failure = string | { fallback: string } | { titleOnly: string };

/** A failure's own words: its title, or its fallback. */
export const failureWords = (failure: Failure) =>
  typeof failure === 'string' ? failure : 'titleOnly' in failure ? failure.titleOnly : failure.fallback;

export const toastFailure = (failure: Failure, err: unknown) =>
  typeof failure === 'string'
    ? toastFailed(failure, err)
    : 'titleOnly' in failure
      ? toast({ title: failure.titleOnly, variant: 'destructive' })
      : toastError(messageOf(err, failure.fallback));

/** The message of anything thrown, for a toast: a failed call's in the page's language (`errorText`). */
export const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError ? errorText(err) : err instanceof Error && err.message ? err.message : fallback;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const snapshot = () => items;

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
