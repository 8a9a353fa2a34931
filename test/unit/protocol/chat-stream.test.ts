import { describe, expect, it } from "vitest";
import type { ChatStreamAction, ChoiceFinished } from "../../../src/protocol/chat-chunk.ts";
import { createChatStreamAssembler, type ChatStreamAssemblerOptions } from "../../../src/protocol/chat-stream.ts";
import { chunk, counterIds } from "./stream-helpers.ts";

function assembler(options: ChatStreamAssemblerOptions = {}) {
  return createChatStreamAssembler({ createToolCallId: counterIds(), ...options });
}

/** Push every payload, then end; all actions in order. */
function run(payloads: readonly string[], options: ChatStreamAssemblerOptions = {}): ChatStreamAction[] {
  const stream = assembler(options);
  return [...payloads.flatMap((data) => stream.push(data)), ...stream.end()];
}

const finishedOf = (actions: ChatStreamAction[]): ChoiceFinished => {
  const found = actions.filter((action): action is ChoiceFinished => action.kind === "choice_finished");
  expect(found).toHaveLength(1);
  return found[0]!;
};

const call = (fields: Record<string, unknown>) => ({ tool_calls: [fields] });
const fn = (name: string | undefined, args: unknown, extra: Record<string, unknown> = {}) => ({
  ...(name === undefined ? {} : { name }),
  arguments: args,
  ...extra,
});
const ROLE = chunk({ role: "assistant", content: null });
const DONE = "[DONE]";

describe("text passes, role waits", () => {
  it("holds a role-only chunk and sends it, as received, just before the first text", () => {
    const stream = assembler();
    const text = chunk({ content: "Hi" });
    expect(stream.push(ROLE)).toEqual([]);
    expect(stream.push(text)).toEqual([
      { kind: "forward", data: ROLE },
      { kind: "forward", data: text, text: { choice: 0, text: "Hi" } },
    ]);
  });

  it.each([
    ["content null", { role: "assistant", content: null }],
    ['content ""', { role: "assistant", content: "" }],
    ["role alone", { role: "assistant" }],
    ["refusal null (OpenAI)", { role: "assistant", content: null, refusal: null }],
  ])("treats %s as role-only", (_name, delta) => {
    expect(assembler().push(chunk(delta))).toEqual([]);
  });

  it.each([
    ["reasoning_content (vLLM, DeepSeek)", { reasoning_content: "thinking" }],
    ["reasoning (OpenRouter)", { reasoning: "thinking" }],
    ["refusal", { refusal: "I can't" }],
  ])("forwards %s at once: it is text the client waits for", (_name, delta) => {
    const data = chunk(delta);
    expect(assembler().push(data)).toEqual([{ kind: "forward", data }]);
  });

  it("keeps only the first of repeated role-only chunks while holding (Ollama repeats the role)", () => {
    const stream = assembler();
    stream.push(ROLE);
    expect(stream.push(chunk({ role: "assistant", content: "" }))).toEqual([]);
    const text = chunk({ content: "x" });
    expect(stream.push(text)).toEqual([
      { kind: "forward", data: ROLE },
      { kind: "forward", data: text, text: { choice: 0, text: "x" } },
    ]);
  });

  it("releases the role before a finish without calls (an empty answer)", () => {
    const finish = chunk({}, "stop");
    expect(run([ROLE, finish, DONE])).toEqual([
      { kind: "forward", data: ROLE },
      { kind: "forward", data: finish },
      { kind: "done" },
    ]);
  });

  it("forwards empty deltas as received once the choice is visible", () => {
    const empty = chunk({});
    expect(run([chunk({ content: "a" }), empty, DONE]).filter((action) => action.kind === "forward")).toHaveLength(2);
  });

  it("splits a chunk carrying text and a tool-call delta: the text goes now, the call waits", () => {
    const stream = assembler();
    stream.push(ROLE);
    const mixed = chunk({ content: "Let me check.", ...call({ index: 0, id: "call_1", type: "function", function: fn("f", "{}") }) });
    const actions = stream.push(mixed);
    expect(actions).toHaveLength(2);
    expect(actions[0]).toEqual({ kind: "forward", data: ROLE });
    const sent = JSON.parse((actions[1] as { data: string }).data);
    expect(sent.choices).toEqual([{ index: 0, delta: { content: "Let me check." }, finish_reason: null }]);
    expect(sent.id).toBe("chatcmpl-test");
    const finish = finishedOf(stream.push(chunk({}, "tool_calls")));
    expect(finish.heldRole).toBeUndefined();
    expect(finish.calls.map((c) => [c.id, c.name, c.arguments])).toEqual([["call_1", "f", "{}"]]);
  });

  it("holds the role part of a chunk that carries the role and the first call delta together", () => {
    const first = chunk({ role: "assistant", content: null, ...call({ index: 0, id: "call_1", type: "function", function: fn("python", "") }), refusal: null });
    const actions = run([first, chunk(call({ index: 0, function: fn(undefined, "{}") })), chunk({}, "tool_calls"), DONE]);
    const finish = finishedOf(actions);
    expect(finish.heldRole).toEqual({ ...JSON.parse(first), choices: [{ index: 0, delta: { role: "assistant", content: null, refusal: null }, finish_reason: null }] });
  });

  it("sends text that rides on the finish chunk now and hands the finish over after", () => {
    const stream = assembler();
    stream.push(chunk(call({ index: 0, id: "c", function: fn("f", "{}") })));
    const actions = stream.push(chunk({ content: "done" }, "tool_calls"));
    expect(actions.map((action) => action.kind)).toEqual(["forward", "choice_finished"]);
    expect(JSON.parse((actions[0] as { data: string }).data).choices[0]).toEqual({ index: 0, delta: { content: "done" }, finish_reason: null });
    const finish = actions[1] as ChoiceFinished;
    expect((finish.finishChunk.choices as unknown[])[0]).toEqual({ index: 0, delta: {}, finish_reason: "tool_calls" });
  });
});

