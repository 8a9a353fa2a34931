import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../src/json.ts";
import type { ChatCall } from "../../../src/protocol/chat-completions.ts";
import { chatCompletionsFormat } from "../../../src/protocol/chat-completions-format.ts";
import type { ChatStreamCall } from "../../../src/protocol/chat-stream-format.ts";
import type { DecodedAnswer } from "../../../src/protocol/wire-format.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";
import { failed, feedbackPolicy, repaired, split } from "./verdicts.ts";
import { chunk } from "./stream-helpers.ts";

const { request, answer, stream } = chatCompletionsFormat;
const tools: ToolDefinition[] = [{ name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } } } }];
const reading = { tools };


const completion = (message: JsonObject, finishReason = "tool_calls"): JsonObject => ({
  id: "chatcmpl-1",
  object: "chat.completion",
  model: "m",
  choices: [{ index: 0, message: { role: "assistant", ...message }, finish_reason: finishReason }],
});
const toolCall = (id: string, args: string) => ({ id, type: "function", function: { name: "read_file", arguments: args } });

function decoded(value: JsonObject, status = 200): DecodedAnswer<ChatCall> {
  const result = answer.decodeAnswer(value, status, { model: "m" }, reading);
  if (result.kind !== "answer") throw new Error(`expected an answer, got ${result.kind}`);
  return result.answer;
}

describe("the chat completions request", () => {
  it("declares the function tools of tools[]", () => {
    expect(request.declaredTools({ tools: [{ type: "function", function: { name: "read_file", parameters: {} } }, { type: "x" }] })).toEqual([
      { name: "read_file", parameters: {} },
    ]);
  });

  it("mends the arguments of the history's tool calls through the given mender, copying only what changed", () => {
    const body = { messages: [{ role: "user", content: "x" }, { role: "assistant", tool_calls: [toolCall("a", "{'path': 1}"), toolCall("b", "{}")] }] };
    const mended = request.mendHistory(body, (_name, args) => (args === "{'path': 1}" ? '{"path":1}' : undefined));
    expect(mended?.messages).toEqual([body.messages[0], { role: "assistant", tool_calls: [toolCall("a", '{"path":1}'), toolCall("b", "{}")] }]);
    expect(body.messages[1]!.tool_calls![0]!.function.arguments).toBe("{'path': 1}");
    expect(request.mendHistory(body, () => undefined)).toBeUndefined();
  });

  it("counts choices from n, one by default, and never keeps a stored conversation", () => {
    expect([request.choiceCount({}), request.choiceCount({ n: null }), request.choiceCount({ n: 3 })]).toEqual([1, 1, 3]);
    expect(request.storedConversation({ conversation: "c" })).toBe(false);
  });
});

