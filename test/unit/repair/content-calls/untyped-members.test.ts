/**
 * An object parameter written as one element per member, in markup that
 * writes no type: a member the object's schema does not declare, where it
 * lets other members through and no `additionalProperties` schema types them,
 * has nothing to type it. `90`, `true`, `null`, JSON or elements is that value
 * or its text, as for an undeclared argument (untyped-literal.test.ts): the
 * call stays text. Words are text either way and are read.
 */
import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const NS = "]<]minimax[>[";
const m3 = (key: string, value: string): string => `${NS}<${key}>${value}${NS}</${key}>`;

/** One call of `grade` with `value` as the `scores` object's `math` member, in four markup formats. */
const formats: Record<string, (member: string) => string> = {
  "element call": (member) => `<grade>\n  <student>John</student>\n  <scores>\n    <math>${member}</math>\n  </scores>\n</grade>`,
  "Qwen3-Coder": (member) => `<tool_call>\n<function=grade>\n<parameter=student>\nJohn\n</parameter>\n<parameter=scores>\n<math>${member}</math>\n</parameter>\n</function>\n</tool_call>`,
  invoke: (member) => `<function_calls>\n<invoke name="grade">\n<parameter name="student">John</parameter>\n<parameter name="scores"><math>${member}</math></parameter>\n</invoke>\n</function_calls>`,
  "MiniMax-M3": (member) => `${NS}<tool_call>\n${NS}<invoke name="grade">${m3("student", "John")}${m3("scores", m3("math", member))}${NS}</invoke>\n${NS}</tool_call>`,
};

const grade = (scores: Record<string, unknown>): ToolDefinition[] => [
  { name: "grade", parameters: { type: "object", properties: { student: { type: "string" }, scores: { type: "object", ...scores } }, required: ["student", "scores"] } },
];
/** No member declared: nothing types `math`. */
const untyped = grade({});
/** Another member declared, the object open: `math` is still untyped. */
const openBeside = grade({ properties: { music: { type: "integer" } } });
/** `math` declared. */
const declared = grade({ properties: { math: { type: "integer" } } });
/** Undeclared members typed by `additionalProperties`. */
const typedOthers = grade({ additionalProperties: { type: "number" } });

const rows = Object.entries(formats);

describe("an untyped member of an object parameter written as elements", () => {
  describe.each(rows)("%s", (_format, call) => {
    it.each<[string, string, ToolDefinition[]]>([
      ["a number, no member declared", "90", untyped],
      ["a decimal, another member declared", "-1.5", openBeside],
      ["a boolean", "true", untyped],
      ["null", "null", untyped],
      ["a JSON object", '{"x": 1}', untyped],
      ["a JSON list", "[1, 2]", openBeside],
    ])("%s: the value or its text, the call stays text", (_title, member, tools) => {
      const content = call(member);
      expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
    });

    it.each<[string, string, ToolDefinition[], unknown]>([
      ["words", "ninety", untyped, "ninety"],
      ["a number with a unit", "90 pts", openBeside, "90 pts"],
      ["a number, the member declared", "90", declared, 90],
      ["a number, `additionalProperties` typing it", "90", typedOthers, 90],
    ])("%s: read", (_title, member, tools, value) => {
      expect(readBothWays(call(member), tools).calls).toEqual([["grade", { student: "John", scores: { math: value } }]]);
    });
  });

  it("elements inside an untyped member: an object or its text, the call stays text", () => {
    const content = formats["element call"]!("<top>1</top>");
    expect(readBothWays(content, untyped)).toEqual({ calls: [], text: content });
  });
});
