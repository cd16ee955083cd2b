import { afterEach, describe, expect, it, vi } from 'vitest';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { allowConsole } from '../../test/console';
import { failedWrites } from './query-client';
import { resetToasts, type Failure } from './toast';

/** Runs a write that fails with `Nope` under the app's mutation cache; answers the toasts it logged. */
async function failWith(failure?: Failure | ((v: unknown, err: Error) => Failure | null)) {
  const logged = vi.spyOn(console, 'error');
  const qc = new QueryClient({ mutationCache: failedWrites() });
  const write = new MutationObserver(qc, {
    mutationFn: () => Promise.reject(new Error('Nope')),
    retry: false,
    meta: failure === undefined ? undefined : { failure },
  });
  await write.mutate(undefined).catch(() => {});
  return logged.mock.calls.map(([m]) => String(m)).filter((m) => m.startsWith('[toast]'));
}

describe('failedWrites: the one place a failed write is toasted', () => {
  afterEach(() => {
    resetToasts();
    vi.restoreAllMocks();
  });

  it('toasts the failure the write names, once: a title with the reason, or Error with it', async () => {
    allowConsole('error', /^\[toast\]/);
    expect(await failWith('Failed to save perk')).toEqual(['[toast] Failed to save perk: Nope']);
    vi.restoreAllMocks();
    expect(await failWith({ fallback: 'Failed to register interest' })).toEqual(['[toast] Error: Nope']);
    vi.restoreAllMocks();
    expect(await failWith({ titleOnly: 'Failed to delete notification' })).toEqual([
      '[toast] Failed to delete notification',
    ]);
  });

  it('toasts nothing for a write that names no failure, or one its screen answers itself (null)', async () => {
    expect(await failWith()).toEqual([]);
    vi.restoreAllMocks();
    expect(await failWith(() => null)).toEqual([]);
  });
});
