import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const fileTools: ToolDefinition[] = [
  { name: "read_file", parameters: { type: "object", properties: { filepath: { type: "string" } }, required: ["filepath"] } },
  {
    name: "edit_file",
    parameters: { type: "object", properties: { filepath: { type: "string" }, changes: { type: "string" }, replace_all: { type: "boolean" } }, required: ["filepath", "changes"] },
  },
  { name: "list_dir", parameters: { type: "object", properties: {} } },
];

describe("Continue's ```tool block (TOOL_NAME, BEGIN_ARG … END_ARG)", () => {
  it.each([
    ["alone", "```tool\nTOOL_NAME: read_file\nBEGIN_ARG: filepath\nsrc/index.ts\nEND_ARG\n```", ["read_file", { filepath: "src/index.ts" }], ""],
    ["after prose, its value a JSON string as Continue writes calls back", "I'll read it.\n\n```tool\nTOOL_NAME: read_file\nBEGIN_ARG: filepath\n\"src/index.ts\"\nEND_ARG\n```", ["read_file", { filepath: "src/index.ts" }], "I'll read it."],
    [
      "with several arguments, a value over several lines and a JSON boolean",
      "```tool\nTOOL_NAME: edit_file\nBEGIN_ARG: filepath\na.py\nEND_ARG\nBEGIN_ARG: changes\ndef f():\n    return 1\nEND_ARG\nBEGIN_ARG: replace_all\ntrue\nEND_ARG\n```",
      ["edit_file", { filepath: "a.py", changes: "def f():\n    return 1", replace_all: true }],
      "",
    ],
    ["in lower case, blank lines between the arguments", "```tool\ntool_name: edit_file\n\nbegin_arg: filepath\na.py\nend_arg\n\nBEGIN_ARG: changes\nx = 1\nEND_ARG\n```", ["edit_file", { filepath: "a.py", changes: "x = 1" }], ""],
    ["with no argument", "```tool\nTOOL_NAME: list_dir\n```", ["list_dir", {}], ""],
    ["with text after its fence", "```tool\nTOOL_NAME: read_file\nBEGIN_ARG: filepath\na.txt\nEND_ARG\n```\nI will wait for it.", ["read_file", { filepath: "a.txt" }], "I will wait for it."],
  ])("reads it %s", (_title, content, call, text) => {
    expect(readBothWays(content, fileTools)).toEqual({ calls: [call], text });
  });

  it.each([
    ["with an argument never closed", "```tool\nTOOL_NAME: read_file\nBEGIN_ARG: filepath\nsrc/index.ts\n```"],
    ["with an argument written twice", "```tool\nTOOL_NAME: read_file\nBEGIN_ARG: filepath\na.txt\nEND_ARG\nBEGIN_ARG: filepath\nb.txt\nEND_ARG\n```"],
    ["with a line that is no argument", "```tool\nTOOL_NAME: read_file\nfilepath: a.txt\n```"],
    ["with prose after its last argument, inside the fence", "```tool\nTOOL_NAME: read_file\nBEGIN_ARG: filepath\na.txt\nEND_ARG\nThen I'll edit it.\n```"],
    ["naming no declared tool", "```tool\nTOOL_NAME: delete_repo\nBEGIN_ARG: name\nx\nEND_ARG\n```"],
    ["as a tool's definition", "```tool_definition\nTOOL_NAME: read_file\nTOOL_ARG: filepath (string, required)\nEND_ARG\n```"],
    ["without its fence (lines that may be shown code)", "I'll help you with that.\nTOOL_NAME: read_file\nBEGIN_ARG: filepath\nvalue1\nEND_ARG\n"],
    ["in a fence of another language", "```text\nTOOL_NAME: read_file\nBEGIN_ARG: filepath\na.txt\nEND_ARG\n```"],
    ["with its fence left open", "```tool\nTOOL_NAME: read_file\nBEGIN_ARG: filepath\na.txt\nEND_ARG"],
  ])("leaves it as text %s", (_title, content) => {
    expect(readBothWays(content, fileTools).calls).toEqual([]);
  });
});

describe("Continue's ```tool block values, typed from the schema", () => {
  const tools: ToolDefinition[] = [
    {
      name: "write_file",
      parameters: { type: "object", properties: { filepath: { type: "string" }, contents: { type: "string" }, line: { type: "integer" } }, required: ["filepath", "contents"] },
    },
  ];
  it.each([
    ["a JSON file's content stays the text it is", "```tool\nTOOL_NAME: write_file\nBEGIN_ARG: filepath\n\"package.json\"\nEND_ARG\nBEGIN_ARG: contents\n{\n  \"name\": \"app\"\n}\nEND_ARG\n```", { filepath: "package.json", contents: '{\n  "name": "app"\n}' }],
    ["a number written bare for an integer", "```tool\nTOOL_NAME: write_file\nBEGIN_ARG: filepath\na.txt\nEND_ARG\nBEGIN_ARG: contents\nhi\nEND_ARG\nBEGIN_ARG: line\n3\nEND_ARG\n```", { filepath: "a.txt", contents: "hi", line: 3 }],
    ["a quoted value as the JSON string it is", "```tool\nTOOL_NAME: write_file\nBEGIN_ARG: filepath\n\"a b.txt\"\nEND_ARG\nBEGIN_ARG: contents\n\"line 1\\nline 2\"\nEND_ARG\n```", { filepath: "a b.txt", contents: "line 1\nline 2" }],
  ])("reads %s", (_title, content, args) => {
    expect(readBothWays(content, tools).calls).toEqual([["write_file", args]]);
  });
});
