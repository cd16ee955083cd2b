import type { TokenPair } from '@portal/contracts';

/**
 * The latest token rotations, shared by the open tabs in IndexedDB.
 *
 * The tokens live in localStorage (docs/product.md §4, ADR 002), but in Chromium every renderer process keeps
 * its own copy of it, brought up to date a moment after another tab writes. A tab that takes the
 * refresh lock right after another tab released it can still read the refresh token that tab has just
 * spent; spending it again looks like a stolen token to the server, which ends the session in every tab
 * (reuse detection). An IndexedDB transaction that has committed before the lock is released is seen
 * by the next holder, so the tab that refreshes records "this token became that pair" there, and a tab
 * holding a spent token follows the record instead of refreshing.
 */
export interface Rotation {
  from: string;
  pair: TokenPair;
}

const DB_NAME = 'investor-portal-session';
const STORE = 'rotations';
const KEY = 'latest';
/** Enough for every tab to catch up: each holder of the lock adds one. */
const KEEP = 8;

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB unavailable'));
    req.onblocked = () => reject(new Error('IndexedDB blocked'));
  });
}

/** Runs `fn` in one transaction and resolves, with what `fn` read, once it has committed. */
async function inStore<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>) {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const req = fn(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(req.result);
      tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
      tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
  } finally {
    db.close();
  }
}

const available = () => typeof indexedDB !== 'undefined';

const asRotations = (value: unknown): Rotation[] => (Array.isArray(value) ? (value as Rotation[]) : []);

async function readAll(): Promise<Rotation[]> {
  if (!available()) return [];
  try {
    return asRotations(await inStore('readonly', (s) => s.get(KEY) as IDBRequest<unknown>));
  } catch {
    return [];
  }
}

/**
 * The pair that `refreshToken` has become through the recorded rotations (following a chain of them),
 * or null when it has not been rotated here.
 */
export async function rotatedPair(refreshToken: string): Promise<TokenPair | null> {
  const rotations = await readAll();
  let pair: TokenPair | null = null;
  let token = refreshToken;
  for (let hops = 0; hops < KEEP; hops++) {
    const next = rotations.find((r) => r.from === token);
    if (!next) break;
    pair = next.pair;
    token = next.pair.refreshToken;
  }
  return pair;
}

/** Records a rotation; resolves once it is committed (so, before the caller releases the lock). */
export async function recordRotation(rotation: Rotation): Promise<void> {
  if (!available()) return;
  try {
    // Read and written in one transaction.
    await inStore('readwrite', (s) => {
      const read = s.get(KEY) as IDBRequest<unknown>;
      read.onsuccess = () => {
        const kept = asRotations(read.result).filter((r) => r.from !== rotation.from);
        s.put([...kept.slice(-(KEEP - 1)), rotation], KEY);
      };
      return read;
    });
  } catch {
    // Without IndexedDB the tabs fall back on localStorage alone.
  }
}

/** Forgets every rotation (the session has ended). */
export async function forgetRotations(): Promise<void> {
  if (!available()) return;
  try {
    await inStore('readwrite', (s) => s.delete(KEY));
  } catch {
    // Nothing kept, or nothing to forget.
  }
}
