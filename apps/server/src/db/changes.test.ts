import { describe, expect, it } from 'vitest';
import { CHANGES_CHANNEL, ChangeFeed } from './changes';
import type { DbListener } from './listener';

/** A listener driven by the test: it says what arrives, whether it is live, and answers barriers. */
function fakeListener() {
  const handlers: ((p: string) => void)[] = [];
  const states: ((live: boolean) => void)[] = [];
  let release: ((ok: boolean) => void)[] = [];
  const listener = {
    live: true,
    barriers: 0,
    on(channel: string, fn: (p: string) => void) {
      expect(channel).toBe(CHANGES_CHANNEL);
      handlers.push(fn);
    },
    onState(fn: (live: boolean) => void) {
      states.push(fn);
    },
    barrier() {
      listener.barriers++;
      return new Promise<boolean>((r) => release.push(r));
    },
    close: async () => {},
    signal: (p: string) => handlers.forEach((h) => h(p)),
    setLive(live: boolean) {
      listener.live = live;
      states.forEach((s) => s(live));
    },
    answerBarriers(ok = true) {
      const pending = release;
      release = [];
      pending.forEach((r) => r(ok));
    },
  };
  return listener;
}

const U1 = '00000000-0000-4000-8000-000000000001';
const U2 = '00000000-0000-4000-8000-000000000002';

function feed() {
  const listener = fakeListener();
  const writes = { count: 0 };
  const changes = new ChangeFeed(listener as unknown as DbListener, { writes });
  return { listener, writes, changes };
}

describe('ChangeFeed', () => {
  it('tells its subscribers what each signal changed, after stamping it; an unknown signal resets instead', () => {
    const { listener, changes } = feed();
    const seen: unknown[] = [];
    let resets = 0;
    changes.onReset(() => resets++);
    changes.onChange((change) =>
      seen.push({ change, fresh: changes.unchangedSince(changes.now() - 1, ['users']) }),
    );
    listener.signal(`u:${U1},${U2}`);
    listener.signal('t:users');
    listener.signal('x:something new');
    expect(seen).toEqual([
      { change: { users: [U1, U2] }, fresh: true },
      { change: { table: 'users' }, fresh: false },
    ]);
    expect(resets).toBe(1);
  });

  it('a table signal makes reads of that table that began before it stale, and only those', () => {
    const { listener, changes } = feed();
    const before = changes.now();
    listener.signal('t:projects');
    expect(changes.unchangedSince(before, ['projects'], U1)).toBe(false);
    expect(changes.unchangedSince(before, ['documents', 'updates'], U1)).toBe(true);
    // A read that begins after the signal is good.
    expect(changes.unchangedSince(changes.now(), ['projects'], U1)).toBe(true);
  });

  it('a user signal makes that user’s reads stale, whatever the tables, and nobody else’s', () => {
    const { listener, changes } = feed();
    const before = changes.now();
    listener.signal(`u:${U1}`);
    expect(changes.unchangedSince(before, [], U1)).toBe(false);
    expect(changes.unchangedSince(before, ['projects'], U2)).toBe(true);
    listener.signal(`u:${U2},${U1}`);
    expect(changes.unchangedSince(before, [], U2)).toBe(false);
  });

  it('an unknown signal, a lost listener or a reset forgets everything', () => {
    const { listener, changes } = feed();
    let resets = 0;
    changes.onReset(() => resets++);
    let at = changes.now();
    listener.signal('x:something new');
    expect(changes.unchangedSince(at, [], undefined)).toBe(false);
    at = changes.now();
    listener.setLive(false);
    expect(changes.usable).toBe(false);
    expect(changes.unchangedSince(at, [], undefined)).toBe(false);
    at = changes.now();
    listener.setLive(true);
    expect(changes.usable).toBe(true);
    expect(changes.unchangedSince(at, [], undefined)).toBe(false);
    expect(resets).toBe(3);
  });

  it('settles without a round trip when this process wrote nothing since the last barrier', async () => {
    const { listener, writes, changes } = feed();
    expect(await changes.settle()).toBe(true);
    expect(listener.barriers).toBe(0);
    writes.count = 2;
    const first = changes.settle();
    const joined = changes.settle();
    expect(listener.barriers).toBe(1);
    listener.answerBarriers();
    expect(await first).toBe(true);
    expect(await joined).toBe(true);
    expect(await changes.settle()).toBe(true);
    expect(listener.barriers).toBe(1);
  });

  it('a write after a barrier began is not covered by it: the next read waits for a new one', async () => {
    const { listener, writes, changes } = feed();
    writes.count = 1;
    const first = changes.settle();
    writes.count = 2;
    const second = changes.settle();
    expect(listener.barriers).toBe(2);
    listener.answerBarriers();
    await Promise.all([first, second]);
    expect(await changes.settle()).toBe(true);
    expect(listener.barriers).toBe(2);
  });

  it('a barrier that is not confirmed says so, and the next read tries again', async () => {
    const { listener, writes, changes } = feed();
    writes.count = 1;
    const failed = changes.settle();
    listener.answerBarriers(false);
    expect(await failed).toBe(false);
    const retried = changes.settle();
    expect(listener.barriers).toBe(2);
    listener.answerBarriers(true);
    expect(await retried).toBe(true);
  });
});
