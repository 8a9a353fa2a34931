/**
 * The `TOOLMEND_*` environment variables toolmend reads, and the warning for
 * one it does not know (a typo would otherwise be silently ignored).
 */
import { editDistance } from "../repair/similarity.ts";

/** Each variable, the config path it sets and how its text is read. */
export const environmentVariables = [
  ["TOOLMEND_HOST", "server.host", "string"],
  ["TOOLMEND_PORT", "server.port", "integer"],
  ["TOOLMEND_BODY_LIMIT_BYTES", "server.bodyLimitBytes", "integer"],
  ["TOOLMEND_DRAIN_DELAY_MS", "server.drainDelayMs", "integer"],
  ["TOOLMEND_SHUTDOWN_GRACE_MS", "server.shutdownGraceMs", "integer"],
  ["TOOLMEND_WORKERS", "server.workers", "count"],
  ["TOOLMEND_METRICS_PORT", "metrics.port", "integer"],
  ["TOOLMEND_METRICS_HOST", "metrics.host", "string"],
  ["TOOLMEND_UPSTREAM_URL", "upstream.url", "string"],
  ["TOOLMEND_UPSTREAM_ATTEMPTS", "upstream.retries.attempts", "integer"],
  ["TOOLMEND_LOG_LEVEL", "log.level", "string"],
  ["TOOLMEND_LOG_FORMAT", "log.format", "string"],
] as const;

/** Every variable toolmend reads: the settings above and the config file's path. */
export const knownVariableNames: readonly string[] = ["TOOLMEND_CONFIG", ...environmentVariables.map(([name]) => name)];

/**
 * One warning per `TOOLMEND_*` variable that toolmend does not read, naming
 * the nearest known one (`TOOLMEND_UPSTREAM` → `TOOLMEND_UPSTREAM_URL`).
 */
export function unknownVariableWarnings(env: Readonly<Record<string, string | undefined>>): string[] {
  return Object.keys(env)
    .filter((name) => name.startsWith("TOOLMEND_") && !knownVariableNames.includes(name))
    .sort()
    .map((name) => `${name} is not a toolmend setting and is ignored; did you mean ${nearestKnownName(name)}?`);
}

function nearestKnownName(name: string): string {
  const upper = name.toUpperCase();
  // A known name that the unknown one begins (a cut-short name) is the likeliest meaning.
  const extended = knownVariableNames.find((known) => known.startsWith(upper));
  if (extended !== undefined) return extended;
  let best = knownVariableNames[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const known of knownVariableNames) {
    const distance = editDistance(upper, known, bestDistance);
    if (distance < bestDistance) [best, bestDistance] = [known, distance];
  }
  return best;
}
