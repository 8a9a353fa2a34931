import { describe, expect, it } from "vitest";
import type { ChatStreamAction, ChoiceFinished } from "../../../src/protocol/chat-chunk.ts";
import { createChatStreamAssembler } from "../../../src/protocol/chat-stream.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";
import { chunk, counterIds } from "./stream-helpers.ts";

const tools: ToolDefinition[] = [{ name: "get_time", parameters: { type: "object", properties: { tz: { type: "string" } } } }];

function run(payloads: readonly string[]): ChatStreamAction[] {
  const stream = createChatStreamAssembler({ createToolCallId: counterIds(), text: { tools } });
  return [...payloads.flatMap((data) => stream.push(data)), ...stream.end()];
}

const ROLE = chunk({ role: "assistant", content: "" });
const finish = (reason: string) => chunk({}, reason);
const content = (text: string) => chunk({ content: text });

/** The text the client is sent, joined. */
const sentText = (actions: ChatStreamAction[]): string =>
  actions
    .filter((action): action is Extract<ChatStreamAction, { kind: "forward" }> => action.kind === "forward")
    .map((action) => JSON.parse(action.data) as { choices?: { delta?: { content?: string } }[] })
    .map((data) => data.choices?.[0]?.delta?.content ?? "")
    .join("");

describe("chat stream: calls written as text", () => {
  it("turns a held <tool_call> into the choice's calls; a tool-only turn sent nothing yet", () => {
    const actions = run([ROLE, content("<tool_"), content('call>{"name": "get_time", '), content('"arguments": {"tz": "UTC"}}</tool_call>'), finish("stop"), "[DONE]"]);
    expect(actions.filter((action) => action.kind === "forward")).toEqual([]);
    const finished = actions.find((action): action is ChoiceFinished => action.kind === "choice_finished")!;
    expect(finished.finishReason).toBe("tool_calls");
    expect(finished.extracted).toBe(1);
    expect(finished.calls).toEqual([expect.objectContaining({ index: 0, id: "synth0000", name: "get_time", arguments: '{"tz":"UTC"}' })]);
    expect(finished.heldRole).toBeDefined();
    expect(finished.finishChunk).toMatchObject({ choices: [{ finish_reason: "tool_calls" }] });
  });

  it("sends the prose before the call at once, and the call as calls", () => {
    const prose = content("Let me check. ");
    const actions = run([ROLE, prose, content('<tool_call>{"name": "get_time", "arguments": {}}</tool_call>'), finish("stop"), "[DONE]"]);
    expect(actions.slice(0, 2)).toEqual([
      { kind: "forward", data: ROLE },
      { kind: "forward", data: prose, text: { choice: 0, text: "Let me check. " } },
    ]);
    expect(sentText(actions)).toBe("Let me check. ");
    expect(actions.find((action): action is ChoiceFinished => action.kind === "choice_finished")!.calls).toHaveLength(1);
  });

  it("passes prose through byte for byte", () => {
    const payloads = [ROLE, content("The time "), content("in <b>Paris</b> is {noon}.\n"), content("[1, 2] o'clock"), finish("stop"), "[DONE]"];
    const texts = [undefined, "The time ", "in <b>Paris</b> is {noon}.\n", "[1, 2] o'clock", undefined];
    const forwarded = payloads.slice(0, 5).map((data, position) => {
      const text = texts[position];
      return text === undefined ? { kind: "forward", data } : { kind: "forward", data, text: { choice: 0, text } };
    });
    expect(run(payloads)).toEqual([...forwarded, { kind: "done" }]);
  });

  it("holds a ] that ends a delta for the next one (MiniMax-M3's token may begin there)", () => {
    const actions = run([ROLE, content("See [1]"), content(" and [2]."), finish("stop"), "[DONE]"]);
    const texts = actions.filter((action): action is Extract<ChatStreamAction, { kind: "forward" }> => action.kind === "forward").map((action) => action.text?.text);
    expect(texts).toEqual([undefined, "See [1", "] and [2].", undefined]);
    expect(sentText(actions)).toBe("See [1] and [2].");
  });

  it("reads a list of calls whose ] never came, unless the answer was cut there", () => {
    const list = '<tool_call>[{"name": "get_time", "arguments": {"tz": "UTC"}}';
    const stopped = run([ROLE, content(list), finish("stop"), "[DONE]"]).find((action): action is ChoiceFinished => action.kind === "choice_finished")!;
    expect(stopped.calls).toEqual([expect.objectContaining({ name: "get_time", arguments: '{"tz":"UTC"}' })]);
    const cut = run([ROLE, content(list), finish("length"), "[DONE]"]);
    expect(cut.find((action): action is ChoiceFinished => action.kind === "choice_finished")?.calls ?? []).toEqual([]);
    expect(sentText(cut)).toBe(list);
  });

  it("releases held text that is not a call with the finish", () => {
    const actions = run([ROLE, content("See <tool_call>nothing here"), finish("stop"), "[DONE]"]);
    expect(sentText(actions)).toBe("See <tool_call>nothing here");
    expect(actions.some((action) => action.kind === "choice_finished")).toBe(false);
  });

  it("keeps held text as text when the choice also has real tool calls", () => {
    const actions = run([
      ROLE,
      content('<tool_call>{"name": "get_time", "arguments": {}}</tool_call>'),
      chunk({ tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "get_time", arguments: "{}" } }] }),
      finish("tool_calls"),
      "[DONE]",
    ]);
    expect(sentText(actions)).toBe('<tool_call>{"name": "get_time", "arguments": {}}</tool_call>');
    const finished = actions.find((action): action is ChoiceFinished => action.kind === "choice_finished")!;
    expect(finished.extracted).toBe(0);
    expect(finished.calls.map((call) => call.id)).toEqual(["call_1"]);
  });

  it("reads the held text at [DONE] when no finish reason came", () => {
    const actions = run([ROLE, content('[get_time(tz="UTC")]'), "[DONE]"]);
    const finished = actions.find((action): action is ChoiceFinished => action.kind === "choice_finished")!;
    expect(finished.calls.map((call) => [call.name, call.arguments])).toEqual([["get_time", '{"tz":"UTC"}']]);
  });
});
