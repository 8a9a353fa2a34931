/**
 * How often the primary may replace a worker that died: a worker that
 * crashes now and then is restarted; one that crashes again and again (a
 * bad deployment, a poison request replayed by a client) ends the process,
 * so that the orchestrator sees a failure instead of a pod that looks alive.
 */

export interface RestartBudgetOptions {
  /** Restarts allowed within `windowMs`; the next one is refused. */
  readonly maxRestarts: number;
  readonly windowMs: number;
}

export interface RestartBudget {
  /** Whether a restart at `now` (ms) is within the budget; an allowed one is counted. */
  take(now: number): boolean;
}

/** A sliding window of the last `maxRestarts` restart times. */
export function createRestartBudget({ maxRestarts, windowMs }: RestartBudgetOptions): RestartBudget {
  const times: number[] = [];
  return {
    take(now) {
      while (times.length > 0 && now - times[0]! >= windowMs) times.shift();
      if (times.length >= maxRestarts) return false;
      times.push(now);
      return true;
    },
  };
}
