/**
 * A 200 is judged by what it is: an HTML page, JSON that does not parse, or
 * a stream where a whole answer was asked for (and the reverse) becomes a 502
 * `upstream_invalid_response` in OpenAI's format, never a 200 waved through.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fileTools, json, sse, startScriptedUpstream, toolCallCompletion, toolCallStream, type ScriptedUpstream, type UpstreamHandler } from "../support/scripted-upstream.ts";
import { startToolmend, type RunningToolmend } from "../support/toolmend-harness.ts";

let upstream: ScriptedUpstream;
let toolmend: RunningToolmend;

async function start() {
  upstream = await startScriptedUpstream();
  toolmend = await startToolmend({ upstream: { url: upstream.url } });
}
afterEach(async () => {
  await toolmend.close();
  await upstream.close();
});

const html: UpstreamHandler = (_request, response) => {
  response.writeHead(200, { "content-type": "text/html" }).end("<html><body>502 Bad Gateway</body></html>");
};
const htmlAsJson: UpstreamHandler = (_request, response) => {
  response.writeHead(200, { "content-type": "application/json" }).end("<html>oops</html>");
};

async function post(path: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${toolmend.baseURL}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}
const chat = (stream: boolean) => post("/chat/completions", { model: "m", messages: [{ role: "user", content: "x" }], tools: fileTools, stream });
const responses = (stream: boolean) =>
  post("/responses", { model: "m", input: "x", stream, tools: [{ type: "function", name: "read_file", parameters: { type: "object" } }] });

async function expectInvalidResponse(response: Response): Promise<void> {
  expect(response.status).toBe(502);
  expect(await response.json()).toMatchObject({ error: { code: "upstream_invalid_response", type: "upstream_error" } });
}

describe("answers that are not what they claim", () => {
  it("refuses an HTML 200, and JSON-labelled HTML, on both APIs, streamed and not", async () => {
    await start();
    for (const handler of [html, htmlAsJson]) {
      upstream.script(handler);
      await expectInvalidResponse(await chat(false));
      await expectInvalidResponse(await chat(true));
      await expectInvalidResponse(await responses(false));
      await expectInvalidResponse(await responses(true));
    }
  });

  it("refuses a stream to a request that did not ask for one, and a whole answer to one that did", async () => {
    await start();
    upstream.script(sse(toolCallStream([{ name: "read_file", arguments: '{"path": "a"}' }])));
    await expectInvalidResponse(await chat(false));
    upstream.script(json(toolCallCompletion([{ id: "call_1", name: "read_file", arguments: '{"path": "a"}' }])));
    await expectInvalidResponse(await chat(true));
  });

  it("still relays the upstream's own errors as they came", async () => {
    await start();
    upstream.script((_request, response) => response.writeHead(429, { "content-type": "text/html" }).end("slow down"));
    const response = await chat(false);
    expect(response.status).toBe(429);
    expect(await response.text()).toBe("slow down");
  });
});
