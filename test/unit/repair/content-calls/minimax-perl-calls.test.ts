import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const shell: ToolDefinition = {
  name: "shell",
  parameters: { type: "object", properties: { command: { type: "string" }, description: { type: "string" }, timeout: { type: "integer" } }, required: ["command"] },
};
const withShell = [...tools, shell];

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  {
    title: "one argument a line, quoted",
    content: '[TOOL_CALL]\n{tool => "shell", args => {\n  --command "ls -la"\n  --description "list the directory"\n}}\n[/TOOL_CALL]',
    calls: [["shell", { command: "ls -la", description: "list the directory" }]],
    text: "",
  },
  {
    title: "an unquoted value is the rest of its line",
    content: 'Let me try a simpler shell command:\n[TOOL_CALL]\n{tool => "shell", args => {\n  --command echo "hello"\n}}\n[/TOOL_CALL]',
    calls: [["shell", { command: 'echo "hello"' }]],
    text: "Let me try a simpler shell command:",
  },
  {
    title: "inline after prose, a number typed from the schema",
    content: 'Continue [TOOL_CALL] {tool => "shell", args => {\n--command "python3 server.py"\n--timeout 30\n}} [/TOOL_CALL]',
    calls: [["shell", { command: "python3 server.py", timeout: 30 }]],
    text: "Continue",
  },
  { title: "on one line", content: '[TOOL_CALL] {tool => "get_weather", args => {--city "Paris" --days 2}} [/TOOL_CALL]', calls: [["get_weather", { city: "Paris", days: 2 }]], text: "" },
  { title: "without arguments", content: '[TOOL_CALL] {tool => "get_time", args => {}} [/TOOL_CALL]', calls: [["get_time", {}]], text: "" },
  { title: "a JSON escape in a quoted value", content: '[TOOL_CALL]\n{tool => "shell", args => {\n  --command "printf \\"a\\\\tb\\""\n}}\n[/TOOL_CALL]', calls: [["shell", { command: 'printf "a\\tb"' }]], text: "" },
  {
    title: "two blocks",
    content: '[TOOL_CALL] {tool => "get_time", args => {}} [/TOOL_CALL]\n[TOOL_CALL] {tool => "get_weather", args => {\n--city "Oslo"\n}} [/TOOL_CALL]',
    calls: [["get_time", {}], ["get_weather", { city: "Oslo" }]],
    text: "",
  },
];

const prose: [string, string][] = [
  ["an undeclared tool", '[TOOL_CALL] {tool => "rm_rf", args => {--path "/"}} [/TOOL_CALL]'],
  ["an unquoted value holding another flag", '[TOOL_CALL] {tool => "shell", args => {--command ls --timeout 5}} [/TOOL_CALL]'],
  ["a flag without a value", '[TOOL_CALL]\n{tool => "shell", args => {\n  --command\n}}\n[/TOOL_CALL]'],
  ["an argument written twice", '[TOOL_CALL] {tool => "get_weather", args => {--city "Oslo" --city "Rome"}} [/TOOL_CALL]'],
  ["words after a quoted value", '[TOOL_CALL] {tool => "get_weather", args => {--city "Oslo" please}} [/TOOL_CALL]'],
  ["a quoted value left open", '[TOOL_CALL]\n{tool => "get_weather", args => {\n  --city "Oslo\n}}\n[/TOOL_CALL]'],
  ["an argument without its dashes", '[TOOL_CALL] {tool => "get_weather", args => {city "Oslo"}} [/TOOL_CALL]'],
  ["the hash not closed", '[TOOL_CALL] {tool => "get_weather", args => {--city "Oslo"} [/TOOL_CALL]'],
  ["a call shown as an example", 'For example:\n[TOOL_CALL] {tool => "get_weather", args => {--city "Oslo"}} [/TOOL_CALL]'],
  ["a placeholder value", '[TOOL_CALL] {tool => "get_weather", args => {--city "<city>"}} [/TOOL_CALL]'],
];

describe("MiniMax's Perl-hash calls between [TOOL_CALL] markers", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content, withShell)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content, withShell)).toEqual({ calls: [], text: content });
  });
});
