import { describe, expect, it } from "vitest";
import type { ChatStreamAction, ChoiceFinished } from "../../../src/protocol/chat-chunk.ts";
import { createChatStreamAssembler } from "../../../src/protocol/chat-stream.ts";
import { extractReasoningTextCalls } from "../../../src/protocol/chat-reasoning.ts";
import type { JsonObject } from "../../../src/json.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";
import { chunk, counterIds } from "./stream-helpers.ts";

const tools: ToolDefinition[] = [
  { name: "bash", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } },
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
];

const dsml =
  '<｜DSML｜tool_calls>\n<｜DSML｜invoke name="bash">\n<｜DSML｜parameter name="command" string="true">ls -la</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜tool_calls>';
const hermes = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

const ROLE = chunk({ role: "assistant", content: "" });
const thought = (text: string, key = "reasoning_content") => chunk({ [key]: text });
const content = (text: string) => chunk({ content: text });

function run(payloads: readonly string[]): ChatStreamAction[] {
  const stream = createChatStreamAssembler({ createToolCallId: counterIds(), text: { tools } });
  return [...payloads.flatMap((data) => stream.push(data)), ...stream.end()];
}

/** Every delta the client is sent (forwarded, and the finish chunk of a finished choice), joined per field. */
function sent(actions: ChatStreamAction[], field: string): string {
  const deltas = actions.flatMap((action) => {
    const data = action.kind === "forward" ? [JSON.parse(action.data) as JsonObject] : action.kind === "choice_finished" ? [action.finishChunk] : [];
    return data.map((payload) => (payload.choices as { delta?: Record<string, unknown> }[] | undefined)?.[0]?.delta?.[field]);
  });
  return deltas.filter((value): value is string => typeof value === "string").join("");
}

const finishedOf = (actions: ChatStreamAction[]) => actions.find((action): action is ChoiceFinished => action.kind === "choice_finished");

/** Cuts `text` into deltas of 1..`size` characters. */
function cut(text: string, size: number): string[] {
  const pieces: string[] = [];
  for (let at = 0, step = 1; at < text.length; at += step, step = (step % size) + 1) pieces.push(text.slice(at, at + step));
  return pieces;
}

