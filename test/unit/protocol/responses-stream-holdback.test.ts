import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../src/json.ts";
import { createResponsesStreamAssembler, type ResponsesStreamAction, type ResponsesStreamEvent } from "../../../src/protocol/responses-stream.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";
import { responseEvents, type OutputSpec } from "../../support/responses-upstream.ts";

const tools: ToolDefinition[] = [{ name: "get_time", parameters: { type: "object", properties: { tz: { type: "string" } } } }];
const call = '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>';

function run(specs: OutputSpec[]): ResponsesStreamAction[] {
  const assembler = createResponsesStreamAssembler({ text: { tools } });
  const split = (text: string) => text.match(/[\s\S]{1,5}/g) ?? [];
  const events = responseEvents(specs, { split });
  return [...events.flatMap((event) => assembler.push(JSON.stringify(event), String(event.type))), ...assembler.end()];
}

const forwarded = (actions: ResponsesStreamAction[]): ResponsesStreamEvent[] =>
  actions.flatMap((action) => (action.kind === "forward" ? action.events : []));
const types = (events: readonly ResponsesStreamEvent[]) => events.map((event) => event.value?.type);
const finishedOf = (actions: ResponsesStreamAction[]) => actions.find((action) => action.kind === "turn_finished") as Extract<ResponsesStreamAction, { kind: "turn_finished" }>;
const deltaText = (events: readonly ResponsesStreamEvent[]) =>
  events.filter((event) => event.value?.type === "response.output_text.delta").map((event) => event.value!.delta as string).join("");

describe("responses stream: calls written as text", () => {
  it("holds a message that is all call, lifecycle included, and turns it into a function_call item", () => {
    const actions = run([{ kind: "text", text: call }]);
    expect(forwarded(actions)).toEqual([]);
    const finished = finishedOf(actions);
    expect(finished.extracted).toBe(1);
    expect(finished.calls).toEqual([expect.objectContaining({ output: 0, name: "get_time", arguments: '{"tz":"UTC"}', finishReason: "stop" })]);
    // The message is gone: the item takes its place, in the events and in the terminal response.
    expect(types(finished.held)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.done",
      "response.output_item.done",
    ]);
    const output = (finished.terminal.value!.response as JsonObject).output as JsonObject[];
    expect(output.map((item) => [item.type, item.name])).toEqual([["function_call", "get_time"]]);
    expect(output[0]!.id).toBe(finished.calls[0]!.itemId);
  });

  it("sends the prose before a call at once and keeps it in the message", () => {
    const actions = run([{ kind: "text", text: `Let me check.\n${call}` }]);
    const sent = forwarded(actions);
    expect(deltaText(sent)).toBe("Let me check.\n");
    const finished = finishedOf(actions);
    expect(finished.calls.map((found) => found.output)).toEqual([1]);
    const done = finished.held.find((event) => event.value?.type === "response.output_item.done" && (event.value.item as JsonObject).type === "message")!;
    expect(((done.value!.item as JsonObject).content as JsonObject[])[0]!.text).toBe("Let me check.\n");
    const output = (finished.terminal.value!.response as JsonObject).output as JsonObject[];
    expect(output.map((item) => item.type)).toEqual(["message", "function_call"]);
  });

  it("passes prose through as it came", () => {
    const actions = run([{ kind: "text", text: "The time in Paris is {noon} <b>now</b>." }]);
    expect(actions.every((action) => action.kind === "forward")).toBe(true);
    expect(deltaText(forwarded(actions))).toBe("The time in Paris is {noon} <b>now</b>.");
  });

  it("releases held text that is no call as a delta before the message's end", () => {
    const actions = run([{ kind: "text", text: "Try <tool_call>later</tool_call>" }]);
    expect(actions.some((action) => action.kind === "turn_finished")).toBe(false);
    const sent = forwarded(actions);
    expect(deltaText(sent)).toBe("Try <tool_call>later</tool_call>");
    const lastDelta = types(sent).lastIndexOf("response.output_text.delta");
    expect(types(sent).indexOf("response.output_text.done")).toBeGreaterThan(lastDelta);
  });

  it("keeps the text as text when the turn has a function call of its own", () => {
    const actions = run([
      { kind: "text", text: call },
      { kind: "call", name: "get_time", arguments: '{"tz":"CET"}' },
    ]);
    const finished = finishedOf(actions);
    expect(finished.extracted).toBe(0);
    expect(finished.calls.map((found) => found.arguments)).toEqual(['{"tz":"CET"}']);
    expect(deltaText(finished.held)).toBe(call);
  });
});

describe("responses stream: a message after the turn is held", () => {
  it("is announced in its place when its held text goes out as text", () => {
    const opening = '<tool_call>{"name": "get_time", "arguments": {"tz": ';
    const finished = finishedOf(run([{ kind: "call", name: "get_time", arguments: '{"tz":"CET"}' }, { kind: "text", text: opening }]));
    const ofMessage = finished.held.filter((event) => event.value?.output_index === 1);
    expect(types(ofMessage)).toEqual([
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
    ]);
    expect(deltaText(ofMessage)).toBe(opening);
  });
});
