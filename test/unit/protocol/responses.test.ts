import { describe, expect, it } from "vitest";
import { declaredResponseTools, finishReasonOf, locateFunctionCalls } from "../../../src/protocol/responses.ts";
import { responsesFeedbackRequest, type EmittedCall } from "../../../src/protocol/responses-feedback.ts";
import type { CallVerdict } from "../../../src/repair/outcomes.ts";

const policy = { onFailure: "feedback" as const, maxRounds: 1, then: "escalate" as const, severity: null };

describe("declaredResponseTools", () => {
  it("takes function tools only, with strict defaulting to true", () => {
    const tools = declaredResponseTools({
      tools: [
        { type: "function", name: "read_file", parameters: { type: "object" } },
        { type: "function", name: "loose", parameters: { type: "object" }, strict: false, description: "d" },
        { type: "web_search" },
        { type: "custom", name: "grammar_tool" },
        { type: "function", function: { name: "chat_shaped" } },
      ],
    });
    expect(tools).toEqual([
      { name: "read_file", parameters: { type: "object" }, strict: true },
      { name: "loose", description: "d", parameters: { type: "object" }, strict: false },
    ]);
  });

  it("finds nothing without tools", () => {
    expect(declaredResponseTools({})).toEqual([]);
    expect(declaredResponseTools({ tools: "x" })).toEqual([]);
  });
});

describe("locateFunctionCalls and finishReasonOf", () => {
  it("locates function_call items by output position", () => {
    const response = {
      output: [
        { type: "reasoning", id: "rs_1" },
        { type: "message", id: "msg_1", content: [] },
        { type: "function_call", id: "fc_1", call_id: "call_1", name: "read_file", arguments: "{}" },
      ],
    };
    expect(locateFunctionCalls(response).map(({ output, callId, name, arguments: args }) => ({ output, callId, name, args }))).toEqual([
      { output: 2, callId: "call_1", name: "read_file", args: "{}" },
    ]);
  });

  it("says length only for a response cut by max_output_tokens or an incomplete item", () => {
    expect(finishReasonOf({ status: "incomplete", incomplete_details: { reason: "max_output_tokens" } })).toBe("length");
    expect(finishReasonOf({ status: "incomplete", incomplete_details: { reason: "content_filter" } })).toBeNull();
    expect(finishReasonOf({ status: "completed" }, { status: "incomplete" })).toBe("length");
  });

  it("says stop for a completed response or item, and nothing when neither says", () => {
    expect(finishReasonOf({ status: "completed" })).toBe("stop");
    expect(finishReasonOf({ status: "in_progress" }, { status: "completed" })).toBe("stop");
    expect(finishReasonOf(undefined, { status: "completed" })).toBe("stop");
    expect(finishReasonOf({ status: "failed" }, {})).toBeNull();
    expect(finishReasonOf(undefined)).toBeNull();
  });
});

describe("responsesFeedbackRequest", () => {
  const failed: CallVerdict<EmittedCall> = {
    call: { id: "call_1", name: "read_file", arguments: { limit: 3 } },
    policy,
    outcome: {
      kind: "failed",
      name: "read_file",
      fixersTried: [],
      error: { kind: "schema_mismatch", tool: "read_file", message: "`/path`: required property is missing", severity: "MEDIUM", errors: [] },
    },
  };

  it("appends the calls without ids and their error outputs, turning a string input into a message", () => {
    const body = { model: "m", input: "read a.txt", previous_response_id: "resp_0", store: false };
    const next = responsesFeedbackRequest(body, [failed]);
    expect(next).toEqual({
      model: "m",
      previous_response_id: "resp_0",
      store: false,
      input: [
        { type: "message", role: "user", content: "read a.txt" },
        { type: "function_call", call_id: "call_1", name: "read_file", arguments: '{"limit":3}' },
        { type: "function_call_output", call_id: "call_1", output: expect.stringContaining("required property is missing") },
      ],
    });
  });

  it("keeps an input list as it was", () => {
    const input = [{ role: "user", content: "x" }];
    const next = responsesFeedbackRequest({ input }, []);
    expect(next.input).toEqual(input);
  });
});
