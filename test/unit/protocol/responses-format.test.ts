import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../src/json.ts";
import type { ResponsesCall } from "../../../src/protocol/responses-answer.ts";
import { responsesFormat } from "../../../src/protocol/responses-format.ts";
import type { DecodedAnswer } from "../../../src/protocol/wire-format.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";
import { failed, feedbackPolicy, repaired, split } from "./verdicts.ts";

const { request, answer, stream } = responsesFormat;
const tools: ToolDefinition[] = [{ name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } } } }];
const reading = { tools };

const functionCall = (callId: string, args: string): JsonObject => ({ type: "function_call", id: `fc_${callId}`, call_id: callId, name: "read_file", arguments: args, status: "completed" });
const response = (output: unknown[], extra: JsonObject = {}): JsonObject => ({ id: "resp_1", object: "response", status: "completed", output, ...extra });

function decoded(value: JsonObject): DecodedAnswer<ResponsesCall> {
  const result = answer.decodeAnswer(value, 200, {}, reading);
  if (result.kind !== "answer") throw new Error(`expected an answer, got ${result.kind}`);
  return result.answer;
}

/** One SSE event's data, with a sequence number. */
const event = (type: string, fields: JsonObject, sequence: number) => JSON.stringify({ type, ...fields, sequence_number: sequence });

describe("the responses request", () => {
  it("declares function tools only, strict by default", () => {
    expect(request.declaredTools({ tools: [{ type: "function", name: "read_file" }, { type: "web_search" }] })).toEqual([{ name: "read_file", strict: true }]);
  });

  it("mends the arguments of the input's function_call items through the given mender", () => {
    const body = { input: [{ type: "message", role: "user", content: "x" }, functionCall("a", "{'path': 1}")] };
    expect(request.mendHistory(body, () => '{"path":1}')?.input).toEqual([body.input[0], functionCall("a", '{"path":1}')]);
    expect(request.mendHistory(body, () => undefined)).toBeUndefined();
  });

  it("knows a stored conversation and has one choice", () => {
    expect(request.storedConversation({ conversation: "conv_1" })).toBe(true);
    expect(request.storedConversation({ conversation: null })).toBe(false);
    expect(request.choiceCount({ n: 3 })).toBe(1);
  });
});

describe("a responses answer", () => {
  it("locates each function_call item with where its arguments sit", () => {
    const result = decoded(response([{ type: "reasoning" }, functionCall("call_1", "{}")]));
    expect(result.calls).toEqual([
      expect.objectContaining({ id: "call_1", name: "read_file", arguments: "{}", finishReason: "stop", param: "output[1].arguments", output: 1 }),
    ]);
    expect(result.changed).toBe(false);
  });

  it("says length for a call cut by max_output_tokens", () => {
    const result = decoded(response([functionCall("call_1", '{"path": "a')], { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } }));
    expect(result.calls[0]!.finishReason).toBe("length");
  });

  it("moves a call written as text into a function_call item", () => {
    const message = { type: "message", role: "assistant", content: [{ type: "output_text", text: '<tool_call>{"name": "read_file", "arguments": {}}</tool_call>' }] };
    const result = decoded(response([message]));
    expect(result.extracted).toBe(1);
    expect(result.changed).toBe(true);
    expect(result.value.output).toEqual([expect.objectContaining({ type: "function_call", name: "read_file", arguments: "{}" })]);
  });

  it("writes repairs into the output items through the verdicts' calls", () => {
    const result = decoded(response([functionCall("call_1", "{'path': 'a'}")]));
    answer.applyRepairs(result, [repaired(result.calls[0]!, '{"path":"a"}')]);
    expect(result.value.output).toEqual([functionCall("call_1", '{"path":"a"}')]);
  });

  it("puts the items of a split call in its place, each with ids derived from its own, in order", () => {
    const parallel = { ...functionCall("call_p", "{}"), name: "multi_tool_use.parallel" };
    const result = decoded(response([functionCall("call_1", "{'path': 'a'}"), parallel, functionCall("call_2", "{}")]));
    answer.applyRepairs(result, [
      repaired(result.calls[0]!, '{"path":"a"}'),
      split(result.calls[1]!, [{ name: "read_file", arguments: '{"path":"1"}' }, { name: "list_dir", arguments: '{"dir":"2"}' }]),
      { call: result.calls[2]!, policy: feedbackPolicy, outcome: { kind: "valid", name: "read_file" } },
    ]);
    expect(result.value.output).toEqual([
      functionCall("call_1", '{"path":"a"}'),
      { type: "function_call", id: "fc_call_p_1", call_id: "call_p_1", name: "read_file", arguments: '{"path":"1"}', status: "completed" },
      { type: "function_call", id: "fc_call_p_2", call_id: "call_p_2", name: "list_dir", arguments: '{"dir":"2"}', status: "completed" },
      functionCall("call_2", "{}"),
    ]);
  });

  it("builds the feedback round from the turn's calls and their error outputs", () => {
    const result = decoded(response([functionCall("call_1", "{")]));
    const next = answer.feedbackRequest({ input: "read a" }, [failed(result.calls[0]!)], result);
    expect(next?.input).toEqual([
      { type: "message", role: "user", content: "read a" },
      { type: "function_call", call_id: "call_1", name: "read_file", arguments: "{" },
      { type: "function_call_output", call_id: "call_1", output: expect.stringContaining("not JSON") },
    ]);
  });
});

