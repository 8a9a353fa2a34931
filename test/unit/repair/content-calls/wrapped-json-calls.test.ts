import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const call = '{"name": "get_weather", "arguments": {"city": "Oslo", "days": 2}}';

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  { title: "<tools>", content: `<tools>\n  ${call}\n</tools>`, calls: [["get_weather", { city: "Oslo", days: 2 }]], text: "" },
  { title: "<response> after prose", content: `Let me check.\n<response>\n  ${call}\n</response>`, calls: [["get_weather", { city: "Oslo", days: 2 }]], text: "Let me check." },
  { title: "<json>", content: `<json>${call}</json>`, calls: [["get_weather", { city: "Oslo", days: 2 }]], text: "" },
  { title: "<xml> over several lines", content: '<xml>\n  {\n    "name": "get_time", "arguments": {"tz": "UTC"}\n  }\n</xml>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "<JSON> holding a list of calls", content: `<JSON>[${call}, {"name": "get_time", "arguments": {}}]</JSON>`, calls: [["get_weather", { city: "Oslo", days: 2 }], ["get_time", {}]], text: "" },
  { title: "<tools> whose closer the text's end cut", content: `<tools> ${call} </tool`, calls: [["get_weather", { city: "Oslo", days: 2 }]], text: "" },
  { title: "<json> whose closer the text's end cut after its slash", content: `<json>${call}</`, calls: [["get_weather", { city: "Oslo", days: 2 }]], text: "" },
  { title: "<response> in a ```xml block", content: "```xml\n<response>\n    " + call + "\n</response>\n```", calls: [["get_weather", { city: "Oslo", days: 2 }]], text: "" },
];

const prose: [string, string][] = [
  ["Granite's answer in <response>", "<response>Hello, world!\nWhat's up?</response>"],
  ["an answer naming a tool", "<response>get_weather</response>"],
  ["JSON data that is no call", '<json>{"city": "Oslo"}</json>'],
  ["an undeclared tool", '<tools>{"name": "delete_all", "arguments": {"path": "/"}}</tools>'],
  ["a call followed by prose inside the tag", `<response>${call} and more</response>`],
  ["an unclosed answer tag", "<response>Hello, world!"],
  ["a call followed by another tag", `<tools>${call} </tool_call>`],
  ["a call cut inside its object", '<tools>{"name": "get_weather", "arguments": {"city": "Os'],
  ["a call shown as an example", `For example:\n<tools>${call}</tools>`],
];

describe("JSON calls in wrapper tags", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
