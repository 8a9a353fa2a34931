import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const listTools: ToolDefinition[] = [
  ...tools,
  { name: "read", parameters: { type: "object", properties: { file_path: { type: "string" }, limit: { type: "integer" } }, required: ["file_path"] } },
  { name: "Bash", parameters: { type: "object", properties: { command: { type: "string" } }, required: ["command"] } },
];

describe("a call list whose calls each hold the arguments object, [name({…})]", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["alone", '[read({"file_path": "/tmp/test.py"})]', [["read", { file_path: "/tmp/test.py" }]], ""],
    ["a number and a string", '[read({"file_path": "a.ts", "limit": 40})]', [["read", { file_path: "a.ts", limit: 40 }]], ""],
    ["spaces inside the brackets and parentheses", '[ get_weather( {"city": "Oslo"} ) ]', [["get_weather", { city: "Oslo" }]], ""],
    [
      "two calls",
      '[get_weather({"city": "Paris"}), get_time({"tz": "CET"})]',
      [["get_weather", { city: "Paris" }], ["get_time", { tz: "CET" }]],
      "",
    ],
    [
      "the same tool three times, a line each",
      '[read({"file_path": "a.py"}),\n read({"file_path": "b.py"}),\n read({"file_path": "c.py"})]',
      [["read", { file_path: "a.py" }], ["read", { file_path: "b.py" }], ["read", { file_path: "c.py" }]],
      "",
    ],
    ["brackets and parentheses inside a string", '[Bash({"command": "echo \\"[x]\\" && ls (1)"})]', [["Bash", { command: 'echo "[x]" && ls (1)' }]], ""],
    ["prose on the line before", 'Let me read it.\n[read({"file_path": "src/main.py"})]', [["read", { file_path: "src/main.py" }]], "Let me read it."],
    ["after the reasoning", '<think>The user wants the weather.</think>\n[get_weather({"city": "Lima", "days": 2})]', [["get_weather", { city: "Lima", days: 2 }]], "<think>The user wants the weather.</think>"],
    ["after Mistral's token", '[TOOL_CALLS][get_time({"tz": "UTC"})]', [["get_time", { tz: "UTC" }]], ""],
    ["after Llama's python tag", '<|python_tag|>[get_weather({"city": "Rome"})]', [["get_weather", { city: "Rome" }]], ""],
    ["an empty object", "[get_time({})]", [["get_time", {}]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, listTools)).toEqual({ calls, text });
  });

  it.each([
    ["a name and no object", "This prose mentions [read(file_path)] without JSON arguments."],
    ["a string where the object goes", '[read("/tmp/test.py")]'],
    ["a call mixing keyword arguments in", '[read({"file_path": "a"}), read(file_path="b")]'],
    ["two objects in one call", '[read({"file_path": "a"}, {"limit": 2})]'],
    ["an undeclared tool", '[exec({"command": "ls"})]'],
    ["an undeclared tool after a declared one", '[read({"file_path": "a"}), exec({"command": "ls"})]'],
    ["the list never closed", '[read({"file_path": "a"})'],
    ["cut inside the object", '[read({"file_path": "/tm'],
    ["mid-line in a sentence", 'Earlier I ran [read({"file_path": "a.py"})] and it failed.'],
    ["shown as an example", 'For example:\n[read({"file_path": "a.py"})]'],
    ["in a fence of another language", '```python\nx = [read({"file_path": "a.py"})]\n```'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, listTools)).toEqual({ calls: [], text: content });
  });
});