describe("tool-call quirks", () => {
  const assemble = (deltas: Record<string, unknown>[], finishReason = "tool_calls", options: ChatStreamAssemblerOptions = {}) =>
    finishedOf(run([...deltas.map((delta) => chunk(call(delta))), chunk({}, finishReason), DONE], options));

  it.each([
    {
      name: "OpenAI: id, type and name first, argument fragments after",
      deltas: [
        { index: 0, id: "call_a", type: "function", function: fn("get_weather", "") },
        { index: 0, function: fn(undefined, '{"lo') },
        { index: 0, function: fn(undefined, 'cation":"Paris"}') },
      ],
      calls: [["call_a", "get_weather", '{"location":"Paris"}']],
    },
    {
      name: "no index: a new id starts a call, a delta without id continues the last",
      deltas: [
        { id: "a", function: fn("f", '{"x":') },
        { function: fn(undefined, "1}") },
        { id: "b", function: fn("g", "{}") },
      ],
      calls: [
        ["a", "f", '{"x":1}'],
        ["b", "g", "{}"],
      ],
    },
    {
      name: "no index: the same id repeated continues its call",
      deltas: [
        { id: "a", function: fn("f", '{"x":') },
        { id: "a", function: fn(undefined, "1}") },
      ],
      calls: [["a", "f", '{"x":1}']],
    },
    {
      name: "index 0 reused with a new id starts a new call (Ollama, vLLM)",
      deltas: [
        { index: 0, id: "a", function: fn("f", "{}") },
        { index: 0, id: "b", function: fn("g", "{}") },
      ],
      calls: [
        ["a", "f", "{}"],
        ["b", "g", "{}"],
      ],
    },
    {
      name: "the same id repeated on every delta (SGLang) stays one call",
      deltas: [
        { index: 0, id: "0", function: fn("f", "") },
        { index: 0, id: "0", function: fn(undefined, '{"a":1}') },
      ],
      calls: [["0", "f", '{"a":1}']],
    },
    {
      name: 'id "" on continuation deltas (vLLM, DashScope) is no id',
      deltas: [
        { index: 0, id: "x1", type: "function", function: fn("f", "") },
        { index: 0, id: "", type: "function", function: fn(undefined, "{}") },
      ],
      calls: [["x1", "f", "{}"]],
    },
    {
      name: "interleaved parallel deltas by index",
      deltas: [
        { index: 0, id: "a", function: fn("f", '{"a":') },
        { index: 1, id: "b", function: fn("g", '{"b":') },
        { index: 1, function: fn(undefined, "2}") },
        { index: 0, function: fn(undefined, "1}") },
      ],
      calls: [
        ["a", "f", '{"a":1}'],
        ["b", "g", '{"b":2}'],
      ],
    },
    {
      name: "indexes that do not start at 0 are renumbered (Bedrock gateways start at 1)",
      deltas: [{ index: 1, id: "t", function: fn("f", "{}") }],
      calls: [["t", "f", "{}"]],
    },
    {
      name: "name sent in pieces is concatenated",
      deltas: [
        { index: 0, id: "a", function: fn("read", "") },
        { index: 0, function: fn("_file", "{}") },
      ],
      calls: [["a", "read_file", "{}"]],
    },
    {
      name: "name repeated whole in every delta is not doubled",
      deltas: [
        { index: 0, id: "a", function: fn("read_file", '{"p":') },
        { index: 0, function: fn("read_file", '"x"}') },
        { index: 0, function: fn("read_file", "") },
      ],
      calls: [["a", "read_file", '{"p":"x"}']],
    },
    {
      name: 'name "" on continuations is nothing (OCI, gpt-5.2 through gateways)',
      deltas: [
        { index: 0, id: "a", function: fn("f", "") },
        { index: 0, function: fn("", "{}") },
      ],
      calls: [["a", "f", "{}"]],
    },
    {
      name: "arguments sent as an object are stringified whole (Ollama, LM Studio)",
      deltas: [{ index: 0, id: "a", function: fn("f", { path: "a.txt", limit: 3 }) }],
      calls: [["a", "f", '{"path":"a.txt","limit":3}']],
    },
    {
      name: "arguments null adds nothing",
      deltas: [
        { index: 0, id: "a", function: fn("f", null) },
        { index: 0, function: fn(undefined, "{}") },
        { index: 0, function: fn(undefined, null) },
      ],
      calls: [["a", "f", "{}"]],
    },
    {
      name: "a call with no arguments at all keeps an empty string (the schema decides later)",
      deltas: [{ index: 0, id: "a", function: { name: "f" } }],
      calls: [["a", "f", ""]],
    },
  ])("$name", ({ deltas, calls }) => {
    const finish = assemble(deltas);
    expect(finish.calls.map((c) => [c.id, c.name, c.arguments])).toEqual(calls);
    expect(finish.calls.map((c) => c.index)).toEqual(calls.map((_, position) => position));
    expect(finish.calls.every((c) => c.type === "function")).toBe(true);
  });

  it.each([
    ["missing", { index: 0, function: fn("f", "{}") }],
    ["empty", { index: 0, id: "", function: fn("f", "{}") }],
  ])("synthesises 9 alphanumerics for a %s id", (_name, delta) => {
    const finish = assemble([delta], "tool_calls", { createToolCallId: undefined });
    expect(finish.calls[0]!.id).toMatch(/^[A-Za-z0-9]{9}$/);
  });

  it("keeps unknown fields on the call and on function verbatim; a later null does not erase them", () => {
    const signature = { google: { thought_signature: "EjQKMg" } };
    const finish = assemble([
      { index: 0, id: "a", type: "function", function: fn("f", "", { thought_signature: "sig" }), extra_content: signature },
      { index: 0, function: fn(undefined, "{}", { thought_signature: null }), extra_content: null },
    ]);
    expect(finish.calls[0]).toMatchObject({ extra: { extra_content: signature }, functionExtra: { thought_signature: "sig" } });
  });

  it("merges a metadata-only delta (Gemini's standalone thought signature) into the call it follows", () => {
    const finish = assemble([{ id: "a", function: fn("f", "{}") }, { extra_content: { google: { thought_signature: "s" } } }]);
    expect(finish.calls).toHaveLength(1);
    expect(finish.calls[0]!.extra).toEqual({ extra_content: { google: { thought_signature: "s" } } });
  });
});