describe("a chat completions answer", () => {
  it("locates each call with where its arguments sit and normalises a missing id", () => {
    const result = decoded(completion({ tool_calls: [{ type: "function", function: { name: "read_file", arguments: "{}" } }] }));
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]).toMatchObject({ choice: 0, call: 0, name: "read_file", arguments: "{}", finishReason: "tool_calls", param: "choices[0].message.tool_calls[0].function.arguments" });
    expect(result.calls[0]!.id).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(result.changed).toBe(true);
  });

  it("leaves an answer it did not have to touch unchanged", () => {
    expect(decoded(completion({ tool_calls: [toolCall("a", "{}")] })).changed).toBe(false);
  });

  it("moves a call written as text into tool_calls", () => {
    const result = decoded(completion({ content: '<tool_call>{"name": "read_file", "arguments": {"path": "a"}}</tool_call>' }, "stop"));
    expect(result.extracted).toBe(1);
    expect(result.calls.map(({ name, arguments: args }) => ({ name, args }))).toEqual([{ name: "read_file", args: '{"path":"a"}' }]);
    expect(result.value.choices).toMatchObject([{ finish_reason: "tool_calls", message: { content: null } }]);
  });

  it("rebuilds Groq's tool_use_failed into the answer it should have been", () => {
    const error = { error: { code: "tool_use_failed", message: "m", failed_generation: '<tool_call>{"name": "read_file", "arguments": {}}</tool_call>' } };
    const result = decoded(error, 400);
    expect(result.rebuilt).toBe(true);
    expect(result.value).toMatchObject({ object: "chat.completion", model: "m", choices: [{ finish_reason: "tool_calls" }] });
    expect(answer.decodeAnswer({ error: { code: "other" } }, 400, {}, reading)).toEqual({ kind: "opaque" });
  });

  it("calls an answer that claims tool_calls without any invalid", () => {
    expect(answer.decodeAnswer(completion({ content: null }), 200, {}, reading)).toMatchObject({ kind: "invalid" });
  });

  it("writes repairs into the answer through the verdicts' calls", () => {
    const result = decoded(completion({ tool_calls: [toolCall("a", "{'path': 'x'}"), toolCall("b", "{}")] }));
    answer.applyRepairs(result, [repaired(result.calls[0]!, '{"path":"x"}'), { call: result.calls[1]!, policy: feedbackPolicy, outcome: { kind: "valid", name: "read_file" } }]);
    expect(result.value.choices).toMatchObject([{ message: { tool_calls: [toolCall("a", '{"path":"x"}'), toolCall("b", "{}")] } }]);
  });

  it("puts the calls of a split call in its place, each with an id derived from its own, in order", () => {
    const parallel = { id: "p", type: "function", function: { name: "multi_tool_use.parallel", arguments: "{}", thought_signature: "s" }, extra: 1 };
    const result = decoded(completion({ tool_calls: [toolCall("a", "{'path': 'x'}"), parallel, toolCall("b", "{}")] }));
    answer.applyRepairs(result, [
      repaired(result.calls[0]!, '{"path":"x"}'),
      split(result.calls[1]!, [{ name: "read_file", arguments: '{"path":"1"}' }, { name: "list_dir", arguments: '{"dir":"2"}' }]),
      { call: result.calls[2]!, policy: feedbackPolicy, outcome: { kind: "valid", name: "read_file" } },
    ]);
    expect(result.value.choices).toMatchObject([
      {
        message: {
          tool_calls: [
            toolCall("a", '{"path":"x"}'),
            { id: "p_1", type: "function", function: { name: "read_file", arguments: '{"path":"1"}', thought_signature: "s" }, extra: 1 },
            { id: "p_2", type: "function", function: { name: "list_dir", arguments: '{"dir":"2"}', thought_signature: "s" }, extra: 1 },
            toolCall("b", "{}"),
          ],
        },
      },
    ]);
  });

  it("builds the feedback round from the failed choice's message and one tool result per call", () => {
    const result = decoded(completion({ content: "Reading.", tool_calls: [toolCall("a", "{")] }));
    const next = answer.feedbackRequest({ model: "m", messages: [{ role: "user", content: "x" }] }, [failed(result.calls[0]!)], result);
    expect(next?.messages).toEqual([
      { role: "user", content: "x" },
      { role: "assistant", content: "Reading.", tool_calls: [toolCall("a", "{")] },
      { role: "tool", tool_call_id: "a", content: expect.stringContaining("not JSON") },
    ]);
  });
});

