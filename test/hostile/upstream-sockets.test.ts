/**
 * Every path that stops reading an upstream answer frees its connection,
 * and the total budget covers the wait for one. After each fault the
 * upstream's count of answers still open goes back to zero.
 */
import type { ServerResponse } from "node:http";
import { gzipSync } from "node:zlib";
import { afterEach } from "vitest";
import { describe, expect, it } from "../support/fixtures.ts";
import { fileTools, json, toolCallCompletion, type UpstreamHandler } from "../support/scripted-upstream.ts";
import type { RunningToolmend } from "../support/toolmend-harness.ts";

const open = new Set<ServerResponse>();
afterEach(() => open.clear());

/** Counts the answer as open until its socket or response closes. */
const tracked =
  (handler: UpstreamHandler): UpstreamHandler =>
  (request, response, raw) => {
    open.add(response);
    response.on("close", () => open.delete(response));
    handler(request, response, raw);
  };

/** Resolves once no upstream answer is open (the test's timeout is the bound). */
async function allClosed(): Promise<void> {
  while (open.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
}

const chat = (toolmend: RunningToolmend, extra: Record<string, unknown> = {}) =>
  fetch(`${toolmend.baseURL}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "x" }], tools: fileTools, ...extra }),
  });

describe("upstream sockets after faults", () => {
  it("closes a gzip event stream whose event is over the size limit (the answer left open upstream)", async ({ upstream, toolmend }) => {
    upstream.script(
      tracked((_request, response) => {
        response.writeHead(200, { "content-type": "text/event-stream", "content-encoding": "gzip" });
        // 9 MB of one event compresses to a few KB; the stream is never ended by the upstream.
        response.write(gzipSync(`data: {"x": "${"a".repeat(9 * 1024 * 1024)}"}\n\n`));
      }),
    );
    const response = await chat(toolmend, { stream: true });
    expect(response.status).toBe(502);
    await response.arrayBuffer();
    await allClosed();
  });

  it("closes the upstream answer when the client leaves mid-stream", async ({ upstream, toolmend }) => {
    upstream.script(
      tracked((_request, response) => {
        response.writeHead(200, { "content-type": "text/event-stream" });
        response.write(`data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", choices: [{ index: 0, delta: { content: "hi" } }] })}\n\n`);
      }),
    );
    const response = await chat(toolmend, { stream: true });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await allClosed();
  });

  it("answers 504 when the total budget runs out waiting for a pool connection", async ({ upstream, launch }) => {
    const toolmend = await launch({ upstream: { connections: 1, timeouts: { totalMs: 300 } } });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const answer = json(toolCallCompletion([{ id: "call_1", name: "read_file", arguments: '{"path": "a"}' }]));
    upstream.script(
      tracked((request, response, raw) => {
        void held.then(() => answer(request, response, raw));
      }),
    );
    const first = chat(toolmend);
    // The only connection is busy until `release`: the second request can only end by its own budget.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const second = await chat(toolmend);
    expect(second.status).toBe(504);
    expect(await second.json()).toMatchObject({ error: { code: "upstream_timeout" } });
    release();
    expect((await first).status).toBe(504);
    await allClosed();
  });
});
