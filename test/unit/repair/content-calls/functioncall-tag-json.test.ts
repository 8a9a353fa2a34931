import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

// Glaive's call written inside the `<functioncall …>` tag's own brackets.
const tools: ToolDefinition[] = [
  { name: "HassTurnOn", parameters: { type: "object", properties: { name: { type: "string" }, area: { type: "string" }, domain: { type: "string" } } } },
  { name: "HassLightSet", parameters: { type: "object", properties: { name: { type: "string" }, brightness: { type: "integer" } }, required: ["name"] } },
];
const tag = (json: string): string => `<functioncall ${json}>`;

describe("Glaive's call as the JSON inside `<functioncall …>`", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["alone", tag('{"name": "HassTurnOn", "arguments": {"domain": "light"}}'), [["HassTurnOn", { domain: "light" }]], ""],
    ["after a sentence", `Turning it on. ${tag('{"name": "HassTurnOn", "arguments": {"domain": "light", "area": "kitchen"}}')}`, [["HassTurnOn", { domain: "light", area: "kitchen" }]], "Turning it on."],
    ["a value holding the tag's closer", tag('{"name": "HassTurnOn", "arguments": {"name": "a > b"}}'), [["HassTurnOn", { name: "a > b" }]], ""],
    ["the arguments as a string, as Glaive writes them", tag('{"name": "HassLightSet", "arguments": "{\\"name\\": \\"lamp\\", \\"brightness\\": 40}"}'), [["HassLightSet", { name: "lamp", brightness: 40 }]], ""],
    ["compact, its end token after it", `${tag('{"name":"HassLightSet","arguments":{"name":"lamp","brightness":5}}')}<|endoftext|>`, [["HassLightSet", { name: "lamp", brightness: 5 }]], "<|endoftext|>"],
    [
      "two tags, a line apart",
      `${tag('{"name": "HassTurnOn", "arguments": {"domain": "fan"}}')}\n${tag('{"name": "HassLightSet", "arguments": {"name": "lamp"}}')}`,
      [["HassTurnOn", { domain: "fan" }], ["HassLightSet", { name: "lamp" }]],
      "",
    ],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, tools)).toEqual({ calls, text });
  });

  it.each([
    ["an undeclared tool", tag('{"name": "HassTurnOff", "arguments": {"domain": "light"}}')],
    ["attributes in place of the JSON", '<functioncall name="HassTurnOn" domain="light">'],
    ["the object cut", '<functioncall {"name": "HassTurnOn", "arguments": {"domain": "li'],
    ["shown in backticks in a sentence", 'Write `<functioncall {"name": "HassTurnOn", "arguments": {}}>` to call it.'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});
