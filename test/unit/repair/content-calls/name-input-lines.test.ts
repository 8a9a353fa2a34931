import { describe, expect, it } from "vitest";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const withHyphen: ToolDefinition[] = [...tools, { name: "get-github-data", parameters: { type: "object", properties: { endpoint: { type: "string" } }, required: ["endpoint"] } }];

type Row = [string, string, (readonly [string, unknown])[], string];

/** A call listed as chat surfaces list one: `name:` on a line, its arguments under `input:` on the next. */
describe("calls written as name and input lines", () => {
  it.each<Row>([
    ["input", 'name: get_weather\ninput: {"city": "Paris"}', [["get_weather", { city: "Paris" }]], ""],
    ["arguments, the object over several lines", 'name: get_weather\narguments: {\n  "city": "Paris",\n  "days": 2\n}', [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["parameters", 'name: get_time\nparameters: {"tz": "UTC"}', [["get_time", { tz: "UTC" }]], ""],
    ["a hyphenated name", 'name: get-github-data\ninput: {\n  "endpoint": "/search/commits?q=repo:a/b"\n}', [["get-github-data", { endpoint: "/search/commits?q=repo:a/b" }]], ""],
    ["a sentence before it stays text", 'Let me check.\nname: get_weather\ninput: {"city": "Paris"}', [["get_weather", { city: "Paris" }]], "Let me check."],
    ["bold labels", '**name:** get_weather\n**input:** {"city": "Paris"}', [["get_weather", { city: "Paris" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content, withHyphen)).toEqual({ calls, text });
  });

  it.each([
    ["an undeclared name", 'name: get_forecast\ninput: {"city": "Paris"}'],
    ["no input label on the next line", 'name: get_weather\n{"city": "Paris"}'],
    ["an input that is no object", "name: get_weather\ninput: Paris"],
    ["the name mid-line", 'The field name: get_weather\ninput: {"city": "Paris"}'],
    ["a name line among other fields (a config, not a call)", 'name: get_weather\nversion: 2\ninput: {"city": "Paris"}'],
    ["an object cut short", 'name: get_weather\ninput: {"city": "Par'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content, withHyphen).calls).toEqual([]);
  });
});
