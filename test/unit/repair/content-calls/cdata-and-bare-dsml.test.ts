import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import { cdataValue } from "../../../../src/repair/content-calls/cdata.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const save: ToolDefinition = {
  name: "save",
  parameters: {
    type: "object",
    properties: { body: { type: "string" }, path: { type: "string" }, n: { type: "integer" }, tags: { type: "array", items: { type: "string" } } },
    required: ["body"],
  },
};
const read = (content: string) => readBothWays(content, [save]);

describe("cdataValue", () => {
  it.each<[string, ReturnType<typeof cdataValue>]>([
    ["plain text", { kind: "plain" }],
    ["<![CDATA[a <b> & c]]>", { kind: "section", text: "a <b> & c" }],
    ["\n  <![CDATA[x\n]]>\n", { kind: "section", text: "x\n" }],
    ["<![CDATA[]]>", { kind: "section", text: "" }],
    ["<![CDATA[a]]> b", { kind: "mixed" }],
    ["<![CDATA[a]]><![CDATA[b]]>", { kind: "mixed" }],
    ["<![CDATA[never closed", { kind: "mixed" }],
    ["Paris <![CDATA[France]]>", { kind: "mixed" }],
    // Written as is or decoded: two readings.
    ['<?xml version="1.0"?><a><![CDATA[x]]></a>', { kind: "mixed" }],
  ])("%j", (value, expected) => {
    expect(cdataValue(value)).toEqual(expected);
  });
});

describe("a value written as one CDATA section is its text, verbatim, in every element format", () => {
  it.each<[string, string, unknown]>([
    ["a child of <parameters>", "<tool_call><tool_name>save</tool_name><parameters><body><![CDATA[a <b> & c]]></body></parameters></tool_call>", { body: "a <b> & c" }],
    ["a line break kept", "<tool_use><tool_name>save</tool_name><parameters><body><![CDATA[x\ny\n]]></body><path>p</path></parameters></tool_use>", { body: "x\ny\n", path: "p" }],
    ["a number typed from the schema", "<tool_call><tool_name>save</tool_name><parameters><body>hi</body><n><![CDATA[30]]></n></parameters></tool_call>", { body: "hi", n: 30 }],
    ["a closer inside the section is text", "<tool_call><tool_name>save</tool_name><parameters><body><![CDATA[see </body> here]]></body></parameters></tool_call>", { body: "see </body> here" }],
    ["the tool's own element", "<save><body><![CDATA[<b>bold</b>]]></body></save>", { body: "<b>bold</b>" }],
    ["list items", "<save><body>x</body><tags><![CDATA[a & b]]></tags><tags>c</tags></save>", { body: "x", tags: ["a & b", "c"] }],
    ["the arguments element as one section of JSON", '<tool_call><tool_name>save</tool_name><parameters><![CDATA[{"body": "works"}]]></parameters></tool_call>', { body: "works" }],
    ["an entity in a section is the text", '<invoke name="save"><parameter name="body"><![CDATA[echo a &gt; b]]></parameter></invoke>', { body: "echo a &gt; b" }],
  ])("%s", (_title, content, args) => {
    expect(read(content)).toEqual({ calls: [["save", args]], text: "" });
  });

  it.each([
    ["text after the section", "<tool_call><tool_name>save</tool_name><parameters><body><![CDATA[a]]> b</body></parameters></tool_call>"],
    ["a section never closed", "<save><body><![CDATA[a</body></save>"],
    ["a section inside an XML document", "<save><body><?xml version=\"1.0\"?><a><![CDATA[x]]></a></body></save>"],
    ["a section inside a Qwen3-Coder value", "<function=save><parameter=body>\nsee <![CDATA[x]]>\n</parameter></function>"],
    ["arguments: a section and more", '<tool_call><tool_name>save</tool_name><parameters><![CDATA[{"body": "x"}]]>{}</parameters></tool_call>'],
  ])("%s stays text", (_title, content) => {
    expect(read(content)).toEqual({ calls: [], text: content });
  });
});

describe("DSML with its bars lost", () => {
  it.each<[string, string, unknown]>([
    ["no bars", '<DSMLtool_calls><DSMLinvoke name="save"><DSMLparameter name="body" string="true">q</DSMLparameter><DSMLparameter name="n" string="false">3</DSMLparameter></DSMLinvoke></DSMLtool_calls>', { body: "q", n: 3 }],
    ["the leading bar lost", '<DSML｜tool_calls>\n<DSML｜invoke name="save">\n<DSML｜parameter name="body"><![CDATA[q]]></DSML｜parameter>\n</DSML｜invoke>\n</DSML｜tool_calls>', { body: "q" }],
    ["ASCII bars, trailing one only", '<DSML|function_calls><DSML|invoke name="save"><DSML|parameter name="body">q</DSML|parameter></DSML|invoke></DSML|function_calls>', { body: "q" }],
  ])("%s", (_title, content, args) => {
    expect(read(`Let me save it.\n\n${content}`)).toEqual({ calls: [["save", args]], text: "Let me save it." });
  });

  it.each([
    ["a closer with other bars", '<DSMLtool_calls><DSMLinvoke name="save"><DSMLparameter name="body">q</DSML｜parameter></DSMLinvoke></DSMLtool_calls>'],
    ["prose naming the tag", "The model writes <DSMLinvoke name=...> when its tokens are lost."],
    ["an HTML class", '<div class="tool_calls">\n  <span class="invoke">just HTML markup</span>\n</div>'],
  ])("%s stays text", (_title, content) => {
    expect(read(content)).toEqual({ calls: [], text: content });
  });
});

describe("an invoke parameter written once per item", () => {
  it("is a list for a property that takes one", () => {
    const content = '<tool_calls><invoke name="save"><parameter name="body">b</parameter><parameter name="tags">first</parameter><parameter name="tags">second</parameter></invoke></tool_calls>';
    expect(read(content)).toEqual({ calls: [["save", { body: "b", tags: ["first", "second"] }]], text: "" });
  });

  it("is a guess for one that takes a single value", () => {
    const content = '<tool_calls><invoke name="save"><parameter name="body">a</parameter><parameter name="body">b</parameter></invoke></tool_calls>';
    expect(read(content)).toEqual({ calls: [], text: content });
  });
});