describe("chat stream: a call the separate reasoning ends on", () => {
  it("becomes the choice's call; the reasoning before it streams at once, its markup is not sent", () => {
    const actions = run([ROLE, thought("Let me list the files.\n\n"), ...cut(dsml, 5).map((piece) => thought(piece)), chunk({ content: "" }, "stop"), "[DONE]"]);
    expect(actions[0]).toEqual({ kind: "forward", data: ROLE });
    expect(actions[1]).toEqual({ kind: "forward", data: thought("Let me list the files.\n\n") });
    const finished = finishedOf(actions)!;
    expect(finished.finishReason).toBe("tool_calls");
    expect(finished.extracted).toBe(1);
    expect(finished.calls).toEqual([expect.objectContaining({ name: "bash", arguments: '{"command":"ls -la"}' })]);
    expect(sent(actions, "reasoning_content")).toBe("Let me list the files.\n\n");
  });

  it.each([
    ["the call alone", dsml],
    ["space, then the call", `\n\n${dsml}`],
    ["space in its own deltas, then the call", `\n \n  ${dsml}`],
  ])("%s: nothing goes out before the call is judged, and the space comes with the finish", (_title, text) => {
    const actions = run([ROLE, ...cut(text, 3).map((piece) => thought(piece)), chunk({ content: "" }, "stop"), "[DONE]"]);
    // Nothing forwarded before the choice finished: the answer can still have an outcome header, or be an HTTP error.
    const finishedAt = actions.findIndex((action) => action.kind === "choice_finished");
    expect(finishedAt).toBeGreaterThanOrEqual(0);
    expect(actions.slice(0, finishedAt).filter((action) => action.kind === "forward")).toEqual([]);
    const finished = finishedOf(actions)!;
    expect(finished.extracted).toBe(1);
    expect(sent(actions, "reasoning_content")).toBe(text.slice(0, text.indexOf("<")));
  });

  it("space before reasoning's first word goes out with that word", () => {
    const actions = run([ROLE, thought("\n"), thought("  "), thought("Listing."), chunk({}, "stop"), "[DONE]"]);
    expect(actions.slice(0, 2)).toEqual([{ kind: "forward", data: ROLE }, { kind: "forward", data: thought("\n  Listing.") }]);
  });

  it("plain reasoning passes byte for byte, at once", () => {
    const payloads = [ROLE, thought("The user wants "), thought("the weather in <b>Paris</b>. {city}"), content("It is sunny."), chunk({}, "stop"), "[DONE]"];
    expect(run(payloads)).toEqual([...payloads.slice(0, 5).map((data) => ({ kind: "forward", data, ...(data === payloads[3] ? { text: { choice: 0, text: "It is sunny." } } : {}) })), { kind: "done" }]);
  });

  it("a call in reasoning followed by an answer is reasoning: released when the answer begins", () => {
    const actions = run([ROLE, thought(`Draft:\n${hermes}`), content("It is sunny in Paris."), chunk({}, "stop"), "[DONE]"]);
    expect(finishedOf(actions)).toBeUndefined();
    expect(sent(actions, "reasoning_content")).toBe(`Draft:\n${hermes}`);
    expect(sent(actions, "content")).toBe("It is sunny in Paris.");
  });

  it("a choice with real tool calls keeps its reasoning as reasoning", () => {
    const real = chunk({ tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "bash", arguments: '{"command":"pwd"}' } }] });
    const actions = run([ROLE, thought(dsml), real, chunk({}, "tool_calls"), "[DONE]"]);
    expect(finishedOf(actions)!.calls).toEqual([expect.objectContaining({ name: "bash", arguments: '{"command":"pwd"}' })]);
    expect(finishedOf(actions)!.extracted).toBe(0);
    expect(sent(actions, "reasoning_content")).toBe(dsml);
  });

  it.each([
    ["hedged", `Maybe ${hermes}`],
    ["reasoning goes on after it", `${hermes}\nNo wait, Rome.`],
    ["an example", `For example:\n${hermes}`],
    ["bare JSON", '{"name": "get_weather", "arguments": {"city": "Paris"}}'],
  ])("%s: stays reasoning", (_title, text) => {
    const actions = run([ROLE, ...cut(text, 4).map((piece) => thought(piece)), chunk({}, "stop"), "[DONE]"]);
    expect(finishedOf(actions)).toBeUndefined();
    expect(sent(actions, "reasoning_content")).toBe(text);
  });

  it("both names of the field, carrying the same text, both lose the markup", () => {
    const both = (text: string) => chunk({ reasoning_content: text, reasoning: text });
    const actions = run([ROLE, both("Checking.\n"), ...cut(hermes, 3).map(both), chunk({}, "stop"), "[DONE]"]);
    expect(finishedOf(actions)!.calls).toHaveLength(1);
    expect(sent(actions, "reasoning_content")).toBe("Checking.\n");
    expect(sent(actions, "reasoning")).toBe("Checking.\n");
  });

  it("under `reasoning` alone", () => {
    const actions = run([ROLE, ...cut(`Checking.\n${hermes}`, 6).map((piece) => thought(piece, "reasoning")), chunk({}, "stop"), "[DONE]"]);
    expect(finishedOf(actions)!.calls).toHaveLength(1);
    expect(sent(actions, "reasoning")).toBe("Checking.\n");
  });

  it("a stream that ends with [DONE] and no finish reason still reads it", () => {
    const actions = run([ROLE, thought(`Checking.\n${hermes}`), "[DONE]"]);
    expect(finishedOf(actions)!.calls).toHaveLength(1);
    expect(sent(actions, "reasoning_content")).toBe("Checking.\n");
  });

  it("space for text does not stop the reading", () => {
    const actions = run([ROLE, thought(hermes), content("\n\n"), chunk({}, "stop"), "[DONE]"]);
    expect(finishedOf(actions)!.calls).toHaveLength(1);
  });
});

describe("chat: streamed reasoning ends as the whole answer's", () => {
  const texts = [
    `The user asked for a listing.\n\n${dsml}`,
    `The user wants Paris.\n${hermes}\n`,
    `${hermes}</think>`,
    `Maybe ${hermes}`,
    `I should emit a <tool_call> block. Then more thought.`,
    `Let me think <b>bold</b> about it.`,
    `${hermes}\nThen I answer.`,
  ];
  it.each(texts.flatMap((text) => [1, 2, 7].map((size) => [text, size] as const)))("%j in deltas of up to %i", (text, size) => {
    const whole: JsonObject = { choices: [{ index: 0, message: { role: "assistant", content: "", reasoning_content: text }, finish_reason: "stop" }] };
    const count = extractReasoningTextCalls(whole, { tools });
    const message = (whole.choices as { message: { reasoning_content: string; tool_calls?: { function: { name: string; arguments: string } }[] } }[])[0]!.message;
    const actions = run([ROLE, ...cut(text, size).map((piece) => thought(piece)), chunk({ content: "" }, "stop"), "[DONE]"]);
    const finished = finishedOf(actions);
    expect(finished?.calls.map((call) => [call.name, call.arguments]) ?? []).toEqual((message.tool_calls ?? []).map((call) => [call.function.name, call.function.arguments]));
    expect(finished === undefined ? 0 : finished.extracted).toBe(count);
    expect(sent(actions, "reasoning_content")).toBe(message.reasoning_content);
  });
});

