import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';
import { allowed, type Level } from './console-allow';

/**
 * A test fails when it logs an error or a warning it did not ask for: a React act() warning, a missing
 * key, an answer that does not match its declaration or a failed request nobody looked at would
 * otherwise pass unseen. A test that expects a log says which with `allowConsole` (test/console-allow.ts;
 * the rest still fails it), or replaces the method itself to assert what was logged, e.g.
 * `vi.spyOn(console, 'error').mockImplementation(() => {})`.
 */
const levels: readonly Level[] = ['error', 'warn'];
const original = { error: console.error, warn: console.warn };
let unexpected: string[] = [];

beforeEach(() => {
  unexpected = [];
  allowed.length = 0;
  for (const level of levels) {
    console[level] = (...args: unknown[]) => {
      const message = format(...args);
      if (allowed.some((a) => a.level === level && a.pattern.test(message))) return;
      unexpected.push(`console.${level}: ${message}`);
      original[level](...args);
    };
  }
});

afterEach(() => {
  for (const level of levels) console[level] = original[level];
  const logged = unexpected;
  unexpected = [];
  allowed.length = 0;
  if (logged.length > 0) {
    throw new Error(
      `Unexpected console output (a test that expects it says so with allowConsole):\n${logged.join('\n')}`,
    );
  }
});
