import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// The call's id written on its tag as an attribute names the call and says nothing of its arguments: a body that is
// a whole JSON call is that call (`<tool_call id="call_1">{"name": …, "arguments": …}</tool_call>`, Anthropic's
// `<tool_use id="toolu_01">{"name": …, "input": …}</tool_use>`), as one with the name attribute too is.
const call = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
const use = '{"name": "get_weather", "input": {"city": "Paris"}}';

describe("a call tag carrying the call's id", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["a Hermes tag, the body a whole call", `<tool_call id="call_1">${call}</tool_call>`, [["get_weather", { city: "Paris" }]], ""],
    ["an id in single quotes, the body on its own lines", `<tool_call id='call_1'>\n${call}\n</tool_call>`, [["get_weather", { city: "Paris" }]], ""],
    ["Anthropic's tag and id", `<tool_use id="toolu_01">${use}</tool_use>`, [["get_weather", { city: "Paris" }]], ""],
    ["Anthropic's tag with the name too, the body the arguments", `<tool_use id="toolu_01" name="get_weather">{"city": "Paris"}</tool_use>`, [["get_weather", { city: "Paris" }]], ""],
    ["after a sentence, prose after it", `Let me check. <tool_use id="toolu_01">${use}</tool_use> One moment.`, [["get_weather", { city: "Paris" }]], "Let me check. One moment."],
    [
      "two tags, two calls",
      `<tool_call id="call_1">${call}</tool_call>\n<tool_call id="call_2">{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>`,
      [
        ["get_weather", { city: "Paris" }],
        ["get_time", { tz: "UTC" }],
      ],
      "",
    ],
  ])("%s: read", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    // With no name anywhere, the body would have to be the arguments of a tool nothing names.
    ["an id and the arguments alone", `<tool_call id="call_1">{"city": "Paris"}</tool_call>`],
    ["an id and an empty body", `<tool_call id="call_1"></tool_call>`],
    ["an attribute that is not the call's id or name", `<tool_call type="function">${call}</tool_call>`],
    ["an id and the name of another tool in the body", `<tool_call id="call_1" name="get_time">${call}</tool_call>`],
    ["words after the call inside the tag", `<tool_use id="toolu_01">${use} later</tool_use>`],
    ["the tag never closed, an answer after the call", `<tool_use id="toolu_01">${use}\nIt is sunny in Paris.`],
  ])("%s: text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

// A body that reads as a call of another tool may be the named tool's own arguments, when they hold a `name`.
describe("a call tag naming a tool whose arguments hold a name", () => {
  const skill = [{ name: "skill", parameters: { type: "object", properties: { name: { type: "string" }, args: { type: "string" } }, required: ["name"] } }];

  it.each<[string, string, Record<string, unknown>]>([
    ["the skill's name alone", '<tool_call name="skill">{"name": "customize-opencode"}</tool_call>', { name: "customize-opencode" }],
    ["with another declared key", '<tool_call name="skill">{"name": "review", "args": "--fast"}</tool_call>', { name: "review", args: "--fast" }],
  ])("%s: the body is the named tool's arguments", (_title, content, args) => {
    expect(readBothWays(content, skill)).toEqual({ calls: [["skill", args]], text: "" });
  });

  it("stays text when a key of the body is not the named tool's", () => {
    const content = '<tool_call name="skill">{"name": "review", "arguments": {"path": "a"}}</tool_call>';
    expect(readBothWays(content, skill)).toEqual({ calls: [], text: content });
  });
});
