import { describe, expect, it } from "vitest";
import { tokenUsage, tokenUsageInEvent } from "../../../src/observability/token-usage.ts";

describe("tokenUsage", () => {
  it("reads chat and Responses usage, and a Responses stream event's", () => {
    expect(tokenUsage({ usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 } })).toEqual({ prompt: 50, completion: 20 });
    expect(tokenUsage({ usage: { input_tokens: 40, output_tokens: 12 } })).toEqual({ prompt: 40, completion: 12 });
    expect(tokenUsage({ type: "response.completed", response: { usage: { input_tokens: 3, output_tokens: 4 } } })).toEqual({ prompt: 3, completion: 4 });
  });

  it("has nothing for answers without usage, and counts nonsense as zero", () => {
    expect(tokenUsage({ usage: null })).toBeUndefined();
    expect(tokenUsage(undefined)).toBeUndefined();
    expect(tokenUsage({ usage: { prompt_tokens: -1, completion_tokens: "9" } })).toEqual({ prompt: 0, completion: 0 });
  });

  it("parses an event only when it carries a usage object", () => {
    expect(tokenUsageInEvent('{"choices":[],"usage":null}')).toBeUndefined();
    expect(tokenUsageInEvent('{"choices":[{"delta":{"content":"\\"usage\\": {"}}]}')).toBeUndefined();
    expect(tokenUsageInEvent('{"choices":[],"usage":{"prompt_tokens":10,"completion_tokens":5}}')).toEqual({ prompt: 10, completion: 5 });
  });
});
