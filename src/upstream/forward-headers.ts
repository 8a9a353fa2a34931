import type { IncomingHttpHeaders } from "node:http";

// RFC 9110 §7.6.1 hop-by-hop headers, plus the ones undici must compute itself.
const hopByHop = new Set([
  "connection",
  "keep-alive",
  "proxy-authenticate",
  "proxy-authorization",
  "proxy-connection",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);
const setByClient = new Set(["host", "content-length", "expect"]);
// Where the request came from, as proxies tell it: a client could forge any of them, and the
// upstream (a provider, or a gateway that trusts them) has no use for ours. Dropped unless kept.
const forwarding = new Set(["forwarded", "x-real-ip", "x-original-url", "x-rewrite-url", "x-client-ip", "true-client-ip"]);

function isForwarding(name: string): boolean {
  return forwarding.has(name) || name.startsWith("x-forwarded-");
}

function connectionTokens(headers: IncomingHttpHeaders): Set<string> {
  const value = headers.connection;
  if (value === undefined) return new Set();
  return new Set(String(value).toLowerCase().split(",").map((token) => token.trim()));
}

/**
 * Headers sent upstream: the client's own (authorization and provider
 * headers included) minus hop-by-hop ones, those the connection to the
 * upstream determines, and forwarding headers (`Forwarded`, `X-Forwarded-*`,
 * `X-Real-IP`, `X-Original-URL`, …) unless `keepForwarding`. None of them
 * decides where toolmend connects.
 */
export function upstreamRequestHeaders(
  headers: IncomingHttpHeaders,
  requestId: string,
  keepForwarding = false,
): Record<string, string | string[]> {
  const named = connectionTokens(headers);
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || hopByHop.has(name) || setByClient.has(name) || named.has(name)) continue;
    if (!keepForwarding && isForwarding(name)) continue;
    result[name] = value;
  }
  result["x-request-id"] = requestId;
  return result;
}

/** Headers sent back to the client: the upstream's, minus hop-by-hop ones. */
export function clientResponseHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const named = connectionTokens(headers);
  const result: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || hopByHop.has(name) || named.has(name)) continue;
    result[name] = value;
  }
  return result;
}
