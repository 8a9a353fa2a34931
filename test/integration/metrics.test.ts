/**
 * What /metrics says after real requests through a listening toolmend:
 * build info, in-flight requests, time to first byte, tokens by model,
 * duration buckets up to the total timeout, and no count of health checks
 * and scrapes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fileTools, json, chatCompletion, sse, startScriptedUpstream, toolCallStream, type ScriptedUpstream } from "../support/scripted-upstream.ts";
import { startToolmend, type RunningToolmend } from "../support/toolmend-harness.ts";

let upstream: ScriptedUpstream | undefined;
let toolmend: RunningToolmend | undefined;
afterEach(async () => {
  await toolmend?.close();
  await upstream?.close();
});

async function start(upstreamSettings: object = {}) {
  upstream = await startScriptedUpstream();
  toolmend = await startToolmend({ upstream: { url: upstream.url, ...upstreamSettings } }, { logLevel: "silent" });
  return { upstream, toolmend };
}
const scrape = async () => (await fetch(`${toolmend!.origin}/metrics`)).text();
const chat = (body: Record<string, unknown>) =>
  fetch(`${toolmend!.baseURL}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ messages: [{ role: "user", content: "x" }], tools: fileTools, ...body }),
  });

describe("/metrics", () => {
  it("says which toolmend and which Node run, in one process", async () => {
    await start();
    const { version } = JSON.parse(readFileSync(join(import.meta.dirname, "../../package.json"), "utf8")) as { version: string };
    const text = await scrape();
    expect(text).toContain(`toolmend_build_info{version="${version}",node="${process.versions.node}"} 1`);
    expect(text).toMatch(/^toolmend_workers 1$/m);
  });

  it("does not count health checks and scrapes as requests", async () => {
    await start();
    for (const path of ["/healthz", "/readyz", "/metrics", "/metrics"]) expect((await fetch(`${toolmend!.origin}${path}`)).status).toBe(200);
    const text = await scrape();
    expect(text).not.toContain('route="admin"');
    expect(text).not.toMatch(/^toolmend_requests_total\{/m);
  });

  it("ends the duration buckets at the total timeout", async () => {
    await start({ timeouts: { totalMs: 45_000 } });
    upstream!.script(json(chatCompletion("hi")));
    expect((await fetch(`${toolmend!.baseURL}/models`)).status).toBe(200);
    const buckets = [...(await scrape()).matchAll(/^toolmend_request_duration_seconds_bucket\{le="([^"]+)",route="passthrough"\}/gm)].map((match) => match[1]);
    expect(buckets.slice(-3)).toEqual(["30", "45", "+Inf"]);
  });

  it("counts in-flight requests while a stream is open, and none after", async () => {
    await start();
    let finish: () => void = () => undefined;
    upstream!.script((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write('data: {"id":"c","object":"chat.completion.chunk","created":0,"model":"m","choices":[{"index":0,"delta":{"content":"hi"},"finish_reason":null}]}\n\n');
      finish = () => response.end("data: [DONE]\n\n");
    });
    const response = await chat({ model: "m", stream: true, tools: undefined });
    const reader = response.body!.getReader();
    await reader.read();
    expect(await scrape()).toContain('toolmend_in_flight_requests{route="chat_completions"} 1');
    finish();
    while (!(await reader.read()).done);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await scrape()).toContain('toolmend_in_flight_requests{route="chat_completions"} 0');
  });

  it("times the first byte of streams only, and counts a stream's usage under its model", async () => {
    await start();
    upstream!.script(sse(toolCallStream([{ name: "read_file", arguments: '{"path": "a.txt"}' }])), json(chatCompletion("whole")));
    await (await chat({ model: "gpt-stream", stream: true, stream_options: { include_usage: true } })).text();
    await (await chat({ model: "gpt-whole" })).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const text = await scrape();
    expect(text).toContain('toolmend_time_to_first_byte_seconds_count{route="chat_completions"} 1');
    expect(text).toContain('toolmend_tokens_total{model="gpt-stream",kind="prompt"} 10');
    expect(text).toContain('toolmend_tokens_total{model="gpt-stream",kind="completion"} 5');
    expect(text).toContain('toolmend_tool_calls_total{outcome="valid",model="gpt-stream"} 1');
    expect(text).toContain('toolmend_tokens_total{model="gpt-whole",kind="prompt"} 5');
  });
});
