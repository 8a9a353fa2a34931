import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const shell: ToolDefinition[] = [
  { name: "shell", parameters: { type: "object", properties: { command: { type: "array", items: { type: "string" } }, workdir: { type: "string" } }, required: ["command"] } },
];

describe("a list written as one element per item", () => {
  it.each<[string, string, unknown]>([
    ["items typed from the list's schema", "<shell>\n<command>ls</command>\n<command>-la</command>\n</shell>", { command: ["ls", "-la"] }],
  ])("%s", (_title, content, args) => {
    expect(readBothWays(content, shell)).toEqual({ calls: [["shell", args]], text: "" });
  });

  it.each([
    ["a string property written twice", "<shell>\n<command>ls</command>\n<workdir>.</workdir>\n<workdir>/tmp</workdir>\n</shell>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, shell)).toEqual({ calls: [], text: content });
  });
});

describe("an element's closer written twice", () => {
  it.each<[string, string, unknown]>([
    ["after a list's last item", "<shell><command>ls</command><command>src</command></command><workdir>.</workdir></shell>", { command: ["ls", "src"], workdir: "." }],
    ["on a line of its own", "<shell>\n<command>ls</command>\n<command>-la</command>\n</command>\n<workdir>.</workdir>\n</shell>", { command: ["ls", "-la"], workdir: "." }],
  ])("%s is markup", (_title, content, args) => {
    expect(readBothWays(content, shell)).toEqual({ calls: [["shell", args]], text: "" });
  });

  it.each([
    ["text between the two closers", "<shell><command>ls</command> -la</command></shell>"],
    ["another element's closer", "<shell><command>ls</command></workdir></shell>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, shell)).toEqual({ calls: [], text: content });
  });
});