describe("finish reasons", () => {
  const toolDelta = chunk(call({ index: 0, id: "a", function: fn("f", "{}") }));

  it('normalises "stop" on a choice with calls to "tool_calls" (Gemini)', () => {
    const finish = finishedOf(run([toolDelta, chunk({}, "stop"), DONE]));
    expect(finish.finishReason).toBe("tool_calls");
    expect((finish.finishChunk.choices as { finish_reason: string }[])[0]!.finish_reason).toBe("tool_calls");
  });

  it('reports "length" as is: repair needs to know the arguments were cut', () => {
    expect(finishedOf(run([toolDelta, chunk({}, "length"), DONE])).finishReason).toBe("length");
  });

  it('reports "tool_calls" with no call at all as inconsistent', () => {
    const finish = finishedOf(run([ROLE, chunk({}, "tool_calls"), DONE]));
    expect(finish).toMatchObject({ calls: [], inconsistent: true, finishReason: "tool_calls" });
    expect(finish.heldRole).toBeDefined();
  });

  it('treats a second "tool_calls" echo on a choice already handed over as an ordinary chunk', () => {
    const echo = chunk({}, "tool_calls");
    const actions = run([toolDelta, chunk({}, "tool_calls"), echo, DONE]);
    expect(actions.filter((action) => action.kind === "choice_finished")).toHaveLength(1);
    expect(actions).toContainEqual({ kind: "forward", data: echo });
  });

  it("keeps the finish chunk's envelope and extras (usage, llama.cpp timings)", () => {
    const finish = finishedOf(run([toolDelta, chunk({}, "tool_calls", { usage: { total_tokens: 3 }, timings: { predicted_n: 2 } }), DONE]));
    expect(finish.finishChunk).toMatchObject({ id: "chatcmpl-test", model: "m", usage: { total_tokens: 3 }, timings: { predicted_n: 2 } });
  });

  it("closes a choice that never got a finish reason at [DONE], flagged", () => {
    const actions = run([ROLE, toolDelta, DONE]);
    expect(actions.map((action) => action.kind)).toEqual(["choice_finished", "done"]);
    expect(finishedOf(actions)).toMatchObject({ finishReason: "tool_calls", calls: [{ id: "a" }] });
  });

  it("each choice of n > 1 finishes on its own", () => {
    const two = (deltas: unknown[], reasons: (string | null)[]) =>
      JSON.stringify({ id: "x", choices: deltas.map((delta, index) => ({ index, delta, finish_reason: reasons[index] ?? null })) });
    const stream = assembler();
    expect(stream.push(two([{ role: "assistant" }, { role: "assistant" }], []))).toEqual([]);
    const first = stream.push(two([{ content: "hello" }, call({ index: 0, id: "c1", function: fn("f", "{}") })], []));
    expect(first.map((action) => action.kind)).toEqual(["forward", "forward"]);
    expect(JSON.parse((first[0] as { data: string }).data).choices).toEqual([{ index: 0, delta: { role: "assistant" }, finish_reason: null }]);
    expect(JSON.parse((first[1] as { data: string }).data).choices).toEqual([{ index: 0, delta: { content: "hello" }, finish_reason: null }]);
    const last = stream.push(two([{}, {}], ["stop", "tool_calls"]));
    expect(last.map((action) => action.kind)).toEqual(["forward", "choice_finished"]);
    expect(JSON.parse((last[0] as { data: string }).data).choices).toEqual([{ index: 0, delta: {}, finish_reason: "stop" }]);
    expect(last[1]).toMatchObject({ choiceIndex: 1, calls: [{ id: "c1" }], heldRole: { choices: [{ index: 1, delta: { role: "assistant" } }] } });
  });
});

