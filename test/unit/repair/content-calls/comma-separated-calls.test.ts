import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const weather = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
const time = '{"name": "get_time", "arguments": {"tz": "UTC"}}';

type Row = [string, string, (readonly [string, unknown])[], string];

/** A list of JSON calls with its brackets left out: the calls one after another, a comma between them. */
describe("JSON calls separated by commas", () => {
  it.each<Row>([
    ["two calls on their lines", `${weather},\n${time}`, [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    ["indented, as a list's items are", `\n    ${weather},\n    ${time}\n`, [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    ["on one line, a last comma with them", `${weather}, ${time},`, [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    ["a comma then prose", `${weather}, and then I will check the time.`, [["get_weather", { city: "Paris" }]], ", and then I will check the time."],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["a call to an undeclared tool after the comma", `${weather},\n{"name": "delete_all", "arguments": {}}`],
    ["a JSON object that is not a call after the comma", `${weather},\n{"city": "Rome"}`],
    ["a second call cut short", `${weather},\n{"name": "get_time", "arguments": {"tz": "UT`],
    ["a semicolon, then a comma before another call", `${weather}; ${time}, ${weather}`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
