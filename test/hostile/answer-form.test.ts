/**
 * A 200 is judged by what it is: an HTML page or JSON that does not parse
 * becomes a 502 `upstream_invalid_response` in OpenAI's format, never a 200
 * waved through. A stream where a whole answer was asked for (and the
 * reverse) is read as the answer it is, repaired as usual, and answered in
 * the form the client asked for; one that is no answer is refused.
 */
import { describe, expect, it } from "../support/fixtures.ts";
import { responseEvents, responseTools, responseWith, sseEvents } from "../support/responses-upstream.ts";
import { fileTools, json, sse, toolCallCompletion, toolCallStream, type UpstreamHandler } from "../support/scripted-upstream.ts";
import type { RunningToolmend } from "../support/toolmend-harness.ts";

const html: UpstreamHandler = (_request, response) => {
  response.writeHead(200, { "content-type": "text/html" }).end("<html><body>502 Bad Gateway</body></html>");
};
const htmlAsJson: UpstreamHandler = (_request, response) => {
  response.writeHead(200, { "content-type": "application/json" }).end("<html>oops</html>");
};

async function post(toolmend: RunningToolmend, path: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${toolmend.baseURL}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}
const chat = (toolmend: RunningToolmend, stream: boolean) => post(toolmend, "/chat/completions", { model: "m", messages: [{ role: "user", content: "x" }], tools: fileTools, stream });
const responses = (toolmend: RunningToolmend, stream: boolean) =>
  post(toolmend, "/responses", { model: "m", input: "x", stream, tools: [{ type: "function", name: "read_file", parameters: { type: "object" } }] });

async function expectInvalidResponse(response: Response): Promise<void> {
  expect(response.status).toBe(502);
  expect(await response.json()).toMatchObject({ error: { code: "upstream_invalid_response", type: "upstream_error" } });
}

describe("answers that are not what they claim", () => {
  it("refuses an HTML 200, and JSON-labelled HTML, on both APIs, streamed and not", async ({ upstream, toolmend }) => {
    for (const handler of [html, htmlAsJson]) {
      upstream.script(handler);
      await expectInvalidResponse(await chat(toolmend, false));
      await expectInvalidResponse(await chat(toolmend, true));
      await expectInvalidResponse(await responses(toolmend, false));
      await expectInvalidResponse(await responses(toolmend, true));
    }
  });

  it("refuses a stream that carries no answer, or ends in an error, and a whole answer that is none", async ({ upstream, toolmend }) => {
    upstream.script(sse(["not json"]));
    await expectInvalidResponse(await chat(toolmend, false));
    upstream.script(sse(toolCallStream([{ name: "read_file", arguments: '{"path": "a"}' }], { finishReason: null, done: false })));
    await expectInvalidResponse(await chat(toolmend, false));
    upstream.script(sse([{ error: { message: "overloaded", type: "server_error" } }]));
    const failed = await chat(toolmend, false);
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ error: { code: "upstream_stream_failed", message: expect.stringContaining("overloaded") } });
    upstream.script(json({ object: "chat.completion", id: "x" }));
    await expectInvalidResponse(await chat(toolmend, true));
    upstream.script(json({ object: "response", id: "x" }));
    await expectInvalidResponse(await responses(toolmend, true));
  });

  it("still relays the upstream's own errors as they came", async ({ upstream, toolmend }) => {
    upstream.script((_request, response) => response.writeHead(429, { "content-type": "text/html" }).end("slow down"));
    const response = await chat(toolmend, false);
    expect(response.status).toBe(429);
    expect(await response.text()).toBe("slow down");
  });
});

describe("an answer in the other form than the one asked for", () => {
  const broken = '{"path": "a.txt",}';
  const chatRequest = { model: "m", messages: [{ role: "user" as const, content: "x" }], tools: fileTools };
  const responsesRequest = { model: "m", input: "x", tools: responseTools };

  it("reads a chat stream as the whole answer asked for, repaired", async ({ upstream, client }) => {
    upstream.script(sse(toolCallStream([{ id: "call_1", name: "read_file", arguments: broken }])));
    const { data, response } = await client.chat.completions.create(chatRequest).withResponse();
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("x-toolmend-outcome")).toBe("repaired");
    expect(data).toMatchObject({ object: "chat.completion", usage: { total_tokens: 15 }, choices: [{ index: 0, finish_reason: "tool_calls" }] });
    const [call] = data.choices[0]!.message.tool_calls!;
    expect(call).toMatchObject({ id: "call_1", type: "function", function: { name: "read_file" } });
    expect(JSON.parse((call as { function: { arguments: string } }).function.arguments)).toEqual({ path: "a.txt" });
  });

  it("streams a whole chat answer to a request for a stream, repaired", async ({ upstream, client }) => {
    upstream.script(json(toolCallCompletion([{ id: "call_1", name: "read_file", arguments: broken }])));
    const { data: stream, response } = await client.chat.completions.create({ ...chatRequest, stream: true }).withResponse();
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("x-toolmend-outcome")).toBe("repaired");
    let args = "";
    let finish: string | null = null;
    for await (const chunk of stream) {
      args += chunk.choices[0]?.delta.tool_calls?.[0]?.function?.arguments ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(JSON.parse(args)).toEqual({ path: "a.txt" });
    expect(finish).toBe("tool_calls");
  });

  it("reads a Responses stream as the whole response asked for, repaired", async ({ upstream, client }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "text", text: "Reading." }, { kind: "call", name: "read_file", arguments: broken }])));
    const { data, response } = await client.responses.create(responsesRequest).withResponse();
    expect(response.headers.get("x-toolmend-outcome")).toBe("repaired");
    expect(data.output_text).toBe("Reading.");
    const call = data.output.find((item) => item.type === "function_call");
    expect(call).toMatchObject({ name: "read_file", call_id: "call_1" });
    expect(JSON.parse((call as { arguments: string }).arguments)).toEqual({ path: "a.txt" });
  });

  it("streams a whole response to a request for a stream, repaired", async ({ upstream, client }) => {
    upstream.script(json(responseWith([{ kind: "text", text: "Reading." }, { kind: "call", name: "read_file", arguments: broken }])));
    const stream = client.responses.stream(responsesRequest);
    const types: string[] = [];
    for await (const event of stream) types.push(event.type);
    const final = await stream.finalResponse();
    expect(types[0]).toBe("response.created");
    expect(types.at(-1)).toBe("response.completed");
    expect(final.output_text).toBe("Reading.");
    const call = final.output.find((item) => item.type === "function_call");
    expect(JSON.parse((call as { arguments: string }).arguments)).toEqual({ path: "a.txt" });
  });
});
