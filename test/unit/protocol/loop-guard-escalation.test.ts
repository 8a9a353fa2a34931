import { describe, expect, it } from "vitest";
import { loopEscalationBody } from "../../../src/protocol/loop-guard-escalation.ts";
import type { InspectedResult } from "../../../src/tool-results/inspect-tool-results.ts";
import type { Exchange } from "../../../src/tool-results/loop-guard.ts";

function result(index: number, text: string, round: number): { result: InspectedResult; exchange: Exchange } {
  const entry = { callId: `call_${index}`, call: { name: "fetch_page", arguments: '{"url":"x"}', round }, content: text, latest: true };
  return {
    result: { entry, class: "execution", rules: ["error-prefix"], content: text, text, hinted: false, redactions: {} },
    exchange: { index, callId: entry.callId, tool: "fetch_page", arguments: entry.call.arguments, class: "execution", round },
  };
}

describe("loopEscalationBody", () => {
  it("has the escalation format, source loop-guard, the failing calls and their results", () => {
    const parts = [result(0, "Error: 503\nretry later", 0), result(1, "Error: 503", 1), result(2, "Error: 503", 2)];
    const body = loopEscalationBody({
      finding: { reason: "failure_rounds", action: "escalate", exchanges: parts.map((part) => part.exchange) },
      results: parts.map((part) => part.result),
      severity: "HIGH",
      paramOf: (index) => `messages[${index * 2 + 2}].content`,
    });
    expect(body.error).toMatchObject({
      message: "Tool fetch_page (call_2) failed, as every tool result did in 3 rounds in a row; the model was not asked again: Error: 503",
      type: "invalid_request_error",
      code: "invalid_tool_call",
      param: "messages[6].content",
    });
    expect(body.error.message).not.toContain("tool_calls");
    expect(body.error.escalation).toMatchObject({ source: "loop-guard", policy: "escalate", severity: "HIGH", attempts: 3, original_response: null });
    expect(body.error.escalation.failed_calls.map((call) => call.result)).toEqual(["Error: 503\nretry later", "Error: 503", "Error: 503"]);
  });

  it("cuts a long result and says so", () => {
    const long = result(0, `Error: ${"x".repeat(10_000)}`, 0);
    const body = loopEscalationBody({
      finding: { reason: "permanent", action: "escalate", exchanges: [long.exchange] },
      results: [long.result],
      severity: "MEDIUM",
      paramOf: () => "input[1].output",
    });
    expect(body.error.escalation.original_error.result).toHaveLength(4_097);
    expect(body.error.escalation.original_error).toMatchObject({ result_truncated: true, class: "execution" });
  });
});
