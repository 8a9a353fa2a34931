import { describe, expect, it } from "vitest";
import { defaults } from "../../src/config/defaults.ts";
import { errorCodes, errorFields, openAIErrorBody, ToolmendError, type ErrorCode } from "../../src/errors.ts";

const codes = Object.keys(errorCodes) as ErrorCode[];

describe("the error registry", () => {
  it.each(codes)("%s maps to one HTTP error status and an OpenAI-style body", (code) => {
    const error = new ToolmendError(code, "what went wrong");
    expect(error.status).toBe(errorCodes[code].status);
    expect(error.status).toBeGreaterThanOrEqual(400);
    expect(error.status).toBeLessThan(600);
    expect(error.body()).toEqual({ error: { message: "what went wrong", type: errorCodes[code].type, code, param: null } });
  });

  it("names every type in OpenAI's snake_case words", () => {
    for (const code of codes) expect(errorCodes[code].type).toMatch(/^[a-z]+(_[a-z]+)*_error$/);
  });

  it("keeps the four standard fields first and lets extra fields ride after them", () => {
    const body = openAIErrorBody("invalid_tool_call", "could not be repaired", "tools[0]", { escalation: { source: "x" } });
    expect(Object.keys(body.error)).toEqual(["message", "type", "code", "param", "escalation"]);
    expect(body.error.escalation).toEqual({ source: "x" });
    expect(errorFields("upstream_stream_failed", "broke off")).toEqual(openAIErrorBody("upstream_stream_failed", "broke off").error);
  });

  it("gives escalations a type and code that every SDK reads as a non-retryable client error", () => {
    const { type, code } = errorFields("invalid_tool_call", "m");
    expect(type).toContain("invalid");
    expect(code).toContain("invalid");
    expect(errorCodes.invalid_tool_call.status).toBe(400);
  });

  it("is where the default escalation status comes from", () => {
    expect(defaults.repair.escalationStatus).toBe(errorCodes.invalid_tool_call.status);
  });

  it("keeps the cause and the class name of a thrown error", () => {
    const cause = new Error("socket hang up");
    const error = new ToolmendError("upstream_unreachable", "Could not reach the upstream.", { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("ToolmendError");
    expect(error.cause).toBe(cause);
  });
});
