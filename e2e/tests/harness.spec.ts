import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { PORT_BASE } from '../support/paths';
import { TestServer } from '../support/server';

/**
 * The test servers themselves. After a failed test Playwright starts a new worker in the same parallel
 * slot (same port) while the old one may still be tearing down; the two must never share a server or a
 * data folder. Runs on a port of its own, next to (not among) the workers' ports.
 */
// eslint-disable-next-line no-empty-pattern
test('a replacement worker waits for the old server to exit, and the old one cannot touch the new one', async ({}, testInfo) => {
  test.setTimeout(90_000);
  const port = PORT_BASE + 50 + testInfo.parallelIndex;
  const w = testInfo.workerIndex;
  const old = new TestServer(port, `harness-w${w}-old`);
  let portBusy!: () => void;
  const sawPortBusy = new Promise<void>((r) => (portBusy = r));
  const next = new TestServer(port, `harness-w${w}-new`, { onPortBusy: () => portBusy() });
  try {
    await old.start();
    const oldPid = old.pid!;
    const oldDir = old.dataDirectory!;
    expect(fs.existsSync(oldDir)).toBe(true);

    // The replacement starts while the old server still listens on the slot's port: it waits.
    let nextStarted = false;
    const starting = next.start().then(() => (nextStarted = true));
    await sawPortBusy;
    expect(nextStarted).toBe(false);
    expect(next.pid).toBeNull();
    expect(next.dataDirectory).not.toBe(oldDir);
    expect((await fetch(`${old.url}/api/ready`)).ok).toBe(true);

    // The old worker's teardown: its server exits and only its own folder goes.
    await old.stop();
    expect(isRunning(oldPid)).toBe(false);
    expect(fs.existsSync(oldDir)).toBe(false);
    await starting;
    const newPid = next.pid!;
    const newDir = next.dataDirectory!;
    expect(newPid).toEqual(expect.any(Number));
    expect(newPid).not.toBe(oldPid);
    expect(fs.existsSync(newDir)).toBe(true);

    // A late second teardown of the old worker leaves the new server and its data alone.
    await old.stop();
    expect(isRunning(newPid)).toBe(true);
    expect(fs.existsSync(newDir)).toBe(true);
    const ready = await fetch(`${next.url}/api/ready`);
    expect(ready.ok).toBe(true);
  } finally {
    await old.stop();
    await next.stop();
  }
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
