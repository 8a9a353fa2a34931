import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { buildMetricsApp } from "../../src/server/build-app.ts";
import { describe, expect, it, sdkClient, test } from "../support/fixtures.ts";
import { chatCompletion, json } from "../support/scripted-upstream.ts";

test.override("settings", { server: { bodyLimitBytes: 4096 } });

describe("health", () => {
  it("answers liveness and readiness, and turns not-ready while draining", async ({ toolmend }) => {
    expect(await (await fetch(`${toolmend.origin}/healthz`)).json()).toEqual({ status: "ok" });
    expect((await fetch(`${toolmend.origin}/readyz`)).status).toBe(200);
    toolmend.app.toolmend.state.draining = true;
    const draining = await fetch(`${toolmend.origin}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.json()).toEqual({ status: "draining" });
  });
});

describe("metrics", () => {
  it("exposes toolmend's metrics and the default process metrics", async ({ upstream, toolmend }) => {
    upstream.script(json(chatCompletion("hi")));
    await fetch(`${toolmend.baseURL}/models`);
    const response = await fetch(`${toolmend.origin}/metrics`);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    for (const name of [
      "toolmend_requests_total",
      "toolmend_upstream_attempts_total",
      "toolmend_upstream_retries_total",
      "toolmend_request_duration_seconds_bucket",
      "toolmend_overhead_seconds_bucket",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(text).toContain(name);
    }
    expect(text).toContain('toolmend_requests_total{route="passthrough",status_class="2xx"} 1');
    expect(text).toContain('toolmend_upstream_attempts_total{outcome="response"} 1');
  });
});

describe("request logs", () => {
  it("writes one line per request with id, route, status, attempts and durations", async ({ upstream, toolmend }) => {
    upstream.script(json(chatCompletion("hi")));
    const response = await fetch(`${toolmend.baseURL}/models?secret=query`, { headers: { "x-request-id": "req-abc.1" } });
    expect(response.headers.get("x-request-id")).toBe("req-abc.1");
    const lines = toolmend.logs().filter((line) => line.msg === "request");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      reqId: "req-abc.1",
      route: "passthrough",
      method: "GET",
      path: "/v1/models",
      status: 200,
      upstreamStatus: 200,
      attempts: 1,
    });
    for (const field of ["durationMs", "upstreamMs", "overheadMs"]) expect(typeof lines[0]?.[field]).toBe("number");
  });

  it("logs and counts a streamed request that the openai SDK ends as soon as it read [DONE], as read to the end", async ({ upstream, toolmend, client }) => {
    upstream.script((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(`data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 0, model: "m", choices: [{ index: 0, delta: { content: "hi" }, finish_reason: "stop" }] })}\n\n`);
      response.write("data: [DONE]\n\n");
      // The upstream keeps the stream open a while; the SDK stops at [DONE] and hangs up.
      setTimeout(() => response.end(), 300);
    });
    const stream = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }], stream: true });
    for await (const _chunk of stream) void _chunk;
    await upstream.aborted;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const line = toolmend.logs().find((entry) => entry.msg === "request");
    expect(line).toMatchObject({ route: "chat_completions", status: 200 });
    // The client read everything up to [DONE]; only the upstream's lingering connection was cut.
    expect(line).not.toHaveProperty("aborted");
    const text = await toolmend.scrape();
    expect(text).toContain('toolmend_requests_total{route="chat_completions",status_class="2xx"} 1');
    expect(text).toMatch(/toolmend_time_to_first_byte_seconds_count\{route="chat_completions"\} 1/);
  });

  it("logs a stream the client left before [DONE] as aborted", async ({ upstream, toolmend }) => {
    upstream.script((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(`data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 0, model: "m", choices: [{ index: 0, delta: { content: "hi" }, finish_reason: null }] })}\n\n`);
    });
    const controller = new AbortController();
    const response = await fetch(`${toolmend.baseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "x" }], stream: true }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await upstream.aborted;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toolmend.logs().find((entry) => entry.msg === "request")).toMatchObject({ route: "chat_completions", status: 200, aborted: true });
  });

  it("replaces an unsafe x-request-id with a generated one", async ({ upstream, toolmend }) => {
    upstream.script(json({}));
    const response = await fetch(`${toolmend.baseURL}/models`, { headers: { "x-request-id": "bad id\twith junk".repeat(20) } });
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("never writes credentials to the log, even when a line carries the headers", async ({ upstream, toolmend }) => {
    upstream.script(json(chatCompletion("hi")));
    const secrets = ["sk-live-SECRET-1", "azure-SECRET-2", "x-SECRET-3", "session=SECRET-4"];
    const sdk = sdkClient(toolmend, { apiKey: secrets[0], defaultHeaders: { "api-key": secrets[1]!, "x-api-key": secrets[2]!, cookie: secrets[3]! } });
    await sdk.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }] });
    // A debug line that includes the headers object must come out redacted too.
    toolmend.app.log.debug({ headers: { authorization: `Bearer ${secrets[0]}`, "x-api-key": secrets[2] } }, "headers");
    const all = toolmend.logLines.join("\n");
    expect(toolmend.logLines.length).toBeGreaterThan(1);
    for (const secret of secrets) expect(all).not.toContain(secret);
    expect(all).toContain("[redacted]");
    expect(upstream.requests[0]?.headers.authorization).toBe(`Bearer ${secrets[0]}`);
  });
});