describe("reasoning cut by the token limit", () => {
  it("chat: a call it ends on is not read, streamed or whole", () => {
    const actions = run([ROLE, thought(`Checking.\n${hermes}`), chunk({}, "length"), "[DONE]"]);
    expect(finishedOf(actions)).toBeUndefined();
    expect(sent(actions, "reasoning_content")).toBe(`Checking.\n${hermes}`);
    const whole: JsonObject = { choices: [{ index: 0, message: { role: "assistant", content: null, reasoning_content: `Checking.\n${hermes}` }, finish_reason: "length" }] };
    expect(extractReasoningTextCalls(whole, { tools })).toBe(0);
  });
});

describe("a refusal is an answer", () => {
  it("chat: the reasoning before a refusal is not read, streamed or whole", () => {
    const actions = run([ROLE, thought(`Checking.\n${hermes}`), chunk({ refusal: "I can't help with that." }), chunk({}, "stop"), "[DONE]"]);
    expect(finishedOf(actions)).toBeUndefined();
    expect(sent(actions, "reasoning_content")).toBe(`Checking.\n${hermes}`);
    const whole: JsonObject = { choices: [{ index: 0, message: { role: "assistant", content: null, refusal: "I can't help with that.", reasoning_content: `Checking.\n${hermes}` }, finish_reason: "stop" }] };
    expect(extractReasoningTextCalls(whole, { tools })).toBe(0);
  });
});

describe("chat: an answer that is only a lead-in leaves the reasoning's call to be read", () => {
  const answers: readonly [string, boolean][] = [
    ["Let me create the file:", true],
    ["  I'll check the weather in Paris:\n", true],
    ["", true],
    ["It is sunny in Paris.", false],
    ["Should I check the weather:", false],
    ["Let me run `ls`:", false],
    ["Done. Let me check the weather:", false],
    ["Let me check the weather", false],
    ["Checking the weather in Paris…", true],
    ["让我来查一下巴黎的天气：", true],
    ["Voy a consultar el tiempo en París:", true],
    ["ファイルを確認します：", true],
    ["也许我来查一下天气：", false],
    ["No voy a consultar el tiempo:", false],
    ["Je vais peut-être vérifier la météo :", false],
  ];
  it.each(answers.flatMap(([answer, reads]) => [1, 3, 40].map((size) => [answer, reads, size] as const)))("%j read: %s, in deltas of up to %i", (answer, reads, size) => {
    const reasoning = `The user wants Paris.\n${hermes}`;
    const whole: JsonObject = { choices: [{ index: 0, message: { role: "assistant", content: answer, reasoning_content: reasoning }, finish_reason: "stop" }] };
    const count = extractReasoningTextCalls(whole, { tools });
    const choice = (whole.choices as { message: { content: string; reasoning_content: string; tool_calls?: { function: { name: string; arguments: string } }[] }; finish_reason: string }[])[0]!;
    expect(count).toBe(reads ? 1 : 0);
    expect(choice.message.content).toBe(answer);
    const actions = run([ROLE, ...cut(reasoning, 4).map((piece) => thought(piece)), ...cut(answer, size).map((piece) => content(piece)), chunk({}, "stop"), "[DONE]"]);
    const finished = finishedOf(actions);
    expect(finished?.calls.map((call) => [call.name, call.arguments]) ?? []).toEqual((choice.message.tool_calls ?? []).map((call) => [call.function.name, call.function.arguments]));
    expect(finished === undefined ? 0 : finished.extracted).toBe(count);
    expect(sent(actions, "reasoning_content")).toBe(choice.message.reasoning_content);
    expect(sent(actions, "content")).toBe(answer);
    if (reads) expect(choice.finish_reason).toBe("tool_calls");
  });
});
