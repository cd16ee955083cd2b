import { useSyncExternalStore } from 'react';

/** What the app's confirmation dialog asks (instead of the browser's `confirm()`). */
export interface ConfirmRequest {
  /** The question, naming what will be changed: 'Delete perk Sauna evenings?'. */
  title: string;
  /** What happens, and what is kept. */
  description?: string;
  /** The confirm button's text ('Delete', 'Archive', 'Remove'). */
  confirmLabel: string;
  /** Destructive actions are red. */
  destructive?: boolean;
  /** When set, the confirm button is enabled only once this exact text is typed (a project's name). */
  typeToConfirm?: string;
}

interface Pending extends ConfirmRequest {
  id: number;
  resolve(ok: boolean): void;
}

let current: Pending | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/**
 * Asks for a confirmation in the app's own dialog (`ConfirmDialogHost`); answers true when confirmed,
 * false when cancelled. A new question replaces (cancels) one still open.
 */
export function confirmAction(request: ConfirmRequest): Promise<boolean> {
  current?.resolve(false);
  return new Promise<boolean>((resolve) => {
    current = { ...request, id: nextId++, resolve };
    emit();
  });
}

/** Closes the open question with the answer. */
export function answerConfirm(ok: boolean) {
  const open = current;
  if (!open) return;
  current = null;
  emit();
  open.resolve(ok);
}

export function useConfirmRequest(): Pending | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
    () => null,
  );
}