describe("bad input", () => {
  it("answers an oversized body with 413 in OpenAI's format, without calling the upstream", async ({ upstream, toolmend }) => {
    const response = await fetch(`${toolmend.baseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "x".repeat(10_000) }] }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "body_too_large", type: "invalid_request_error" } });
    expect(upstream.requests).toHaveLength(0);
  });

  it("answers a non-JSON body on an intercepted route with 400 in OpenAI's format, whatever its media type", async ({ upstream, toolmend }) => {
    for (const path of ["/chat/completions", "/responses"]) {
      for (const contentType of ["application/json", "text/plain", "application/x-unheard-of"]) {
        for (const body of ["not json", "[1,2]", ""]) {
          const response = await fetch(`${toolmend.baseURL}${path}`, { method: "POST", headers: { "content-type": contentType }, body });
          expect(response.status).toBe(400);
          expect(await response.json()).toMatchObject({ error: { code: "invalid_json", type: "invalid_request_error" } });
        }
      }
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it("surfaces a 400 as the openai SDK's BadRequestError", async ({ client }) => {
    const error = await client.post("/chat/completions", { body: "nope" as never }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
  });

  it("answers a path outside /v1/ with a JSON 404", async ({ upstream, toolmend }) => {
    const response = await fetch(`${toolmend.origin}/v2/chat/completions`, { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
    expect(upstream.requests).toHaveLength(0);
  });

  it("keeps serving after a burst of broken requests", async ({ upstream, toolmend }) => {
    upstream.script(json({ ok: true }));
    await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${toolmend.baseURL}/chat/completions`, { method: "POST", headers: { "content-length": "5" }, body: "x".repeat(5) }),
      ),
    );
    expect((await fetch(`${toolmend.origin}/healthz`)).status).toBe(200);
  });
});

describe("metrics on their own port", () => {
  it("serves /metrics on its own listener and not on the main port", async ({ upstream, launch }) => {
    const separate = await launch({ metrics: { port: 0 } });
    const metricsApp = buildMetricsApp(separate.app.toolmend);
    try {
      await metricsApp.listen({ host: "127.0.0.1", port: 0 });
      const { port } = metricsApp.server.address() as AddressInfo;
      upstream.script(json({}));
      await fetch(`${separate.baseURL}/models`);
      expect((await fetch(`${separate.origin}/metrics`)).status).toBe(404);
      const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(text).toContain('toolmend_requests_total{route="passthrough",status_class="2xx"} 1');
    } finally {
      await metricsApp.close();
    }
  });
});
