/** The console output the running test expects (test/fail-on-console.ts); emptied before each test. */
export type Level = 'error' | 'warn';
export const allowed: { level: Level; pattern: RegExp }[] = [];

/** Lets this test log, at `level`, the messages that match `pattern` (until the test ends). */
export function allowConsole(level: Level, pattern: RegExp) {
  allowed.push({ level, pattern });
}
