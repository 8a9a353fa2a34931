import { describe, expect, it } from "vitest";
import { HANG_GUARD_MS } from "../../../support/hang-guard.ts";
import { readBothWays } from "./read-both-ways.ts";
import { cdataValue, indexOutsideCdata } from "../../../../src/repair/content-calls/cdata.ts";
import { firstCloserEndOutsideCdata } from "../../../../src/repair/content-calls/opening-reads.ts";
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

describe("closers outside CDATA sections", () => {
  it.each<[string, number]>([
    ["a </x>", 2],
    ["<![CDATA[</x>]]></x>", 16],
    ["<![CDATA[a]]> <![CDATA[</x>]]> </x>", 31],
    // A section never closed is no section: the text reads as before.
    ["<![CDATA[ </x>", 10],
    ["<![CDATA[</x>]]>", -1],
  ])("%j", (text, at) => {
    expect(indexOutsideCdata(text, "</x>", 0)).toBe(at);
  });

  it.each<[string, { end: number; from?: number }]>([
    ["a </x>", { end: 6 }],
    ["<![CDATA[</x>]]></x>", { end: 20 }],
    // While a section is open, its closers may be its text: wait, and search again from it.
    ["a <![CDATA[</x>", { end: -1, from: 2 }],
    ["a <![CD", { end: -1, from: 2 }],
    ["a", { end: -1 }],
  ])("streamed %j", (text, found) => {
    expect(firstCloserEndOutsideCdata(text, 0, ["</x>"])).toEqual(found);
  });

  it("scans many sections, each holding a closer, once", () => {
    const text = "<![CDATA[</x>]]>".repeat(50_000) + "</x>";
    expect(firstCloserEndOutsideCdata(text, 0, ["</x>", "</y>"])).toEqual({ end: text.length });
    expect(indexOutsideCdata(text, "</x>", 0)).toBe(text.length - 4);
    const body = "</param></function>".repeat(1_000);
    expect(read(`<function name="save"><param name="body"><![CDATA[${body}]]></param></function>`)).toEqual({ calls: [["save", { body }]], text: "" });
  }, HANG_GUARD_MS);
});

describe("a closer of the call itself inside a CDATA section is the value's text, in every element format", () => {
  it.each<[string, string, unknown, string?]>([
    ["MiniCPM5's <function name>", '<function name="save"><param name="body"><![CDATA[see </param> and </function> end]]></param></function>', { body: "see </param> and </function> end" }],
    ["an invoke", '<invoke name="save"><parameter name="body"><![CDATA[x </parameter></invoke> y]]></parameter></invoke>', { body: "x </parameter></invoke> y" }],
    ["MiniMax's wrapper closer in it too", '<minimax:tool_call>\n<invoke name="save">\n<parameter name="body"><![CDATA[</invoke></minimax:tool_call>]]></parameter>\n</invoke>\n</minimax:tool_call>', { body: "</invoke></minimax:tool_call>" }],
    ["DSML", '<｜DSML｜function_calls><｜DSML｜invoke name="save"><｜DSML｜parameter name="body" string="true"><![CDATA[a </｜DSML｜invoke> b]]></｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>', { body: "a </｜DSML｜invoke> b" }],
    ["the tool's own element", "<save><body><![CDATA[a </save> b]]></body></save>", { body: "a </save> b" }],
    ["<tool_call> around elements", "<tool_call><tool_name>save</tool_name><parameters><body><![CDATA[a </parameters></tool_call> b]]></body></parameters></tool_call>", { body: "a </parameters></tool_call> b" }],
    ["prose around, a parameter after it", 'Saving. <function name="save"><param name="body"><![CDATA[<b>x</b> </function>]]></param><param name="path">a.txt</param></function> Done.', { body: "<b>x</b> </function>", path: "a.txt" }, "Saving. Done."],
  ])("%s", (_title, content, args, text = "") => {
    expect(read(content)).toEqual({ calls: [["save", args]], text });
  });

  it.each([
    ["a section never closed", '<function name="save"><param name="body"><![CDATA[a </param></function>'],
    ["a section after text in the value", '<function name="save"><param name="body">a <![CDATA[</function>]]></param></function>'],
    ["a section closed then more of the value", '<function name="save"><param name="body"><![CDATA[a]]> </function> b]]></param></function>'],
    ["the element cut inside the section", "<save><body><![CDATA[a </save>"],
    ["a section in prose after the call's own element", "Example: <![CDATA[<save><body>x</body></save>]]>"],
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
