import { describe, expect, it } from "vitest";
import { allowsStrict, readRepairModelAnswer, repairModelRequest } from "../../../src/repair/repair-model.ts";

const answer = (name: string, args: unknown) => ({
  choices: [{ index: 0, message: { role: "assistant", tool_calls: [{ id: "r", type: "function", function: { name, arguments: args } }] } }],
});

describe("readRepairModelAnswer", () => {
  it.each([
    [answer("submit_arguments", '{"a":1}'), { kind: "submitted", arguments: '{"a":1}' }],
    [answer("submit_arguments", { a: 1 }), { kind: "submitted", arguments: '{"a":1}' }],
    [answer("escalate", '{"reason":"unclear","severity":"HIGH"}'), { kind: "escalated", reason: "unclear", severity: "HIGH" }],
    [answer("escalate", '{"reason":"unclear","severity":"extreme"}'), { kind: "escalated", reason: "unclear", severity: "MEDIUM" }],
    [answer("throw_exception", '{"reason":"unsafe"}'), { kind: "thrown", reason: "unsafe" }],
    [answer("escalate", "{not json"), { kind: "junk", detail: "unreadable arguments for escalate" }],
    [answer("rm_rf", "{}"), { kind: "junk", detail: "unknown tool rm_rf" }],
    [{ choices: [{ message: { content: "hi" } }] }, { kind: "junk", detail: "the answer carries no tool call" }],
    ["nonsense", { kind: "junk", detail: "the answer carries no tool call" }],
  ])("reads %j", (response, expected) => {
    expect(readRepairModelAnswer(response)).toEqual(expected);
  });
});

describe("allowsStrict", () => {
  it("accepts closed objects whose properties are all required, nested too", () => {
    expect(
      allowsStrict({
        type: "object",
        properties: { a: { type: "string" }, b: { type: "array", items: { type: "object", properties: { c: { type: "number" } }, required: ["c"], additionalProperties: false } } },
        required: ["a", "b"],
        additionalProperties: false,
      }),
    ).toBe(true);
  });

  it("refuses an open object or an optional property", () => {
    expect(allowsStrict({ type: "object", properties: { a: { type: "string" } }, required: ["a"] })).toBe(false);
    expect(allowsStrict({ type: "object", properties: { a: { type: "string" } }, required: [], additionalProperties: false })).toBe(false);
  });
});

describe("repairModelRequest", () => {
  it("offers submit_arguments with the tool's own schema, escalate and throw_exception, and requires a call", () => {
    const parameters = { type: "object", properties: { path: { type: "string" } }, required: ["path"], additionalProperties: false };
    const request = repairModelRequest({
      model: "m",
      temperature: 0,
      tool: { name: "read_file", description: "Read a file.", parameters },
      brokenArguments: '{"file":"a"}',
      error: { kind: "schema_mismatch", tool: "read_file", message: "`/path`: required property is missing", severity: "MEDIUM", errors: [] },
    });
    expect(request.tool_choice).toBe("required");
    const tools = request.tools as Array<{ function: { name: string; parameters: unknown; strict?: boolean } }>;
    expect(tools[0]!.function).toMatchObject({ name: "submit_arguments", parameters, strict: true });
    expect(tools.map((tool) => tool.function.name)).toEqual(["submit_arguments", "escalate", "throw_exception"]);
    const user = (request.messages as Array<{ content: string }>)[1]!.content;
    for (const part of ["read_file", "Read a file.", '{"file":"a"}', "required property is missing", JSON.stringify(parameters)]) {
      expect(user).toContain(part);
    }
  });
});
