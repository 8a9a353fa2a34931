import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const run: ToolDefinition[] = [
  { name: "execute", parameters: { type: "object", properties: { language: { type: "string" }, code: { type: "string" } }, required: ["language", "code"] } },
];

describe("a call written as text whose string holds raw backslashes", () => {
  it.each([
    ["a Windows path after an environment variable", String.raw`{"name": "execute", "arguments": {"language": "shell", "code": "dir %USERPROFILE%\Pictures"}}`, String.raw`dir %USERPROFILE%\Pictures`],
    ["a path whose \\t is a backslash too", String.raw`{"name": "execute", "arguments": {"language": "shell", "code": "type C:\temp\x.txt"}}`, String.raw`type C:\temp\x.txt`],
    ["in Hermes tags", String.raw`<tool_call>{"name": "execute", "arguments": {"language": "shell", "code": "dir C:\Users\me"}}</tool_call>`, String.raw`dir C:\Users\me`],
    ["in a json fence, with a single-quoted slip elsewhere", "```json\n" + String.raw`{"name": "execute", "arguments": {'language': 'shell', "code": "cd D:\Work"}}` + "\n```", String.raw`cd D:\Work`],
    ["in a Python dict's single quotes", String.raw`{'name': 'execute', 'arguments': {'language': 'shell', 'code': 'dir C:\Users\me'}}`, String.raw`dir C:\Users\me`],
    ["a regular expression", String.raw`{"name": "execute", "arguments": {"language": "shell", "code": "grep -E '\d+' a.txt"}}`, String.raw`grep -E '\d+' a.txt`],
  ])("keeps every backslash: %s", (_title, content, code) => {
    const reading = readBothWays(content, run);
    expect(reading.calls).toHaveLength(1);
    expect((reading.calls[0]![1] as { code: string }).code).toBe(code);
  });

  it("keeps an apostrophe inside a double-quoted string, and reads the call", () => {
    const reading = readBothWays(String.raw`{"name": "execute", "arguments": {'language': 'shell', "code": "echo it's C:\Temp"}}`, run);
    expect(reading.calls[0]![1]).toEqual({ language: "shell", code: String.raw`echo it's C:\Temp` });
  });

  it("still decodes the escapes of a string written as JSON", () => {
    const reading = readBothWays(String.raw`{"name": "execute", "arguments": {'language': 'python', "code": "print(1)\nprint(\"a\\b\")"}}`, run);
    expect(reading.calls[0]![1]).toEqual({ language: "python", code: 'print(1)\nprint("a\\b")' });
  });

  it.each([
    ["a string mixing an escaped backslash with a raw one", String.raw`{"name": "execute", "arguments": {"language": "shell", "code": "copy C:\\a\b D:\x", 'x': 1}}`],
  ])("reads no call from %s (two readings)", (_title, content) => {
    expect(readBothWays(content, run).calls).toEqual([]);
  });
});