describe("what passes untouched", () => {
  it.each([
    ["not JSON", "hello world"],
    ["a JSON string", '"x"'],
    ["a JSON array", "[1,2]"],
  ])("forwards a payload that is %s", (_name, data) => {
    expect(assembler().push(data)).toEqual([{ kind: "forward", data }]);
  });

  it.each([["[DONE]"], [" [DONE]"], ["[DONE] "]])("recognises %j", (data) => {
    expect(assembler().push(data)).toEqual([{ kind: "done" }]);
  });

  it("forwards unknown fields and chunks without choices once something was sent", () => {
    const stream = assembler();
    const text = chunk({ content: "a", weird: { x: 1 } }, null, { vendor: true });
    expect(stream.push(text)).toEqual([{ kind: "forward", data: text, text: { choice: 0, text: "a" } }]);
    const usage = JSON.stringify({ id: "x", choices: [], usage: { total_tokens: 1 } });
    expect(stream.push(usage)).toEqual([{ kind: "forward", data: usage }]);
  });

  it("holds chunks without choices that come before anything was sent (Azure's prompt_filter_results)", () => {
    const filter = JSON.stringify({ choices: [], created: 0, id: "", model: "", object: "", prompt_filter_results: [{ prompt_index: 0 }] });
    const stream = assembler();
    expect(stream.push(filter)).toEqual([]);
    expect(stream.push(ROLE)).toEqual([]);
    const text = chunk({ content: "a" });
    expect(stream.push(text)).toEqual([
      { kind: "forward", data: filter },
      { kind: "forward", data: ROLE },
      { kind: "forward", data: text, text: { choice: 0, text: "a" } },
    ]);
  });

  it("hands held preamble chunks to the route with the calls of a tool-only turn", () => {
    const filter = JSON.stringify({ choices: [], prompt_filter_results: [] });
    const finish = finishedOf(run([filter, ROLE, chunk(call({ index: 0, id: "a", function: fn("f", "{}") })), chunk({}, "tool_calls"), DONE]));
    expect(finish.prelude).toEqual([filter]);
  });
});

