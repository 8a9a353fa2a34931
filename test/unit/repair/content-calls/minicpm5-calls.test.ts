import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

type Row = [string, string, (readonly [string, unknown])[], string];

const quotedTools: ToolDefinition[] = [
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, unit: { type: "string" }, days: { type: "integer" } }, required: ["city"] } },
];

/** MiniCPM5's XML calls: `<function name=…>` around `<param name=…>` elements, which it may wrap in `<arguments>`. */
describe("MiniCPM5 calls", () => {
  it.each<Row>([
    ["parameters in an <arguments> wrapper", '<function name="get_weather"><arguments><param name="city">Paris</param><param name="days">2</param></arguments></function>', [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["the wrapper on lines of its own, after prose", 'Checking.\n<function name="get_time">\n<arguments>\n<param name="tz">UTC</param>\n</arguments>\n</function>', [["get_time", { tz: "UTC" }]], "Checking."],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an undeclared tool in the wrapper", '<function name="delete_all"><arguments><param name="path">/</param></arguments></function>'],
    ["an <arguments> wrapper left open", '<function name="get_weather"><arguments><param name="city">Paris</param></function>'],
    ["text beside the wrapper", '<function name="get_weather">see <arguments><param name="city">Paris</param></arguments></function>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

/**
 * MiniCPM's parsers read each `<param>` value as JSON when it parses; the rest of the `<invoke>` family keeps a
 * string's text. A string value written as one JSON string (`"Beijing"`) is then the word or the word in quotes:
 * the call is not read, unless every value is JSON and two strings or more are quoted, as a writer of JSON does.
 */
describe("MiniCPM's quoted string values", () => {
  it.each<Row>([
    ["a string as text", '<function name="get_weather"><param name="city">Paris</param></function>', [["get_weather", { city: "Paris" }]], ""],
    ["a quoted number where an integer goes (the string inside, which coercion reads)", '<function name="get_weather"><param name="city">Paris</param><param name="days">"3"</param></function>', [["get_weather", { city: "Paris", days: "3" }]], ""],
    ["quotes inside a string", '<function name="get_weather"><param name="city">the "old" town</param></function>', [["get_weather", { city: 'the "old" town' }]], ""],
    ["every value JSON, two strings quoted", '<function name="get_weather"><arguments><param name="city">"Paris"</param><param name="unit">"c"</param><param name="days">2</param></arguments></function>', [["get_weather", { city: "Paris", unit: "c", days: 2 }]], ""],
  ])("%s: read", (_title, content, calls, text) => {
    expect(readBothWays(content, quotedTools)).toEqual({ calls, text });
  });

  it.each([
    ["one quoted string", '<function name="get_weather"><param name="city">"Paris"</param></function>'],
    ["after prose, with prose after", 'Before <function name="get_weather"><param name="city">"Paris"</param></function> after'],
    ["a quoted string beside a number", '<function name="get_weather"><param name="city">"Paris"</param><param name="days">3</param></function>'],
    ["a quoted string beside a bare one", '<function name="get_weather"><param name="city">"Paris"</param><param name="unit">c</param></function>'],
    ["a quoted string beside a CDATA section", '<function name="get_weather"><param name="city">"Paris"</param><param name="unit"><![CDATA[c]]></param></function>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, quotedTools).calls).toEqual([]);
  });

  it("keeps the quotes of a string in the rest of the family, whose parsers keep a string's text", () => {
    expect(readBothWays('<invoke name="get_weather"><parameter name="city">"Paris"</parameter></invoke>', quotedTools).calls).toEqual([["get_weather", { city: '"Paris"' }]]);
  });
});
