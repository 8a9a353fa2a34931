/**
 * Forwarding headers a client sends (and could forge) do not reach the
 * upstream on any route, unless `upstream.keepForwardingHeaders` is set.
 */
import { describe, expect, it } from "../support/fixtures.ts";
import { chatCompletion, fileTools, json, toolCallCompletion, type ScriptedUpstream } from "../support/scripted-upstream.ts";
import type { RunningToolmend } from "../support/toolmend-harness.ts";

const forwarding = {
  forwarded: "for=203.0.113.7;proto=https",
  "x-forwarded-for": "203.0.113.7",
  "x-forwarded-host": "admin.internal",
  "x-forwarded-proto": "https",
  "x-real-ip": "203.0.113.7",
  "x-original-url": "/admin",
  "x-rewrite-url": "/admin",
};

async function sendAll(upstream: ScriptedUpstream, toolmend: RunningToolmend): Promise<void> {
  upstream.script(json(toolCallCompletion([{ id: "c", name: "read_file", arguments: '{"path": "a"}' }])), json(chatCompletion("hi")), json({ data: [] }));
  const headers = { "content-type": "application/json", authorization: "Bearer k", ...forwarding };
  const body = (extra: object) => JSON.stringify({ model: "m", messages: [{ role: "user", content: "x" }], ...extra });
  await (await fetch(`${toolmend.baseURL}/chat/completions`, { method: "POST", headers, body: body({ tools: fileTools }) })).arrayBuffer();
  await (await fetch(`${toolmend.baseURL}/chat/completions`, { method: "POST", headers, body: body({}) })).arrayBuffer();
  await (await fetch(`${toolmend.baseURL}/models`, { headers })).arrayBuffer();
}

describe("forwarding headers", () => {
  it("are dropped on intercepted and passthrough routes; authorization goes on", async ({ upstream, toolmend }) => {
    await sendAll(upstream, toolmend);
    expect(upstream.requests).toHaveLength(3);
    for (const request of upstream.requests) {
      for (const name of Object.keys(forwarding)) expect(request.headers[name]).toBeUndefined();
      expect(request.headers.authorization).toBe("Bearer k");
    }
  });

  it("are kept when configured", async ({ upstream, launch }) => {
    const toolmend = await launch({ upstream: { keepForwardingHeaders: true } });
    await sendAll(upstream, toolmend);
    for (const request of upstream.requests) expect(request.headers["x-forwarded-for"]).toBe("203.0.113.7");
  });
});
