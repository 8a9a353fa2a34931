import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createResponsesStreamAssembler, type ResponsesStreamAction, type ResponsesStreamEvent } from "../../../src/protocol/responses-stream.ts";
import { createSequencer, encodeResponsesStreamError, releaseTurn, type CallRepair } from "../../../src/protocol/responses-stream-encode.ts";
import { createSseParser } from "../../../src/protocol/sse.ts";

type Json = Record<string, unknown>;

const readFixture = (name: string): string => readFileSync(new URL(`../../fixtures/responses/${name}`, import.meta.url), "utf8");

/** The fixture without its leading source comment: what the upstream sent. */
const eventsOf = (text: string): string => text.slice(text.indexOf("\n\n") + 2);

function run(text: string, chunk = 97): ResponsesStreamAction[] {
  const parser = createSseParser();
  const assembler = createResponsesStreamAssembler();
  const actions: ResponsesStreamAction[] = [];
  const bytes = Buffer.from(text);
  const items = [];
  for (let start = 0; start < bytes.length; start += chunk) items.push(...parser.push(bytes.subarray(start, start + chunk)));
  items.push(...parser.end());
  for (const item of items) if (item.kind === "event") actions.push(...assembler.push(item.data, item.event));
  actions.push(...assembler.end());
  return actions;
}

/** What a client would receive: held turns released with `repairs`, everything renumbered. */
function output(actions: ResponsesStreamAction[], repairs: (turn: Extract<ResponsesStreamAction, { kind: "turn_finished" }>) => CallRepair[] = () => []): string {
  const sequencer = createSequencer();
  let text = "";
  const send = (events: readonly ResponsesStreamEvent[]) => {
    for (const event of events) text += sequencer.encode(event);
  };
  for (const action of actions) {
    if (action.kind === "forward" || action.kind === "error") send(action.events);
    if (action.kind === "turn_finished") send(releaseTurn(action.held, action.terminal, repairs(action)));
  }
  return text;
}

function parsed(text: string): Json[] {
  return text
    .split("\n\n")
    .filter((block) => block.startsWith("event:"))
    .map((block) => JSON.parse(block.slice(block.indexOf("data: ") + 6)) as Json);
}

const event = (value: Json): string => JSON.stringify(value);

describe("responses stream assembler on recorded-shape streams", () => {
  it("holds a tool-only turn whole, preamble included, and assembles the call", () => {
    const actions = run(eventsOf(readFixture("openai-function-call.sse")));
    expect(actions.map((action) => action.kind)).toEqual(["turn_finished"]);
    const turn = actions[0] as Extract<ResponsesStreamAction, { kind: "turn_finished" }>;
    expect(turn.calls).toEqual([
      {
        output: 0,
        itemId: "fc_0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6072",
        callId: "call_Q2w3E4r5T6y7U8i9O0p1A2s3",
        name: "read_file",
        arguments: '{"path":"notes.txt","limit":null}',
        finishReason: "stop",
      },
    ]);
    expect(turn.held.map((held) => held.value?.type)).toContain("response.created");
    expect(turn.terminal.value?.type).toBe("response.completed");
  });

  it("gives a valid turn back byte for byte", () => {
    for (const name of ["openai-function-call.sse", "openai-text-then-calls.sse"]) {
      const upstream = eventsOf(readFixture(name));
      expect(output(run(upstream))).toBe(upstream);
      expect(output(run(upstream, 1))).toBe(upstream);
    }
  });

  it("lets text out before the first call and holds from the call on", () => {
    const actions = run(eventsOf(readFixture("openai-text-then-calls.sse")));
    const forwarded = actions.flatMap((action) => (action.kind === "forward" ? action.events.map((held) => held.value?.type) : []));
    expect(forwarded[0]).toBe("response.created");
    expect(forwarded).toContain("response.output_text.delta");
    expect(forwarded).not.toContain("response.function_call_arguments.delta");
    const turn = actions.at(-1) as Extract<ResponsesStreamAction, { kind: "turn_finished" }>;
    expect(turn.calls.map((call) => [call.output, call.arguments])).toEqual([
      [1, '{"path":"a.txt","limit":null}'],
      [2, '{"path":"b.txt","limit":"3"}'],
    ]);
  });

  it("writes a repair into every event that carries the arguments, and renumbers", () => {
    const repaired = '{"path":"b.txt","limit":3}';
    const text = output(run(eventsOf(readFixture("openai-text-then-calls.sse"))), (turn) => {
      const call = turn.calls[1]!;
      return [{ output: call.output, itemId: call.itemId, callId: call.callId, calls: [{ name: call.name, arguments: repaired }] }];
    });
    const events = parsed(text);
    expect(events.map((value) => value.sequence_number)).toEqual(events.map((_value, index) => index));
    const ofCall = events.filter((value) => value.output_index === 2);
    expect(ofCall.map((value) => value.type)).toEqual([
      "response.output_item.added",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.done",
      "response.output_item.done",
    ]);
    expect(ofCall[0]!.item).toMatchObject({ arguments: "", status: "in_progress" });
    expect(ofCall[1]!.delta).toBe(repaired);
    expect(ofCall[2]!.arguments).toBe(repaired);
    expect(ofCall[3]!.item).toMatchObject({ arguments: repaired, call_id: "call_P0o9I8u7Y6t5R4e3W2q1A0s9" });
    const completed = events.at(-1)!.response as { output: Json[] };
    expect(completed.output[2]).toMatchObject({ arguments: repaired });
    expect(completed.output[1]).toMatchObject({ arguments: '{"path":"a.txt","limit":null}' });
    // The untouched call keeps its own deltas.
    expect(events.filter((value) => value.output_index === 1 && value.type === "response.function_call_arguments.delta")).toHaveLength(10);
    // Every event keeps its `event:` line equal to its type.
    for (const block of text.split("\n\n").filter(Boolean)) {
      expect(block.split("\n")[0]).toBe(`event: ${String((JSON.parse(block.slice(block.indexOf("data: ") + 6)) as Json).type)}`);
    }
  });
});

