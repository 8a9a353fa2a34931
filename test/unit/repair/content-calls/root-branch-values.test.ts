import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import { acme } from "./root-branch-tools.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

/** Actions told apart by an `enum`, in `anyOf`, each branch its own Pydantic model. */
const files: ToolDefinition[] = [
  {
    name: "files",
    parameters: {
      $defs: {
        Move: {
          type: "object",
          properties: { action: { enum: ["move", "rename"] }, from: { type: "string" }, to: { type: "string" }, overwrite: { type: "boolean" } },
          required: ["action", "from", "to"],
          additionalProperties: false,
        },
        Delete: {
          type: "object",
          properties: { action: { const: "delete" }, paths: { type: "array", items: { type: "string" } }, depth: { type: "integer" } },
          required: ["action", "paths"],
          additionalProperties: false,
        },
      },
      anyOf: [{ $ref: "#/$defs/Move" }, { $ref: "#/$defs/Delete" }],
    },
  },
];

const qwen = (name: string, params: readonly (readonly [string, string])[]): string =>
  `<tool_call>\n<function=${name}>\n${params.map(([key, value]) => `<parameter=${key}>\n${value}\n</parameter>\n`).join("")}</function>\n</tool_call>`;
const glm = (name: string, params: readonly (readonly [string, string])[]): string =>
  `<tool_call>${name}\n${params.map(([key, value]) => `<arg_key>${key}</arg_key>\n<arg_value>${value}</arg_value>\n`).join("")}</tool_call>`;
const minimax = (name: string, params: readonly (readonly [string, string])[]): string =>
  `<minimax:tool_call><invoke name="${name}">${params.map(([key, value]) => `<parameter name="${key}">${value}</parameter>`).join("")}</invoke></minimax:tool_call>`;

describe("values written as text, typed by the root branch the call's values select", () => {
  it.each([
    ["Qwen3-Coder", qwen],
    ["GLM", glm],
    ["MiniMax-M2", minimax],
  ])("%s: the object parameter of the branch `kind` names is read as an object", (_title, write) => {
    const content = write("acme", [["kind", "acme"], ["payload", '{"value":"hello"}']]);
    expect(readBothWays(content, acme).calls).toEqual([["acme", { kind: "acme", payload: { value: "hello" } }]]);
  });

  it.each([
    ["SGLang's hunyuan", '<tool_calls><tool_call>acme<tool_sep><arg_key>kind</arg_key><arg_value>acme</arg_value><arg_key>payload</arg_key><arg_value>{"value":"hello"}</arg_value></tool_call></tool_calls>'],
    ["MiMo", '<tool_call><function=acme><parameter=kind>acme</parameter><parameter=payload>{"value":"hello"}</parameter></function></tool_call>'],
    ["MiniMax-M3's elements", '<tool_call><invoke name="acme"><kind>acme</kind><payload><value>hello</value></payload></invoke></tool_call>'],
    ["Step3", '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="acme"><steptml:parameter name="kind">acme</steptml:parameter><steptml:parameter name="payload">{"value":"hello"}</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>'],
  ])("%s", (_title, content) => {
    expect(readBothWays(content, acme).calls).toEqual([["acme", { kind: "acme", payload: { value: "hello" } }]]);
  });

  it.each([
    ["Qwen3-Coder", qwen],
    ["GLM", glm],
    ["MiniMax-M2", minimax],
  ])("%s: in the branch that does not declare the key, its JSON is the object or its text, and the call is not read", (_title, write) => {
    const content = write("acme", [["kind", "other"], ["payload", '{"x":1}']]);
    expect(readBothWays(content, acme).calls).toEqual([]);
  });

  it("words under a key the chosen branch does not declare are text either way, and read", () => {
    expect(readBothWays(qwen("acme", [["kind", "other"], ["note", "see below"]]), acme).calls).toEqual([["acme", { kind: "other", note: "see below" }]]);
  });

  it("an enum member selects its branch: a list and a number typed by it", () => {
    const content = glm("files", [["action", "delete"], ["paths", '["a.txt", "b.txt"]'], ["depth", "2"]]);
    expect(readBothWays(content, files).calls).toEqual([["files", { action: "delete", paths: ["a.txt", "b.txt"], depth: 2 }]]);
  });

  it("a boolean typed by the other branch, chosen by another member of its enum", () => {
    const content = qwen("files", [["action", "rename"], ["from", "a"], ["to", "b"], ["overwrite", "true"]]);
    expect(readBothWays(content, files).calls).toEqual([["files", { action: "rename", from: "a", to: "b", overwrite: true }]]);
  });

  it("a value no branch's discriminator takes selects none: nothing types the list, and the call is not read", () => {
    expect(readBothWays(qwen("files", [["action", "copy"], ["paths", '["a"]']]), files).calls).toEqual([]);
  });

  it("a property the branches declare alike types the value when the call fits both", () => {
    const either: ToolDefinition[] = [
      {
        name: "search",
        parameters: {
          type: "object",
          oneOf: [
            { type: "object", properties: { query: { type: "string" }, limit: { type: "integer" } }, required: ["query"] },
            { type: "object", properties: { url: { type: "string" }, limit: { type: "integer" } }, required: ["url"] },
          ],
        },
      },
    ];
    expect(readBothWays(glm("search", [["query", "cats"], ["limit", "5"]]), either).calls).toEqual([["search", { query: "cats", limit: 5 }]]);
  });

  it("a property the branches left type two ways is not typed by either: its number stays two readings", () => {
    const split: ToolDefinition[] = [
      {
        name: "lookup",
        parameters: {
          type: "object",
          anyOf: [
            { type: "object", properties: { id: { type: "integer" } } },
            { type: "object", properties: { id: { type: "string" } } },
          ],
        },
      },
    ];
    expect(readBothWays(glm("lookup", [["id", "42"]]), split).calls).toEqual([]);
  });

  it("a root that is only a local `$ref` (a Pydantic model) types values by the model it names", () => {
    const referenced: ToolDefinition[] = [
      {
        name: "set_point",
        parameters: {
          $ref: "#/$defs/Point",
          $defs: { Point: { type: "object", properties: { at: { $ref: "#/$defs/XY" }, label: { type: "string" } }, required: ["at"] }, XY: { type: "object", properties: { x: { type: "number" }, y: { type: "number" } } } },
        },
      },
    ];
    expect(readBothWays(qwen("set_point", [["at", '{"x": 1, "y": 2}'], ["label", "home"]]), referenced).calls).toEqual([["set_point", { at: { x: 1, y: 2 }, label: "home" }]]);
  });

  it("an optional nested model (`anyOf: [$ref, null]`) takes its object", () => {
    const optional: ToolDefinition[] = [
      {
        name: "notify",
        parameters: {
          type: "object",
          $defs: { Target: { type: "object", properties: { channel: { type: "string" } } } },
          properties: { text: { type: "string" }, target: { anyOf: [{ $ref: "#/$defs/Target" }, { type: "null" }] } },
          required: ["text"],
        },
      },
    ];
    expect(readBothWays(minimax("notify", [["text", "hi"], ["target", '{"channel": "ops"}']]), optional).calls).toEqual([["notify", { text: "hi", target: { channel: "ops" } }]]);
  });
});
