/**
 * The case harness (test/support/case-answers.ts): its four answer shapes
 * carry exactly the case's emission, and a valid case goes through toolmend
 * untouched in each of them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnswerCase, CaseApi } from "../support/case-answers.ts";
import { chatAnswer, chatStreamAnswer, deltaSplitter, responsesAnswer, responsesStreamAnswer } from "../support/case-answers.ts";
import { observeAnswer, runCase } from "../support/case-observation.ts";
import { startScriptedUpstream } from "../support/scripted-upstream.ts";
import type { ScriptedUpstream } from "../support/scripted-upstream.ts";
import { startToolmend } from "../support/toolmend-harness.ts";
import type { RunningToolmend } from "../support/toolmend-harness.ts";

const tool = {
  name: "write_note",
  description: "Write a note.",
  parameters: {
    type: "object",
    properties: { path: { type: "string" }, body: { type: "string" } },
    required: ["path", "body"],
    additionalProperties: false,
  },
};
const validCase: AnswerCase = {
  id: "harness-valid",
  class: "valid",
  tool,
  tool_name_emitted: "write_note",
  raw_arguments: '{"path":"C:\\\\Users\\\\ä b\\\\n.md","body":"say \\"hi\\" 👋 {not json} null"}',
};
const contentCase: AnswerCase = {
  id: "harness-content",
  class: "content_embedded_call",
  tool,
  tool_name_emitted: null,
  raw_arguments: 'Sure.\n<tool_call>\n{"name": "write_note", "arguments": {"path": "a.md", "body": "x"}}\n</tool_call>',
};
const reasoningCase: AnswerCase = {
  id: "harness-reasoning",
  class: "content_embedded_call",
  tool,
  tool_name_emitted: null,
  raw_arguments: "",
  reasoning: 'I will write it.\n<tool_call>\n{"name": "write_note", "arguments": {"path": "a.md", "body": "ä 👋"}}\n</tool_call>',
};
const objectCase: AnswerCase = { id: "harness-object", class: "args_as_object", tool, tool_name_emitted: "write_note", raw_arguments: { path: "a.md", body: "x" } };

const sseText = (payloads: readonly (string | object)[], named = false) =>
  payloads
    .map((payload) =>
      typeof payload === "string"
        ? `data: ${payload}\n\n`
        : `${named ? `event: ${String((payload as { type: unknown }).type)}\n` : ""}data: ${JSON.stringify(payload)}\n\n`,
    )
    .join("");

describe("deltaSplitter", () => {
  it("cuts text into pieces that rejoin exactly, of varying sizes, the same way every time", () => {
    const text = "𝄞abc😀".repeat(30);
    const pieces = deltaSplitter("seed")(text);
    expect(pieces.join("")).toBe(text);
    expect(new Set(pieces.map((piece) => piece.length)).size).toBeGreaterThan(3);
    expect(deltaSplitter("seed")(text)).toEqual(pieces);
    expect(deltaSplitter("other")(text)).not.toEqual(pieces);
    // No lone surrogate at a cut.
    for (const piece of pieces) expect(piece).not.toMatch(/[\uD800-\uDBFF]$|^[\uDC00-\uDFFF]/);
  });
});

describe("the four answers of a case", () => {
  const modes: Array<[CaseApi, boolean, (testCase: AnswerCase) => string]> = [
    ["chat", false, (testCase) => JSON.stringify(chatAnswer(testCase))],
    ["chat", true, (testCase) => sseText(chatStreamAnswer(testCase))],
    ["responses", false, (testCase) => JSON.stringify(responsesAnswer(testCase))],
    ["responses", true, (testCase) => sseText(responsesStreamAnswer(testCase), true)],
  ];
  it.each(modes)("%s (stream %s) carries the call or the text exactly", (api, stream, answer) => {
    expect(observeAnswer(api, stream, 200, answer(validCase))).toEqual({
      status: 200,
      escalated: false,
      calls: [{ name: "write_note", arguments: validCase.raw_arguments }],
      text: "",
      reasoning: "",
    });
    expect(observeAnswer(api, stream, 200, answer(contentCase))).toEqual({ status: 200, escalated: false, calls: [], text: contentCase.raw_arguments, reasoning: "" });
    expect(observeAnswer(api, stream, 200, answer(reasoningCase))).toEqual({ status: 200, escalated: false, calls: [], text: "", reasoning: reasoningCase.reasoning });
  });

  it("streams arguments in more than one delta", () => {
    const deltas = chatStreamAnswer(validCase).filter((chunk) => JSON.stringify(chunk).includes('"arguments":"') && !JSON.stringify(chunk).includes('"arguments":""'));
    expect(deltas.length).toBeGreaterThan(5);
  });

  it("keeps object arguments an object in chat answers", () => {
    expect(observeAnswer("chat", false, 200, JSON.stringify(chatAnswer(objectCase))).calls[0]?.arguments).toEqual({ path: "a.md", body: "x" });
    expect(observeAnswer("chat", true, 200, sseText(chatStreamAnswer(objectCase))).calls[0]?.arguments).toEqual({ path: "a.md", body: "x" });
  });
});

describe("a case through toolmend", () => {
  let upstream: ScriptedUpstream;
  let toolmend: RunningToolmend;
  beforeAll(async () => {
    upstream = await startScriptedUpstream();
    toolmend = await startToolmend({ upstream: { url: upstream.url } });
  });
  afterAll(async () => {
    await toolmend.close();
    await upstream.close();
  });

  it.each([
    ["chat", false],
    ["chat", true],
    ["responses", false],
    ["responses", true],
  ] as const)("leaves a valid call untouched: %s, stream %s", async (api, stream) => {
    const observed = await runCase(toolmend.origin, upstream, validCase, api, stream);
    expect(observed.escalated).toBe(false);
    expect(observed.calls).toEqual([{ name: "write_note", arguments: validCase.raw_arguments }]);
  });
});
