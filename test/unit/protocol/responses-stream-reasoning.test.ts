import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../../src/json.ts";
import { createResponsesStreamAssembler, type ResponsesStreamAction, type ResponsesStreamEvent } from "../../../src/protocol/responses-stream.ts";
import { extractReasoningItemCalls } from "../../../src/protocol/responses-reasoning.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";
import { responseEvents, responseWith, type OutputSpec } from "../../support/responses-upstream.ts";

const tools: ToolDefinition[] = [{ name: "get_time", parameters: { type: "object", properties: { tz: { type: "string" } } } }];
const call = '<tool_call>\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n</tool_call>';

function run(specs: OutputSpec[], size = 5): ResponsesStreamAction[] {
  const assembler = createResponsesStreamAssembler({ text: { tools } });
  const split = (text: string) => text.match(new RegExp(`[\\s\\S]{1,${size}}`, "g")) ?? [];
  const events = responseEvents(specs, { split });
  return [...events.flatMap((event) => assembler.push(JSON.stringify(event), String(event.type))), ...assembler.end()];
}

/** Every event the client gets, in order: forwarded, then a finished turn's held events and terminal. */
const sent = (actions: ResponsesStreamAction[]): ResponsesStreamEvent[] =>
  actions.flatMap((action) => (action.kind === "forward" ? action.events : action.kind === "turn_finished" ? [...action.held, action.terminal] : []));
const finishedOf = (actions: ResponsesStreamAction[]) => actions.find((action) => action.kind === "turn_finished") as Extract<ResponsesStreamAction, { kind: "turn_finished" }> | undefined;
const reasoningDeltas = (events: readonly ResponsesStreamEvent[]) =>
  events.filter((event) => event.value?.type === "response.reasoning_text.delta").map((event) => event.value!.delta as string).join("");
const doneItems = (events: readonly ResponsesStreamEvent[]) => events.filter((event) => event.value?.type === "response.output_item.done").map((event) => event.value!.item as JsonObject);

describe("responses stream: a call the reasoning ends on", () => {
  it("becomes a function_call item after the reasoning item; the reasoning before it streams at once", () => {
    const actions = run([{ kind: "reasoning", text: `The user wants UTC.\n${call}` }]);
    const forwardedFirst = actions.filter((action) => action.kind === "forward").flatMap((action) => (action.kind === "forward" ? action.events : []));
    expect(reasoningDeltas(forwardedFirst)).toBe("The user wants UTC.\n");
    const finished = finishedOf(actions)!;
    expect(finished.extracted).toBe(1);
    expect(finished.calls).toEqual([expect.objectContaining({ output: 1, name: "get_time", arguments: '{"tz":"UTC"}' })]);
    const events = sent(actions);
    expect(reasoningDeltas(events)).toBe("The user wants UTC.\n");
    expect(doneItems(events).map((item) => item.type)).toEqual(["reasoning", "function_call"]);
    expect(doneItems(events)[0]!.content).toEqual([{ type: "reasoning_text", text: "The user wants UTC.\n" }]);
    const output = (finished.terminal.value!.response as JsonObject).output as JsonObject[];
    expect(output.map((item) => item.type)).toEqual(["reasoning", "function_call"]);
    expect(output[1]!.id).toBe(finished.calls[0]!.itemId);
  });

  it("plain reasoning and its answer pass as they came", () => {
    const actions = run([{ kind: "reasoning", text: "Think of <b>UTC</b> and {tz}." }, { kind: "text", text: "It is noon." }]);
    expect(actions.every((action) => action.kind === "forward")).toBe(true);
    expect(reasoningDeltas(sent(actions))).toBe("Think of <b>UTC</b> and {tz}.");
  });

  it("a call in reasoning followed by an answer stays reasoning", () => {
    const actions = run([{ kind: "reasoning", text: `Draft:\n${call}` }, { kind: "text", text: "It is noon in UTC." }]);
    expect(finishedOf(actions)).toBeUndefined();
    expect(reasoningDeltas(sent(actions))).toBe(`Draft:\n${call}`);
  });

  it("a turn with a function_call item of its own keeps its reasoning", () => {
    const actions = run([{ kind: "reasoning", text: call }, { kind: "call", name: "get_time", arguments: '{"tz":"CET"}' }]);
    const finished = finishedOf(actions)!;
    expect(finished.extracted).toBe(0);
    expect(finished.calls.map((found) => found.arguments)).toEqual(['{"tz":"CET"}']);
    expect(reasoningDeltas(sent(actions))).toBe(call);
  });

  it.each([
    ["hedged", `Maybe ${call}`],
    ["reasoning goes on", `${call}\nBut first, which zone?`],
  ])("%s: stays reasoning", (_title, text) => {
    const actions = run([{ kind: "reasoning", text }]);
    expect(finishedOf(actions)).toBeUndefined();
    expect(reasoningDeltas(sent(actions))).toBe(text);
  });
});

