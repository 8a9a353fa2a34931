/**
 * The timeout of tests that feed hostile input: only a hang fails them (a
 * super-linear reading of such input takes minutes). Speed is measured by
 * the benchmark, never by a unit test's clock.
 */
export const HANG_GUARD_MS = 30_000;
