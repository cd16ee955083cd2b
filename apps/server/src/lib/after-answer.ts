/**
 * Work a request starts and does not wait for, because how long it takes must not show in the answer's
 * time (a password reset request: the work is done only for an address with an account). Closing the app
 * waits for it; tests wait for it with `settled()`.
 */
export interface AfterAnswer {
  /** Starts `work` now; a failure goes to `onError` (the answer has gone). */
  run(work: () => Promise<void>, onError: (err: unknown) => void): void;
  /** Resolves once every piece of work started so far (and any it started) has ended. */
  settled(): Promise<void>;
}

export function createAfterAnswer(): AfterAnswer {
  const pending = new Set<Promise<void>>();
  return {
    run(work, onError) {
      const done: Promise<void> = Promise.resolve()
        .then(work)
        .catch(onError)
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async settled() {
      while (pending.size) await Promise.all(pending);
    },
  };
}
