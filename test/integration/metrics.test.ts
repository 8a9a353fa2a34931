/**
 * What /metrics says after real requests through a listening toolmend:
 * build info, in-flight requests, time to first byte, tokens by model,
 * duration buckets up to the total timeout, and no count of health checks
 * and scrapes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, test } from "../support/fixtures.ts";
import { fileTools, json, chatCompletion, sse, toolCallStream } from "../support/scripted-upstream.ts";
import type { RunningToolmend } from "../support/toolmend-harness.ts";

test.override("toolmendOptions", { logLevel: "silent" });

const chat = (toolmend: RunningToolmend, body: Record<string, unknown>) =>
  fetch(`${toolmend.baseURL}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ messages: [{ role: "user", content: "x" }], tools: fileTools, ...body }),
  });

describe("/metrics", () => {
  it("says which toolmend and which Node run, in one process", async ({ toolmend }) => {
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, "../../package.json"), "utf8")) as { version: string };
    const text = await toolmend.scrape();
    expect(text).toContain(`toolmend_build_info{version="${version}",node="${process.versions.node}"} 1`);
    expect(text).toMatch(/^toolmend_workers 1$/m);
  });

  it("does not count health checks and scrapes as requests", async ({ toolmend }) => {
    for (const path of ["/healthz", "/readyz", "/metrics", "/metrics"]) expect((await fetch(`${toolmend.origin}${path}`)).status).toBe(200);
    const text = await toolmend.scrape();
    expect(text).not.toContain('route="admin"');
    expect(text).not.toMatch(/^toolmend_requests_total\{/m);
  });

  it("ends the duration buckets at the total timeout", async ({ upstream, launch }) => {
    const toolmend = await launch({ upstream: { timeouts: { totalMs: 45_000 } } });
    upstream!.script(json(chatCompletion("hi")));
    expect((await fetch(`${toolmend.baseURL}/models`)).status).toBe(200);
    const buckets = [...(await toolmend.scrape()).matchAll(/^toolmend_request_duration_seconds_bucket\{le="([^"]+)",route="passthrough"\}/gm)].map((match) => match[1]);
    expect(buckets.slice(-3)).toEqual(["30", "45", "+Inf"]);
  });

  it("counts in-flight requests while a stream is open, and none after", async ({ upstream, toolmend }) => {
    let finish: () => void = () => undefined;
    upstream!.script((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write('data: {"id":"c","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":null}]}\n\n');
      finish = () => response.end("data: [DONE]\n\n");
    });
    const response = await chat(toolmend, { model: "m", stream: true, tools: undefined });
    const reader = response.body!.getReader();
    await reader.read();
    expect(await toolmend.scrape()).toContain('toolmend_in_flight_requests{route="chat_completions"} 1');
    finish();
    while (!(await reader.read()).done);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await toolmend.scrape()).toContain('toolmend_in_flight_requests{route="chat_completions"} 0');
  });

  it("times the first byte of streams only, and counts a stream's usage under its model", async ({ upstream, toolmend }) => {
    upstream!.script(sse(toolCallStream([{ name: "read_file", arguments: '{"path": "a.txt"}' }])), json(chatCompletion("whole")));
    await (await chat(toolmend, { model: "gpt-stream", stream: true, stream_options: { include_usage: true } })).text();
    await (await chat(toolmend, { model: "gpt-whole" })).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = await toolmend.scrape();
    expect(text).toContain('toolmend_time_to_first_byte_seconds_count{route="chat_completions"} 1');
    expect(text).toContain('toolmend_tokens_total{model="gpt-stream",kind="prompt"} 10');
    expect(text).toContain('toolmend_tokens_total{model="gpt-stream",kind="completion"} 5');
    expect(text).toContain('toolmend_tool_calls_total{outcome="valid",model="gpt-stream"} 1');
    expect(text).toContain('toolmend_tokens_total{model="gpt-whole",kind="prompt"} 5');
  });
});