describe("errors mid-stream", () => {
  it.each([
    [
      "OpenAI / SGLang",
      { error: { message: "boom", type: "server_error", code: "internal", param: null } },
      { message: "boom", type: "server_error", code: "internal", param: null },
    ],
    ["a bare string", { error: "rate limited" }, { message: "rate limited", type: "server_error", code: null, param: null }],
    [
      "Anthropic-style",
      { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
      { message: "Overloaded", type: "overloaded_error", code: null, param: null },
    ],
    [
      "older vLLM",
      { object: "error", message: "max tokens exceeded", type: "BadRequestError", param: null, code: 400 },
      { message: "max tokens exceeded", type: "BadRequestError", code: 400, param: null },
    ],
    ["FastAPI detail", { detail: "Not Found" }, { message: "Not Found", type: "server_error", code: null, param: null }],
    [
      "FastAPI validation detail",
      { detail: [{ loc: ["body"], msg: "field required" }] },
      { message: '[{"loc":["body"],"msg":"field required"}]', type: "server_error", code: null, param: null },
    ],
    [
      "OpenRouter (error on a chunk)",
      { id: "gen", choices: [{ index: 0, delta: { content: "" }, finish_reason: "error" }], error: { code: 502, message: "Provider returned error" } },
      { message: "Provider returned error", type: "server_error", code: 502, param: null },
    ],
  ])("normalises %s", (_name, payload, error) => {
    expect(assembler().push(JSON.stringify(payload))).toEqual([{ kind: "error", error }]);
  });

  it.each([
    ["JSON", '{"type":"error","error":{"type":"api_error","message":"Internal"}}', { message: "Internal", type: "api_error", code: null, param: null }],
    ["plain text", "upstream exploded", { message: "upstream exploded", type: "server_error", code: null, param: null }],
  ])("treats an `event: error` SSE event with %s data as an error", (_name, data, error) => {
    expect(assembler().push(data, "error")).toEqual([{ kind: "error", error }]);
  });

  it("ignores error: null on an ordinary chunk", () => {
    const data = chunk({ content: "a" }, null, { error: null });
    expect(assembler().push(data)).toEqual([{ kind: "forward", data, text: { choice: 0, text: "a" } }]);
  });
});

describe("the end of the stream", () => {
  it("is truncated when neither [DONE] nor a finish reason came, and reports what was held", () => {
    const actions = run([ROLE, chunk(call({ index: 0, id: "a", function: fn("f", '{"x":') }))]);
    expect(actions).toEqual([
      {
        kind: "truncated_stream",
        choices: [{ choiceIndex: 0, heldRole: JSON.parse(ROLE), calls: [{ index: 0, id: "a", type: "function", name: "f", arguments: '{"x":', extra: {}, functionExtra: {} }] }],
      },
    ]);
  });

  it("is truncated when text stopped without a finish reason", () => {
    const actions = run([chunk({ content: "half a sent" })]);
    expect(actions.at(-1)).toEqual({ kind: "truncated_stream", choices: [{ choiceIndex: 0, heldRole: undefined, calls: [] }] });
  });

  it("is truncated when nothing came at all", () => {
    expect(run([])).toEqual([{ kind: "truncated_stream", choices: [] }]);
  });

  it("is complete when every choice finished even without [DONE]", () => {
    expect(run([chunk({ content: "a" }), chunk({}, "stop")]).map((action) => action.kind)).toEqual(["forward", "forward"]);
  });

  it("reports nothing more after an error: the error is the outcome", () => {
    expect(run([chunk({ content: "a" }), JSON.stringify({ error: "x" })]).map((action) => action.kind)).toEqual(["forward", "error"]);
  });
});

describe("bounds", () => {
  it("stops with too_large when held arguments outgrow the bound, and accepts nothing after", () => {
    const stream = assembler({ maxHeldArgumentsBytes: 16 });
    expect(stream.push(chunk(call({ index: 0, id: "a", function: fn("f", '{"a":"0123') })))).toEqual([]);
    expect(stream.push(chunk(call({ index: 0, function: fn(undefined, '456789"}') })))).toEqual([{ kind: "too_large", limit: 16 }]);
    expect(stream.push(chunk({}, "tool_calls"))).toEqual([]);
    expect(stream.end()).toEqual([]);
  });

  it("counts the bound across calls and in UTF-8 bytes", () => {
    const stream = assembler({ maxHeldArgumentsBytes: 10 });
    expect(stream.push(chunk(call({ index: 0, id: "a", function: fn("f", "杭州") })))).toEqual([]);
    expect(stream.push(chunk(call({ index: 1, id: "b", function: fn("f", "杭州") })))).toEqual([{ kind: "too_large", limit: 10 }]);
  });
});
