import { describe, expect, it } from "vitest";
import { readElementHead } from "../../../../src/repair/content-calls/declared-element-calls.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const withPlan = [...tools, { name: "plan", parameters: { type: "object", properties: { steps: { type: "array", items: { type: "string" } } } } }];

describe("readElementHead", () => {
  const names = ["get_time", "get_weather"];

  it("reads a declared tool's tag", () => {
    expect(readElementHead("<get_time>\n", 0, names)).toEqual({ body: 10, close: "</get_time>" });
  });

  it.each(["<", "<get", "<get_time"])("waits on %j", (text) => {
    expect(readElementHead(text, 0, names)).toBe("wait");
  });

  it.each(["<b>", "<get_times>", "<get_time attr>", "<tool_call>", "x<get_time>"])("rules out %j", (text) => {
    expect(readElementHead(text, 0, names)).toBe("no");
  });
});

describe("an element named after a declared tool", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["child elements, typed from the schema", "<get_weather>\n<city>Paris</city>\n<days>3</days>\n</get_weather>", [["get_weather", { city: "Paris", days: 3 }]], ""],
    ["after prose, prose after", "I'll check.\n\n<get_weather>\n<city>Paris</city>\n</get_weather>\nOne moment.", [["get_weather", { city: "Paris" }]], "I'll check.\n\nOne moment."],
    // Roo Code's fallback parser reads the element after a sentence on its line.
    ["after a sentence on its line, one after it", "First, I'll check. <get_weather><city>Paris</city></get_weather> That should do.", [["get_weather", { city: "Paris" }]], "First, I'll check. That should do."],
    ["glued to a colon", "Let me look:<get_time><tz>UTC</tz></get_time>", [["get_time", { tz: "UTC" }]], "Let me look:"],
    ["after an exclamation mark", "On it! <get_time><tz>UTC</tz></get_time>", [["get_time", { tz: "UTC" }]], "On it!"],
    ["JSON between the tags", '<get_weather>{"city": "Paris"}</get_weather>', [["get_weather", { city: "Paris" }]], ""],
    ["no arguments", "<get_time></get_time>", [["get_time", {}]], ""],
    ["a value over several lines, one newline either side dropped", "<get_weather>\n<city>\nNew\nYork\n</city>\n</get_weather>", [["get_weather", { city: "New\nYork" }]], ""],
    ["after Cline's thinking", "<thinking>The user wants the time.</thinking>\n<get_time>\n<tz>UTC</tz>\n</get_time>", [["get_time", { tz: "UTC" }]], "<thinking>The user wants the time.</thinking>"],
    ["a list as elements of one name", "<plan>\n<steps>\n<step>look</step>\n<step> leap </step>\n</steps>\n</plan>", [["plan", { steps: ["look", "leap"] }]], ""],
    ["two calls", "<get_time>\n<tz>UTC</tz>\n</get_time>\n<get_time>\n<tz>CET</tz>\n</get_time>", [["get_time", { tz: "UTC" }], ["get_time", { tz: "CET" }]], ""],
    // Two formats mixed: Qwen3-Coder's or an invoke's parameter elements inside the tool's own.
    ["Qwen3-Coder's parameter elements inside", "<get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n3\n</parameter>\n</get_weather>", [["get_weather", { city: "Paris", days: 3 }]], ""],
    ["an invoke's parameter elements inside", '<get_weather><parameter name="city">Paris</parameter></get_weather>', [["get_weather", { city: "Paris" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, withPlan)).toEqual({ calls, text });
  });

  it.each([
    ["the tag in prose", "Use the <get_time> tool when you need it."],
    ["mid-sentence, no sentence's end before it", "I used <get_time><tz>UTC</tz></get_time> earlier."],
    ["after an ellipsis", "Hmm... <get_time><tz>UTC</tz></get_time>"],
    ["after an example's lead-in on its line", "For example: <get_time><tz>UTC</tz></get_time>"],
    ["after a sentence, the subject of the next", "Done. <get_time><tz>UTC</tz></get_time> is how to call it."],
    ["plain text between the tags", "<get_weather>Paris</get_weather>"],
    ["a tool that was not declared", "<read_file>\n<path>a.txt</path>\n</read_file>"],
    ["never closed", "<get_weather>\n<city>Paris</city>"],
    ["in a blockquote", "> <get_weather><city>Paris</city></get_weather>"],
    ["text between the children", "<get_weather>\nthe city: <city>Paris</city>\n</get_weather>"],
    ["text after a parameter element", "<get_weather><parameter=city>Paris</parameter> then Rome</get_weather>"],
    ["a parameter element never closed", "<get_weather><parameter=city>Paris</get_weather>"],
    ["HTML", "<b>bold</b> and <i>more</i>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("a declared tool's element in a ```xml fence", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["alone", "```xml\n<get_weather>\n<city>Paris</city>\n</get_weather>\n```", [["get_weather", { city: "Paris" }]], ""],
    ["after prose", "I'll check.\n```xml\n<get_weather>\n<city>Oslo</city>\n<days>2</days>\n</get_weather>\n```", [["get_weather", { city: "Oslo", days: 2 }]], "I'll check."],
    ["two calls in one fence", "```xml\n<get_time>\n<tz>UTC</tz>\n</get_time>\n<get_weather>\n<city>Rome</city>\n</get_weather>\n```", [["get_time", { tz: "UTC" }], ["get_weather", { city: "Rome" }]], ""],
  ])("reads it %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["holding an element of no declared tool", "```xml\n<config>\n<city>Paris</city>\n</config>\n```"],
    ["holding prose beside the call", "```xml\n<!-- example -->\n<get_weather>\n<city>Paris</city>\n</get_weather>\nThis shows the format.\n```"],
    ["left open", "```xml\n<get_weather>\n<city>Paris</city>\n</get_weather>"],
    ["with the element never closed", "```xml\n<get_weather>\n<city>Paris</city>\n```"],
  ])("leaves it as text %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("a tool's own element under DeepSeek's DSML prefix", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["fullwidth bars, one child a line", "<｜DSML｜get_weather>\n <city>Paris</city>\n <days>2</days>\n</｜DSML｜get_weather>", [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["ASCII bars, inline", "<|DSML|get_time><tz>UTC</tz></|DSML|get_time>", [["get_time", { tz: "UTC" }]], ""],
    ["after a sentence", "Checking it. <｜DSML｜get_time><tz>CET</tz></｜DSML｜get_time>", [["get_time", { tz: "CET" }]], "Checking it."],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["closed without the prefix", "<｜DSML｜get_weather><city>Paris</city></get_weather>"],
    ["an undeclared tool", "<｜DSML｜rm><path>/</path></｜DSML｜rm>"],
    ["self-closing", "<｜DSML｜get_time/>"],
    ["inside a sentence", "The model wrote <｜DSML｜get_time><tz>UTC</tz></｜DSML｜get_time> and stopped."],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