describe("responses: streamed reasoning ends as the whole answer's", () => {
  const specsOf = (text: string, answer?: string): OutputSpec[] => [{ kind: "reasoning", text }, ...(answer === undefined ? [] : [{ kind: "text" as const, text: answer }])];
  it.each([
    [`Checking.\n${call}`, undefined],
    [`${call}\n\n`, "\n"],
    [`Maybe ${call}`, undefined],
    [`${call}`, "It is noon."],
    ["I could write a <tool_call> here.", undefined],
  ])("%j (answer %j)", (text, answer) => {
    const whole = responseWith(specsOf(text, answer));
    const count = extractReasoningItemCalls(whole, { tools });
    const output = whole.output as JsonObject[];
    expectStreamedAsWhole(specsOf(text, answer), output, count);
  });
});

/** Streamed in deltas of 1, 3 and 8 characters, the answer ends as the whole one did: the same calls, at the same places, and the same items. */
function expectStreamedAsWhole(specs: OutputSpec[], output: JsonObject[], count: number): void {
  for (const size of [1, 3, 8]) {
    const actions = run(specs, size);
    const finished = finishedOf(actions);
    expect(finished?.extracted ?? 0).toBe(count);
    expect(finished?.calls.map((found) => [found.output, found.name, found.arguments]) ?? []).toEqual(
      output.flatMap((item, position) => (item.type === "function_call" ? [[position, item.name, item.arguments]] : [])),
    );
    const items = doneItems(sent(actions));
    expect(items.map((item) => [item.type, item.content])).toEqual(output.map((item) => [item.type, item.content]));
  }
}

describe("responses: reasoning cut by max_output_tokens", () => {
  it("a call it ends on is not read, streamed or whole", () => {
    const specs: OutputSpec[] = [{ kind: "reasoning", text: `Checking.\n${call}` }];
    const assembler = createResponsesStreamAssembler({ text: { tools } });
    const events = responseEvents(specs, { terminal: "incomplete" });
    const actions = [...events.flatMap((event) => assembler.push(JSON.stringify(event), String(event.type))), ...assembler.end()];
    expect(finishedOf(actions)).toBeUndefined();
    expect(reasoningDeltas(sent(actions))).toBe(`Checking.\n${call}`);
    expect(extractReasoningItemCalls(responseWith(specs, { status: "incomplete", incomplete_details: { reason: "max_output_tokens" } }), { tools })).toBe(0);
  });
});

describe("responses: a refusal is an answer", () => {
  it("the reasoning before a message refusal is not read whole", () => {
    const whole = responseWith([{ kind: "reasoning", text: `Checking.\n${call}` }]);
    (whole.output as JsonObject[]).push({ id: "msg_1", type: "message", role: "assistant", status: "completed", content: [{ type: "refusal", refusal: "I can't help with that." }] });
    expect(extractReasoningItemCalls(whole, { tools })).toBe(0);
  });
});

