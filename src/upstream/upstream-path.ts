/**
 * Maps a client path under `/v1/` onto the upstream's base path, keeping the
 * query string: `/v1/chat/completions?x=1` → `/api/v1/chat/completions?x=1`.
 * Returns `undefined` for a path that tries to climb out of the base path
 * (dot segments, raw or percent-encoded), so the upstream never sees it.
 */
export function upstreamPath(basePath: string, url: string): string | undefined {
  if (!url.startsWith("/v1/")) return undefined;
  const queryStart = url.indexOf("?");
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const rest = path.slice("/v1".length);
  const decoded = safeDecode(rest);
  // An encoded slash or backslash may be decoded by the upstream: check the decoded form.
  if (decoded === undefined || decoded.split(/[/\\]/).some((segment) => segment === "." || segment === "..")) {
    return undefined;
  }
  return basePath + rest + (queryStart === -1 ? "" : url.slice(queryStart));
}

function safeDecode(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
