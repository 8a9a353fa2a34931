import { describe, expect, it } from "vitest";
import { clientResponseHeaders, upstreamRequestHeaders } from "../../../src/upstream/forward-headers.ts";
import { upstreamPath } from "../../../src/upstream/upstream-path.ts";

describe("upstreamPath", () => {
  it.each([
    ["/v1", "/v1/chat/completions", "/v1/chat/completions"],
    ["/api/v1", "/v1/models?x=1&y=%20", "/api/v1/models?x=1&y=%20"],
    ["", "/v1/files/file-1/content", "/files/file-1/content"],
    ["/v1", "/v1/models/openai/gpt-4o", "/v1/models/openai/gpt-4o"],
    ["/v1", "/v1/a/..b/c", "/v1/a/..b/c"],
  ])("maps %s + %s → %s", (base, url, expected) => {
    expect(upstreamPath(base, url)).toBe(expected);
  });

  it.each(["/v1/../x", "/v1/a/%2e%2e/x", "/v1/a%2F..%2Fx", "/v1/a/%2E/x", "/v1/a\\..\\x", "/v1/%E0%A4%A", "/v2/x"])(
    "refuses %s",
    (url) => {
      expect(upstreamPath("/v1", url)).toBeUndefined();
    },
  );
});

describe("forwarded headers", () => {
  it("drops hop-by-hop headers and those named in Connection, keeps credentials and provider headers", () => {
    const forwarded = upstreamRequestHeaders(
      {
        host: "toolmend:8420",
        connection: "keep-alive, x-secret-hop",
        "x-secret-hop": "1",
        "transfer-encoding": "chunked",
        "content-length": "10",
        authorization: "Bearer k",
        "openai-beta": "assistants=v2",
      },
      "req-1",
    );
    expect(forwarded).toEqual({ authorization: "Bearer k", "openai-beta": "assistants=v2", "x-request-id": "req-1" });
  });

  it("keeps the upstream's response headers minus hop-by-hop ones", () => {
    expect(
      clientResponseHeaders({ "content-type": "application/json", "transfer-encoding": "chunked", "x-ratelimit-remaining": "9" }),
    ).toEqual({ "content-type": "application/json", "x-ratelimit-remaining": "9" });
  });
});