describe("responses stream assembler edge cases", () => {
  const created = { type: "response.created", sequence_number: 0, response: { id: "r", output: [] } };
  const added = { type: "response.output_item.added", sequence_number: 1, output_index: 0, item: { id: "fc_1", type: "function_call", call_id: "c1", name: "read_file", arguments: "" } };

  it("ends without a terminal event as a truncated stream", () => {
    const assembler = createResponsesStreamAssembler();
    expect(assembler.push(event(created), "response.created")).toEqual([]);
    expect(assembler.push(event(added), "response.output_item.added")).toEqual([]);
    expect(assembler.end()).toEqual([{ kind: "truncated_stream" }]);
  });

  it("withdraws held calls on an upstream error, keeping the preamble", () => {
    const assembler = createResponsesStreamAssembler();
    assembler.push(event(created), undefined);
    assembler.push(event(added), undefined);
    const [action] = assembler.push(event({ type: "error", code: "server_error", message: "boom", param: null, sequence_number: 2 }), "error");
    expect(action?.kind).toBe("error");
    expect(action?.kind === "error" && action.events.map((held) => held.value?.type)).toEqual(["response.created", "error"]);
  });

  it("marks calls of a response cut by max_output_tokens", () => {
    const assembler = createResponsesStreamAssembler();
    assembler.push(event(created), undefined);
    assembler.push(event(added), undefined);
    assembler.push(event({ type: "response.function_call_arguments.delta", output_index: 0, item_id: "fc_1", delta: '{"path": "a lo' }), undefined);
    const [action] = assembler.push(
      event({ type: "response.incomplete", response: { id: "r", status: "incomplete", incomplete_details: { reason: "max_output_tokens" }, output: [] } }),
      undefined,
    );
    expect(action?.kind === "turn_finished" && action.calls[0]).toMatchObject({ arguments: '{"path": "a lo', finishReason: "length" });
  });

  it("forwards a failed response's held events unjudged", () => {
    const assembler = createResponsesStreamAssembler();
    assembler.push(event(created), undefined);
    assembler.push(event(added), undefined);
    const [action] = assembler.push(event({ type: "response.failed", response: { id: "r", status: "failed" } }), undefined);
    expect(action?.kind === "forward" && action.events.map((held) => held.value?.type)).toEqual(["response.created", "response.output_item.added", "response.failed"]);
  });

  it("bounds what it holds", () => {
    const assembler = createResponsesStreamAssembler({ maxHeldBytes: 100 });
    assembler.push(event(added), undefined);
    const delta = event({ type: "response.function_call_arguments.delta", output_index: 0, delta: "x".repeat(200) });
    expect(assembler.push(delta, undefined)).toEqual([{ kind: "too_large" }]);
  });

  it("passes data that is not JSON through where it stands", () => {
    const assembler = createResponsesStreamAssembler();
    assembler.push(event({ type: "response.completed", response: { id: "r", output: [] } }), undefined);
    expect(assembler.push("[DONE]", undefined)).toEqual([{ kind: "forward", events: [{ event: undefined, data: "[DONE]", value: undefined }] }]);
  });
});

describe("sequencer and error event", () => {
  it("keeps bytes that already fit and renumbers the rest", () => {
    const sequencer = createSequencer();
    const first = event({ type: "a", sequence_number: 0 });
    expect(sequencer.encode({ event: "a", data: first, value: JSON.parse(first) as Json })).toBe(`event: a\ndata: ${first}\n\n`);
    const late = { type: "b", sequence_number: 7, x: 1 };
    expect(sequencer.encode({ event: undefined, data: event(late), value: late })).toBe(`data: ${event({ type: "b", sequence_number: 1, x: 1 })}\n\n`);
    expect(sequencer.take()).toBe(2);
  });

  it("writes both the documented top-level fields and the nested error", () => {
    const text = encodeResponsesStreamError({ message: "m", type: "invalid_request_error", code: "invalid_tool_call", param: "output[0].arguments", escalation: {} }, 5);
    expect(text.startsWith("event: error\ndata: ")).toBe(true);
    expect(JSON.parse(text.slice(text.indexOf("data: ") + 6))).toEqual({
      type: "error",
      code: "invalid_tool_call",
      message: "m",
      param: "output[0].arguments",
      sequence_number: 5,
      error: { message: "m", type: "invalid_request_error", code: "invalid_tool_call", param: "output[0].arguments", escalation: {} },
    });
  });
});
