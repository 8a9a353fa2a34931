/**
 * Statuses say whose fault it was: a broken upstream answer is a 502, a
 * client that hangs up is one info line (`client_closed`), never a 500 or an
 * error with a stack.
 */
import { describe, expect, it, test } from "../support/fixtures.ts";
import { fileTools } from "../support/scripted-upstream.ts";
import type { RunningToolmend } from "../support/toolmend-harness.ts";

test.override("settings", { upstream: { retries: { attempts: 1 } } });

const chat = (toolmend: RunningToolmend, init: RequestInit = {}) =>
  fetch(`${toolmend.baseURL}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "x" }], tools: fileTools }),
    ...init,
  });

describe("status mapping", () => {
  it("answers 502 to an upstream answer shorter than its content-length", async ({ upstream, toolmend }) => {
    upstream.script((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      response.write('{"id": "chatcmpl-1", "choices": [');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const response = await chat(toolmend);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { code: "upstream_invalid_answer", type: "upstream_error" } });
    expect(toolmend.logs().some((line) => line.msg === "unhandled error")).toBe(false);
  });

  it("logs a client that hangs up while the answer is read as one info line, without a stack", async ({ upstream, toolmend }) => {
    upstream.script((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write('{"id": "chatcmpl-1", ');
    });
    const controller = new AbortController();
    const pending = chat(toolmend, { signal: controller.signal }).catch((error: unknown) => error);
    while (upstream.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await pending;
    while (!toolmend.logs().some((line) => line.msg === "client_closed")) await new Promise((resolve) => setTimeout(resolve, 10));
    const logs = toolmend.logs();
    const line = logs.find((entry) => entry.msg === "client_closed")!;
    expect(line.level).toBe("info");
    expect(line.err).toBeUndefined();
    expect(logs.some((entry) => entry.msg === "unhandled error" || entry.level === "error" || entry.level === "fatal")).toBe(false);
  });
});