describe("a chat completions stream", () => {
  const callChunk = (args: string) => chunk({ tool_calls: [{ index: 0, id: "a", type: "function", function: { name: "read_file", arguments: args } }] });

  it("decodes text deltas as text events and anything else as passed events", () => {
    const codec = stream.createCodec({ maxHeldBytes: 1024, reading });
    const role = chunk({ role: "assistant", content: null });
    const text = chunk({ content: "Hi" });
    expect(codec.decode(role, undefined)).toEqual([]);
    expect(codec.decode(text, undefined)).toEqual([
      { kind: "pass", payload: role },
      { kind: "text", choice: 0, text: "Hi", payload: text },
    ]);
    expect(codec.encode(text)).toBe(`data: ${text}\n\n`);
    expect(codec.decode("[DONE]", undefined)).toEqual([{ kind: "pass", payload: "[DONE]" }]);
  });

  it("holds a choice's calls until it finishes, then encodes them back, repaired", () => {
    const codec = stream.createCodec({ maxHeldBytes: 1024, reading });
    expect(codec.decode(callChunk("{'path'"), undefined)).toEqual([]);
    expect(codec.decode(callChunk(": 'a'}"), undefined)).toEqual([]);
    const [event] = codec.decode(chunk({}, "tool_calls"), undefined);
    if (event?.kind !== "calls") throw new Error("expected the calls");
    const [call] = event.calls.calls;
    expect(call).toMatchObject({ id: "a", name: "read_file", arguments: "{'path': 'a'}", param: "choices[0].delta.tool_calls[0].function.arguments" });
    const out = codec.encodeCalls(event.calls, [repaired(call as ChatStreamCall, '{"path":"a"}')], true);
    expect(out).toContain('"arguments":"{\\"path\\":\\"a\\"}"');
    expect(out.endsWith(`"finish_reason":"tool_calls"}]}\n\n`)).toBe(true);
    expect(codec.original(event.calls)).toMatchObject({ choices: [{ index: 0, message: { tool_calls: [{ id: "a" }] } }] });
  });

  it("sends the calls of a split call in its place, numbered by position, each with an id derived from its own", () => {
    const codec = stream.createCodec({ maxHeldBytes: 1024, reading });
    const header = (index: number, id: string, name: string, args: string) => chunk({ tool_calls: [{ index, id, type: "function", function: { name, arguments: args } }] });
    codec.decode(header(0, "p", "multi_tool_use.parallel", "{…}"), undefined);
    codec.decode(header(1, "b", "read_file", "{}"), undefined);
    const [event] = codec.decode(chunk({}, "tool_calls"), undefined);
    if (event?.kind !== "calls") throw new Error("expected the calls");
    const [parallel, last] = event.calls.calls as ChatStreamCall[];
    const members = [{ name: "read_file", arguments: '{"path":"1"}' }, { name: "list_dir", arguments: '{"dir":"2"}' }];
    const out = codec.encodeCalls(event.calls, [split(parallel!, members), { call: last!, policy: feedbackPolicy, outcome: { kind: "valid", name: "read_file" } }], true);
    const deltas = out
      .split("\n\n")
      .filter((line) => line.includes("tool_calls\":[{"))
      .flatMap((line) => (JSON.parse(line.slice(6)) as { choices: [{ delta: { tool_calls: unknown[] } }] }).choices[0].delta.tool_calls);
    expect(deltas).toEqual([
      { index: 0, id: "p_1", type: "function", function: { name: "read_file", arguments: '{"path":"1"}' } },
      { index: 1, id: "p_2", type: "function", function: { name: "list_dir", arguments: '{"dir":"2"}' } },
      { index: 2, id: "b", type: "function", function: { name: "read_file", arguments: "{}" } },
    ]);
  });

  it("holds text that turns out to be a call written as text, and hands it over as the choice's calls", () => {
    const codec = stream.createCodec({ maxHeldBytes: 1024, reading });
    expect(codec.decode(chunk({ content: "<tool_call>" }), undefined)).toEqual([]);
    expect(codec.decode(chunk({ content: '{"name": "read_file", "arguments": {"path": "a"}}</tool_call>' }), undefined)).toEqual([]);
    const [event] = codec.decode(chunk({}, "stop"), undefined);
    if (event?.kind !== "calls") throw new Error("expected the calls");
    expect(event.calls.extracted).toBe(1);
    expect(event.calls.calls).toMatchObject([{ name: "read_file", arguments: '{"path":"a"}', finishReason: "tool_calls" }]);
  });

  it("turns a finish that claims calls without any into a failure", () => {
    const codec = stream.createCodec({ maxHeldBytes: 1024, reading });
    expect(codec.decode(chunk({ content: "x" }, "tool_calls"), undefined).at(-1)).toMatchObject({ kind: "failure" });
  });

  it("encodes an upstream error and its own errors as a data line OpenAI's SDKs raise", () => {
    const codec = stream.createCodec({ maxHeldBytes: 1024, reading });
    const [event] = codec.decode(JSON.stringify({ error: { message: "boom" } }), undefined);
    expect(event?.kind).toBe("upstream_error");
    const fields = { message: "m", type: "upstream_error", code: "upstream_stream_failed", param: null };
    expect(codec.encodeError(fields)).toBe(`data: ${JSON.stringify({ error: fields })}\n\n`);
  });

  it("builds the feedback round from the held calls", () => {
    const codec = stream.createCodec({ maxHeldBytes: 1024, reading });
    codec.decode(callChunk("{"), undefined);
    const [event] = codec.decode(chunk({}, "tool_calls"), undefined);
    if (event?.kind !== "calls") throw new Error("expected the calls");
    const next = stream.feedbackRequest({ messages: [] }, [failed(event.calls.calls[0]!)]);
    expect(next.messages).toEqual([
      { role: "assistant", content: null, tool_calls: [toolCall("a", "{")] },
      { role: "tool", tool_call_id: "a", content: expect.stringContaining("not JSON") },
    ]);
    expect(stream.continuesAfterOutput).toBe(true);
  });
});
