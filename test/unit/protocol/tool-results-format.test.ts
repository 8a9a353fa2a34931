import { describe, expect, it } from "vitest";
import { chatToolResults } from "../../../src/protocol/chat-tool-results.ts";
import { responsesToolResults } from "../../../src/protocol/responses-tool-results.ts";

const call = (id: string, name: string, args: string) => ({ id, type: "function", function: { name, arguments: args } });

describe("chatToolResults", () => {
  const body = {
    model: "m",
    messages: [
      { role: "system", content: "s" },
      { role: "user", content: "go" },
      { role: "assistant", content: null, tool_calls: [call("call_1", "read_file", '{"path":"a"}')] },
      { role: "tool", tool_call_id: "call_1", content: "Error: nope" },
      { role: "assistant", content: null, tool_calls: [call("call_2", "read_file", "{}"), call("call_3", "delete_file", "{}")] },
      { role: "tool", tool_call_id: "call_2", content: [{ type: "text", text: "ok" }] },
      { role: "tool", tool_call_id: "call_3", content: "done" },
    ],
  };

  it("pairs each result with its call and round, and marks the ones after the last assistant turn", () => {
    const history = chatToolResults.read(body);
    expect(history.positions).toEqual([3, 5, 6]);
    expect(history.rounds).toEqual([{ afterUser: true }, { afterUser: false }]);
    expect(history.trailingRound).toBe(1);
    expect(history.results.map((result) => [result.callId, result.call?.name, result.call?.round, result.latest])).toEqual([
      ["call_1", "read_file", 0, false],
      ["call_2", "read_file", 1, true],
      ["call_3", "delete_file", 1, true],
    ]);
  });

  it("has no trailing round when the request ends with a user message", () => {
    const history = chatToolResults.read({ ...body, messages: [...body.messages, { role: "user", content: "stop" }] });
    expect(history.trailingRound).toBeUndefined();
  });

  it("writes new content into a copy, leaving the original body alone", () => {
    const written = chatToolResults.write(body, new Map([[3, "Error: nope\n\nhint"]]));
    expect((written.messages as Array<{ content: unknown }>)[3]!.content).toBe("Error: nope\n\nhint");
    expect(body.messages[3]!.content).toBe("Error: nope");
    expect(chatToolResults.paramOf(3)).toBe("messages[3].content");
  });
});

describe("responsesToolResults", () => {
  const body = {
    model: "m",
    input: [
      { role: "user", content: "go" },
      { type: "reasoning", id: "rs_1", summary: [] },
      { type: "function_call", call_id: "call_1", name: "read_file", arguments: '{"path":"a"}' },
      { type: "function_call", call_id: "call_2", name: "read_file", arguments: '{"path":"b"}' },
      { type: "function_call_output", call_id: "call_1", output: "Error: nope" },
      { type: "function_call_output", call_id: "call_2", output: [{ type: "input_text", text: "ok" }] },
      { type: "function_call", call_id: "call_3", name: "delete_file", arguments: "{}" },
      { type: "function_call_output", call_id: "call_3", output: "done" },
    ],
  };

  it("groups calls that follow one another into a round", () => {
    const history = responsesToolResults.read(body);
    expect(history.positions).toEqual([4, 5, 7]);
    expect(history.rounds).toEqual([{ afterUser: true }, { afterUser: false }]);
    expect(history.trailingRound).toBe(1);
    expect(history.results.map((result) => [result.call?.name, result.call?.round, result.latest])).toEqual([
      ["read_file", 0, false],
      ["read_file", 0, false],
      ["delete_file", 1, true],
    ]);
  });

  it("keeps results whose call lives server-side (previous_response_id), unmatched", () => {
    const history = responsesToolResults.read({ previous_response_id: "resp_1", input: [{ type: "function_call_output", call_id: "call_9", output: "x" }] });
    expect(history.results).toMatchObject([{ callId: "call_9", call: undefined, latest: true }]);
    expect(history.trailingRound).toBeUndefined();
  });

  it("reads a string input as no results and writes outputs back", () => {
    expect(responsesToolResults.read({ input: "hi" }).results).toEqual([]);
    const written = responsesToolResults.write(body, new Map([[4, "redacted"]]));
    expect((written.input as Array<{ output?: unknown }>)[4]!.output).toBe("redacted");
    expect(responsesToolResults.paramOf(4)).toBe("input[4].output");
  });
});
