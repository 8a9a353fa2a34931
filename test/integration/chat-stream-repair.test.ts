import OpenAI from "openai";
import { describe, expect, it, sdkClient } from "../support/fixtures.ts";
import { fileTools, sse, toolCallStream } from "../support/scripted-upstream.ts";

const params = {
  model: "gpt-test",
  messages: [{ role: "user" as const, content: "read a.txt" }],
  tools: fileTools,
};

/** Collects a streamed turn as the SDK's own accumulator sees it. */
async function streamed(client: OpenAI) {
  const runner = client.chat.completions.stream(params);
  return runner.finalChatCompletion();
}

describe("streamed chat completions with tools", () => {
  it("repairs a call split over deltas, as the .stream() helper assembles it", async ({ upstream, client }) => {
    upstream.script(sse(toolCallStream([{ name: "read_file", arguments: '{"path": "a.txt", "limit": "5",}' }], { pieces: 5 })));
    const completion = await streamed(client);
    const call = completion.choices[0]!.message.tool_calls![0]!;
    expect(call.type === "function" && JSON.parse(call.function.arguments)).toEqual({ path: "a.txt", limit: 5 });
    expect(completion.choices[0]!.finish_reason).toBe("tool_calls");
  });

  it("gives create({ stream: true }) well-formed deltas, usage and no fragment of the broken call", async ({ upstream, client }) => {
    upstream.script(sse(toolCallStream([{ name: "readFile", arguments: "{'path': 'b.txt'}" }])));
    const stream = await client.chat.completions.create({ ...params, stream: true, stream_options: { include_usage: true } });
    const deltas: unknown[] = [];
    let usage: unknown;
    for await (const chunk of stream) {
      if (chunk.usage) usage = chunk.usage;
      for (const choice of chunk.choices) if (choice.delta.tool_calls) deltas.push(...choice.delta.tool_calls);
    }
    expect(deltas).toEqual([{ index: 0, id: "call_0", type: "function", function: { name: "read_file", arguments: '{"path":"b.txt"}' } }]);
    expect(usage).toEqual({ prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 });
  });

  it("passes a valid call through with its arguments unchanged", async ({ upstream, client }) => {
    const args = '{"path": "a.txt",  "limit": 2}';
    upstream.script(sse(toolCallStream([{ name: "read_file", arguments: args }])));
    const completion = await streamed(client);
    const call = completion.choices[0]!.message.tool_calls![0]!;
    expect(call.type === "function" && call.function.arguments).toBe(args);
  });

  it("streams text deltas before the tool call is complete", async ({ upstream, client }) => {
    let release: () => void = () => undefined;
    upstream.script((_request, response) => {
      const events = toolCallStream([{ name: "read_file", arguments: '{"path":"x"}' }], { text: ["Let me ", "look."] });
      response.writeHead(200, { "content-type": "text/event-stream" });
      // Role and text go out; the rest waits until the client has seen the text.
      for (const event of events.slice(0, 3)) response.write(`data: ${JSON.stringify(event)}\n\n`);
      release = () => {
        for (const event of events.slice(3)) response.write(`data: ${typeof event === "string" ? event : JSON.stringify(event)}\n\n`);
        response.end();
      };
    });
    const stream = await client.chat.completions.create({ ...params, stream: true });
    let text = "";
    let sawCall = false;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      if (chunk.choices[0]?.delta.tool_calls) sawCall = true;
      if (text === "Let me look.") release();
    }
    expect(text).toBe("Let me look.");
    expect(sawCall).toBe(true);
  });

  it("escalates a tool-only turn with a real HTTP 400", async ({ upstream, client }) => {
    upstream.script(sse(toolCallStream([{ name: "read_file", arguments: '{"limit": 1}' }])));
    const error = await client
      .chat.completions.create({ ...params, stream: true })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).code).toBe("invalid_tool_call");
  });

  it("ends a stream that already sent text with an error event the SDK raises", async ({ upstream, client }) => {
    upstream.script(sse(toolCallStream([{ name: "read_file", arguments: '{"limit": 1}' }], { text: ["Reading…"] })));
    const stream = await client.chat.completions.create({ ...params, stream: true });
    let text = "";
    const error = await (async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
    })().catch((caught: unknown) => caught);
    expect(text).toBe("Reading…");
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(String((error as Error).message)).toContain("could not be repaired");
  });

  it("treats a stream cut before its end as a failure, never a complete answer", async ({ upstream, toolmend }) => {
    upstream.script(sse(toolCallStream([{ name: "read_file", arguments: '{"path": "a"}' }], { finishReason: null, done: false })));
    const response = await fetch(`${toolmend.baseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...params, stream: true }),
    });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { code: "upstream_stream_failed" } });
  });

  it("runs a feedback round inside the stream and sends only the final turn", async ({ upstream, launch }) => {
    const client = sdkClient(await launch({ repair: { defaults: { onFailure: "feedback", maxRounds: 1 } } }));
    upstream.script(
      sse(toolCallStream([{ id: "call_bad", name: "read_file", arguments: '{"file": "a.txt"}' }])),
      sse(toolCallStream([{ id: "call_good", name: "read_file", arguments: '{"path": "a.txt"}' }])),
    );
    const completion = await streamed(client);
    const calls = completion.choices[0]!.message.tool_calls!;
    expect(calls.map((call) => call.id)).toEqual(["call_good"]);
    expect(upstream.requests).toHaveLength(2);
    const second = JSON.parse(upstream.requests[1]!.body.toString()) as { messages: Array<{ role: string }> };
    expect(second.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool"]);
  });

  it("re-emits another vendor's mid-stream error as OpenAI's", async ({ upstream, client }) => {
    upstream.script(sse([{ object: "error", message: "model overloaded", code: 503 }]));
    const stream = await client.chat.completions.create({ ...params, stream: true });
    const error = await (async () => {
      for await (const _chunk of stream) void _chunk;
    })().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as Error).message).toContain("model overloaded");
  });

  it("aborts the upstream when the client disconnects mid-stream", async ({ upstream, toolmend }) => {
    upstream.script((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      const events = toolCallStream([], { text: ["one ", "two "] });
      for (const event of events.slice(0, 3)) response.write(`data: ${JSON.stringify(event)}\n\n`);
    });
    const controller = new AbortController();
    const response = await fetch(`${toolmend.baseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...params, stream: true }),
      signal: controller.signal,
    });
    await response.body!.getReader().read();
    controller.abort();
    await upstream.aborted;
  });
});