describe("responses: an answer that is only a lead-in leaves the reasoning's call to be read", () => {
  const specsOf = (answer: string): OutputSpec[] => [{ kind: "reasoning", text: `The user wants UTC.\n${call}` }, { kind: "text", text: answer }];
  it.each([
    ["Let me check the time:", 1],
    ["I'll look up the time in UTC:", 1],
    ["It is noon in UTC.", 0],
    ["Would you like me to check the time:", 0],
    ["Let me check the time:\n<b>now</b>", 0],
    ["Checking the time in UTC…", 1],
    ["让我来查一下时间：", 1],
    ["Ich werde die Uhrzeit prüfen:", 1],
    ["Я не буду проверять время:", 0],
    ["Vielleicht werde ich die Uhrzeit prüfen:", 0],
  ])("%j reads %i call", (answer, expected) => {
    const whole = responseWith(specsOf(answer));
    const count = extractReasoningItemCalls(whole, { tools });
    expect(count).toBe(expected);
    const output = whole.output as JsonObject[];
    const message = output.find((item) => item.type === "message")!;
    expect(JSON.stringify(message.content)).toContain(JSON.stringify(answer));
    expectStreamedAsWhole(specsOf(answer), output, count);
  });
});

describe("responses: reasoning that is all a call sends nothing before the call is judged", () => {
  const forwarded = (actions: ResponsesStreamAction[]) => actions.filter((action) => action.kind === "forward");
  const types = (events: readonly ResponsesStreamEvent[]) => events.map((event) => `${String(event.value?.type)}@${String(event.value?.output_index)}`);

  it.each([
    ["the call alone", call, undefined],
    ["space, then the call", `\n\n${call}`, undefined],
    ["the call, then space for an answer", call, "\n"],
    ["the call, then a lead-in", `\n${call}`, "Let me check the time:"],
  ])("%s: the item's announcement waits with it, and goes out first, in order", (_title, text, answer) => {
    const specs: OutputSpec[] = [{ kind: "reasoning", text }, ...(answer === undefined ? [] : [{ kind: "text" as const, text: answer }])];
    const actions = run(specs);
    // Nothing went out before the turn was judged: it can still have an outcome header, or be an HTTP error.
    expect(forwarded(actions)).toEqual([]);
    const finished = finishedOf(actions)!;
    expect(finished.extracted).toBe(1);
    const events = sent(actions);
    const order = types(events);
    expect(order.slice(0, 4)).toEqual(["response.created@undefined", "response.in_progress@undefined", "response.output_item.added@0", "response.content_part.added@0"]);
    expect(order.indexOf("response.output_item.done@0")).toBeLessThan(order.indexOf("response.output_item.added@1"));
    expect(reasoningDeltas(events)).toBe(text.slice(0, text.indexOf("<tool_call>")));
  });

  it("reasoning with words before its call announces the item with its first words", () => {
    const actions = run([{ kind: "reasoning", text: `  The user wants UTC.\n${call}` }]);
    const first = forwarded(actions)[0]!;
    expect(first.kind === "forward" && types(first.events)).toEqual([
      "response.created@undefined",
      "response.in_progress@undefined",
      "response.output_item.added@0",
      "response.content_part.added@0",
      "response.reasoning_text.delta@0",
    ]);
    expect(reasoningDeltas(sent(actions))).toBe("  The user wants UTC.\n");
  });

  it("an item after a function_call item is held with the turn, announcement included", () => {
    const actions = run([{ kind: "call", name: "get_time", arguments: '{"tz":"CET"}' }, { kind: "reasoning", text: `${call}` }]);
    expect(forwarded(actions)).toEqual([]);
    const order = types(sent(actions));
    expect(order.filter((type) => type.endsWith("@1"))[0]).toBe("response.output_item.added@1");
    expect(reasoningDeltas(sent(actions))).toBe(call);
  });

  it("reasoning that is only space shows at the end, with its announcement first", () => {
    const events = sent(run([{ kind: "reasoning", text: "\n \n" }, { kind: "text", text: "Noon." }]));
    const order = types(events);
    expect(order.indexOf("response.output_item.added@0")).toBeLessThan(order.indexOf("response.reasoning_text.delta@0"));
    expect(reasoningDeltas(events)).toBe("\n \n");
  });
});
