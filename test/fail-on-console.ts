import { format } from 'node:util';
import { afterEach, beforeEach } from 'vitest';

/**
 * A test fails when it logs an error or a warning it did not ask for: a React act() warning, a missing
 * key or a failed request nobody looked at would otherwise pass unseen. A test that expects a log says
 * so by replacing the method itself, e.g. `vi.spyOn(console, 'error').mockImplementation(() => {})`,
 * and may then assert what was logged.
 */
const levels = ['error', 'warn'] as const;
const original = { error: console.error, warn: console.warn };
let unexpected: string[] = [];

beforeEach(() => {
  unexpected = [];
  for (const level of levels) {
    console[level] = (...args: unknown[]) => {
      unexpected.push(`console.${level}: ${format(...args)}`);
      original[level](...args);
    };
  }
});

afterEach(() => {
  for (const level of levels) console[level] = original[level];
  const logged = unexpected;
  unexpected = [];
  if (logged.length > 0) {
    throw new Error(
      `Unexpected console output (a test that expects it spies on the method):\n${logged.join('\n')}`,
    );
  }
});
