import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetRotations, recordRotation, rotatedPair } from './rotations';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, refreshSession, tokens } from './session';

const ok = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const pair = (n: number) => ({ accessToken: `a${n}`, refreshToken: `r${n}` });

beforeEach(async () => {
  await forgetRotations();
  tokens.set(pair(1));
});

describe('token rotations shared by the tabs (IndexedDB)', () => {
  it('a tab whose localStorage still shows a spent refresh token takes the pair it became, without refreshing', async () => {
    // Another tab has spent r1 and recorded it; this tab's copy of localStorage has not caught up.
    await recordRotation({ from: 'r1', pair: pair(2) });
    const fetchMock = vi.fn(async () => ok({ data: pair(99) }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(refreshSession()).resolves.toEqual(pair(2));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('a2');
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('r2');
  });

  it('follows a chain of rotations to the newest pair', async () => {
    await recordRotation({ from: 'r1', pair: pair(2) });
    await recordRotation({ from: 'r2', pair: pair(3) });
    expect(await rotatedPair('r1')).toEqual(pair(3));
    expect(await rotatedPair('r2')).toEqual(pair(3));
    expect(await rotatedPair('r3')).toBeNull();
  });

  it('records the rotation of a refresh it makes, before answering', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok({ data: pair(2) })),
    );
    await expect(refreshSession()).resolves.toEqual(pair(2));
    expect(await rotatedPair('r1')).toEqual(pair(2));
  });

  it('keeps the last eight rotations, and forgets them when the session ends', async () => {
    for (let n = 1; n <= 10; n++) await recordRotation({ from: `r${n}`, pair: pair(n + 1) });
    expect(await rotatedPair('r2')).toBeNull();
    expect(await rotatedPair('r3')).toEqual(pair(11));
    tokens.clear();
    await vi.waitFor(async () => expect(await rotatedPair('r3')).toBeNull());
  });
});
