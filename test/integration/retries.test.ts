import { describe, expect, it, test } from "../support/fixtures.ts";
import { chatCompletion, json, reset, startScriptedUpstream } from "../support/scripted-upstream.ts";
import { fastRetries, type RunningToolmend } from "../support/toolmend-harness.ts";

test.override("settings", { upstream: { retries: fastRetries } });

const chat = (toolmend: RunningToolmend) =>
  fetch(`${toolmend.baseURL}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "x" }] }),
  });

async function metric(toolmend: RunningToolmend, name: string): Promise<string> {
  const text = await toolmend.scrape();
  return text
    .split("\n")
    .filter((line) => line.startsWith(name))
    .join("\n");
}

describe("transport retries", () => {
  it("retries a connection reset, then succeeds", async ({ upstream, toolmend }) => {
    upstream.script(reset, json(chatCompletion("after reset")));
    const response = await chat(toolmend);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { choices: { message: { content: string } }[] }).choices[0]?.message.content).toBe("after reset");
    expect(upstream.requests).toHaveLength(2);
    expect(await metric(toolmend, "toolmend_upstream_retries_total")).toContain('reason="connection"} 1');
  });

  it("retries 503 twice, then succeeds on the third attempt with the same body", async ({ upstream, toolmend }) => {
    upstream.script(json({ error: "busy" }, 503), json({ error: "busy" }, 503), json(chatCompletion("third time")));
    const response = await chat(toolmend);
    expect(response.status).toBe(200);
    expect(upstream.requests).toHaveLength(3);
    expect(new Set(upstream.requests.map((request) => request.body.toString())).size).toBe(1);
    expect(await metric(toolmend, "toolmend_upstream_retries_total")).toContain('reason="status_503"} 2');
    expect(await metric(toolmend, "toolmend_upstream_attempts_total")).toContain('outcome="retryable_status"} 2');
    const line = toolmend.logs().find((entry) => entry.msg === "request");
    expect(line).toMatchObject({ attempts: 3, upstreamStatus: 200, status: 200 });
  });

  it("honours retry-after-ms before trying again", async ({ upstream, launch }) => {
    const toolmend = await launch({ upstream: { retries: { ...fastRetries, maxRetryAfterMs: 5_000 } } });
    upstream.script(json({ error: "slow down" }, 429, { "retry-after-ms": "300" }), json(chatCompletion("ok")));
    const started = Date.now();
    const response = await chat(toolmend);
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("does not wait for a retry-after beyond the cap: the client gets the 429 and its header", async ({ upstream, launch }) => {
    const toolmend = await launch({ upstream: { retries: { ...fastRetries, maxRetryAfterMs: 1_000 } } });
    upstream.script(json({ error: { message: "rate limited" } }, 429, { "retry-after": "120" }));
    const response = await chat(toolmend);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("120");
    expect(upstream.requests).toHaveLength(1);
  });

  it("on exhaustion returns the upstream's last status and body", async ({ upstream, launch }) => {
    const toolmend = await launch({ upstream: { retries: { ...fastRetries, attempts: 3 } } });
    upstream.script(json({ error: { message: "down 1" } }, 502), json({ error: { message: "down 2" } }, 503), json({ error: { message: "down 3" } }, 500));
    const response = await chat(toolmend);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: { message: "down 3" } });
    expect(upstream.requests).toHaveLength(3);
  });

  it("gives a 502 in OpenAI's format when the upstream cannot be reached", async ({ launch }) => {
    const dead = await startScriptedUpstream();
    await dead.close();
    const toolmend = await launch({ upstream: { url: dead.url } });
    const response = await chat(toolmend);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { code: "upstream_unreachable", type: "upstream_error" } });
    expect(await metric(toolmend, "toolmend_upstream_attempts_total")).toContain('outcome="connection_error"} 3');
  });

  it("does not retry a first-byte timeout and answers 504", async ({ upstream, launch }) => {
    const toolmend = await launch({ upstream: { timeouts: { firstByteMs: 200 } } });
    upstream.script(() => undefined); // never answers
    const response = await chat(toolmend);
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ error: { code: "upstream_timeout" } });
    expect(upstream.requests).toHaveLength(1);
  });

  it("ends a request that exceeds the total timeout", async ({ upstream, launch }) => {
    const toolmend = await launch({ upstream: { timeouts: { totalMs: 300 } } });
    upstream.script(() => undefined);
    const response = await chat(toolmend);
    expect(response.status).toBe(504);
    expect(upstream.requests).toHaveLength(1);
  });

  it("does not retry a stream that has started, and does not make it look complete", async ({ upstream, client }) => {
    upstream.script((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write('data: {"id":"c","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":{"content":"half"},"finish_reason":null}]}\n\n');
      setTimeout(() => response.socket?.destroy(), 50);
    });
    const stream = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }], stream: true });
    const received: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of stream) received.push(chunk.choices[0]?.delta.content ?? "");
      })(),
    ).rejects.toThrow();
    expect(received).toEqual(["half"]);
    expect(upstream.requests).toHaveLength(1);
  });

  it("aborts the upstream request when the client disconnects", async ({ upstream, toolmend }) => {
    upstream.script((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write('data: {"choices":[]}\n\n');
      // Keeps the stream open until the proxy closes it.
    });
    const controller = new AbortController();
    const response = await fetch(`${toolmend.baseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await upstream.aborted; // the test times out if the upstream never sees the close
    expect(upstream.requests).toHaveLength(1);
  });

  it("aborts the upstream request when the client disconnects before the headers came", async ({ upstream, toolmend }) => {
    upstream.script(() => undefined);
    const controller = new AbortController();
    const pending = fetch(`${toolmend.baseURL}/chat/completions`, { method: "POST", body: "{}", signal: controller.signal });
    while (upstream.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(pending).rejects.toThrow();
    await upstream.aborted;
  });
});

describe("transport retries on passthrough routes", () => {
  const embeddings = (toolmend: RunningToolmend, body: Buffer) =>
    fetch(`${toolmend.baseURL}/embeddings`, { method: "POST", headers: { "content-type": "application/octet-stream" }, body });

  it("retries a body up to 1 MiB, sending the same bytes again", async ({ upstream, toolmend }) => {
    upstream.script(json({ error: "busy" }, 503), json({ data: [] }));
    const body = Buffer.alloc(1024 * 1024, "a");
    const response = await embeddings(toolmend, body);
    expect(response.status).toBe(200);
    expect(upstream.requests).toHaveLength(2);
    expect(upstream.requests.every((request) => request.body.equals(body))).toBe(true);
  });

  it("sends a larger body once, streamed, and relays the upstream's retryable status", async ({ upstream, toolmend }) => {
    upstream.script(json({ error: "busy" }, 503), json({ data: [] }));
    const body = Buffer.alloc(1024 * 1024 + 1, "b");
    const response = await embeddings(toolmend, body);
    expect(response.status).toBe(503);
    expect(upstream.requests).toHaveLength(1);
    expect(upstream.requests[0]?.body.equals(body)).toBe(true);
    expect(upstream.requests[0]?.headers["content-length"]).toBe(String(body.length));
    expect(toolmend.logs().find((entry) => entry.msg === "request")).toMatchObject({ attempts: 1, status: 503 });
  });
});