describe("a responses stream", () => {
  const created = event("response.created", { response: { id: "resp_1" } }, 0);

  it("holds the lifecycle preamble, then passes it with the first text delta, as a text event", () => {
    const codec = stream.createCodec({ maxHeldBytes: 1 << 20, reading });
    expect(codec.decode(created, "response.created")).toEqual([]);
    const delta = event("response.output_text.delta", { output_index: 0, delta: "Hi" }, 1);
    const events = codec.decode(delta, "response.output_text.delta");
    expect(events.map((item) => item.kind)).toEqual(["pass", "text"]);
    expect(events[1]).toMatchObject({ kind: "text", choice: 0, text: "Hi" });
    expect(events.map((item) => (item.kind === "pass" || item.kind === "text" ? codec.encode(item.payload) : "")).join("")).toBe(
      `event: response.created\ndata: ${created}\n\nevent: response.output_text.delta\ndata: ${delta}\n\n`,
    );
  });

  it("holds back text that may begin a call written as text, and passes it at once when reading such calls is off", () => {
    const added = event("response.output_item.added", { output_index: 0, item: { type: "message", id: "msg_1", role: "assistant", content: [] } }, 1);
    const delta = event("response.output_text.delta", { output_index: 0, item_id: "msg_1", content_index: 0, delta: '<tool_call>{"name": "read_file"' }, 2);
    const texts = (codec: ReturnType<typeof stream.createCodec>) => {
      codec.decode(created, "response.created");
      codec.decode(added, "response.output_item.added");
      return codec.decode(delta, "response.output_text.delta").filter((item) => item.kind === "text");
    };
    expect(texts(stream.createCodec({ maxHeldBytes: 1 << 20, reading }))).toEqual([]);
    expect(texts(stream.createCodec({ maxHeldBytes: 1 << 20, reading: { ...reading, textCalls: false } }))).toMatchObject([{ text: '<tool_call>{"name": "read_file"' }]);
  });

  it("holds the turn from its first function call to its terminal event, then releases it repaired", () => {
    const codec = stream.createCodec({ maxHeldBytes: 1 << 20, reading });
    codec.decode(created, "response.created");
    const added = event("response.output_item.added", { output_index: 0, item: { type: "function_call", id: "fc_1", call_id: "call_1", name: "read_file", arguments: "" } }, 1);
    expect(codec.decode(added, "response.output_item.added")).toEqual([]);
    expect(codec.decode(event("response.function_call_arguments.delta", { output_index: 0, item_id: "fc_1", delta: "{'path': 'a'}" }, 2), undefined)).toEqual([]);
    const terminal = event("response.completed", { response: { id: "resp_1", output: [functionCall("call_1", "{'path': 'a'}")] } }, 3);
    const [finished] = codec.decode(terminal, "response.completed");
    if (finished?.kind !== "calls") throw new Error("expected the calls");
    const [call] = finished.calls.calls;
    expect(call).toMatchObject({ id: "call_1", itemId: "fc_1", output: 0, arguments: "{'path': 'a'}", param: "output[0].arguments" });
    const out = codec.encodeCalls(finished.calls, [repaired(call!, '{"path":"a"}')], true);
    expect(out).not.toContain("{'path'");
    expect(out).toContain('"delta":"{\\"path\\":\\"a\\"}"');
    expect(codec.original(finished.calls)).toMatchObject({ id: "resp_1" });
  });

  it("releases a split call as each of its calls in turn, moving the items after it", () => {
    const codec = stream.createCodec({ maxHeldBytes: 1 << 20, reading });
    codec.decode(created, "response.created");
    const item = (output: number, id: string, name: string) => ({ output_index: output, item: { type: "function_call", id: `fc_${id}`, call_id: id, name, arguments: "" } });
    const parallelArguments = '{"tool_uses":[]}';
    const sent = [
      event("response.output_item.added", item(0, "call_p", "multi_tool_use.parallel"), 1),
      event("response.function_call_arguments.delta", { output_index: 0, item_id: "fc_call_p", delta: parallelArguments }, 2),
      event("response.output_item.done", { output_index: 0, item: { ...item(0, "call_p", "multi_tool_use.parallel").item, arguments: parallelArguments, status: "completed" } }, 3),
      event("response.output_item.added", item(1, "call_2", "read_file"), 4),
      event("response.output_item.done", { output_index: 1, item: { ...item(1, "call_2", "read_file").item, arguments: "{}", status: "completed" } }, 5),
    ];
    for (const data of sent) expect(codec.decode(data, undefined)).toEqual([]);
    const output = [{ ...functionCall("call_p", parallelArguments), name: "multi_tool_use.parallel" }, functionCall("call_2", "{}")];
    const [finished] = codec.decode(event("response.completed", { response: { id: "resp_1", output } }, 6), undefined);
    if (finished?.kind !== "calls") throw new Error("expected the calls");
    const [parallel, last] = finished.calls.calls;
    const members = [{ name: "read_file", arguments: '{"path":"1"}' }, { name: "list_dir", arguments: '{"dir":"2"}' }];
    const out = codec.encodeCalls(finished.calls, [split(parallel!, members), { call: last!, policy: feedbackPolicy, outcome: { kind: "valid", name: "read_file" } }], true);
    const all = out
      .split("\n\n")
      .filter((block) => block !== "")
      .map((block) => JSON.parse(block.slice(block.indexOf("data: ") + 6)) as JsonObject);
    expect(all.map((value) => value.sequence_number)).toEqual(all.map((_value, index) => index));
    const events = all.filter((value) => value.type !== "response.created");
    expect(events.map((value) => [value.type, value.output_index])).toEqual([
      ["response.output_item.added", 0],
      ["response.function_call_arguments.delta", 0],
      ["response.function_call_arguments.done", 0],
      ["response.output_item.done", 0],
      ["response.output_item.added", 1],
      ["response.function_call_arguments.delta", 1],
      ["response.function_call_arguments.done", 1],
      ["response.output_item.done", 1],
      ["response.output_item.added", 2],
      ["response.output_item.done", 2],
      ["response.completed", undefined],
    ]);
    const done = events.filter((value) => value.type === "response.output_item.done").map((value) => value.item);
    const expected = [
      { type: "function_call", id: "fc_call_p_1", call_id: "call_p_1", name: "read_file", arguments: '{"path":"1"}', status: "completed" },
      { type: "function_call", id: "fc_call_p_2", call_id: "call_p_2", name: "list_dir", arguments: '{"dir":"2"}', status: "completed" },
      { ...item(1, "call_2", "read_file").item, arguments: "{}", status: "completed" },
    ];
    expect(done).toEqual(expected);
    expect(events[1]).toMatchObject({ item_id: "fc_call_p_1", delta: '{"path":"1"}' });
    expect((events.at(-1)!.response as JsonObject).output).toEqual([expected[0], expected[1], functionCall("call_2", "{}")]);
  });

  it("encodes its own errors as an error event with the next sequence number", () => {
    const codec = stream.createCodec({ maxHeldBytes: 1 << 20, reading });
    const [passed] = codec.decode(event("response.output_text.delta", { output_index: 0, delta: "x" }, 0), undefined);
    if (passed?.kind !== "text") throw new Error("expected text");
    codec.encode(passed.payload);
    const out = codec.encodeError({ message: "m", type: "upstream_error", code: "upstream_stream_failed", param: null });
    expect(out.startsWith("event: error\n")).toBe(true);
    expect(out).toContain('"sequence_number":1');
  });

  it("ends a stream cut before its terminal event in failure", () => {
    const codec = stream.createCodec({ maxHeldBytes: 1 << 20, reading });
    expect(codec.end()).toEqual([{ kind: "failure", message: "The upstream stream ended before it was complete." }]);
    expect(stream.continuesAfterOutput).toBe(false);
  });
});
