import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

type Row = [string, string, (readonly [string, unknown])[], string];

/** MiniCPM5's XML calls: `<function name=…>` around `<param name=…>` elements, and the slips its outputs show. */
describe("MiniCPM5 calls", () => {
  it.each<Row>([
    ["parameters in an <arguments> wrapper", '<function name="get_weather"><arguments><param name="city">Paris</param><param name="days">2</param></arguments></function>', [["get_weather", { city: "Paris", days: 2 }]], ""],
    ["the wrapper on lines of its own, after prose", 'Checking.\n<function name="get_time">\n<arguments>\n<param name="tz">UTC</param>\n</arguments>\n</function>', [["get_time", { tz: "UTC" }]], "Checking."],
    ["the space before the attributes lost", '<functionname="get_weather"><paramname="city">Oslo</param></function>', [["get_weather", { city: "Oslo" }]], ""],
    ["one element collapsed, the other not", '<functionname="get_weather"><param name="city">Oslo</param></function>', [["get_weather", { city: "Oslo" }]], ""],
    ["two calls, collapsed", '<functionname="get_time"><paramname="tz">UTC</param></function><functionname="get_weather"><paramname="city">Rome</param></function>', [["get_time", { tz: "UTC" }], ["get_weather", { city: "Rome" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an undeclared tool, collapsed", '<functionname="delete_all"><paramname="path">/</param></function>'],
    ["an <arguments> wrapper left open", '<function name="get_weather"><arguments><param name="city">Paris</param></function>'],
    ["text beside the wrapper", '<function name="get_weather">see <arguments><param name="city">Paris</param></arguments></function>'],
    ["a collapsed element never closed", '<functionname="get_weather"><paramname="city">Oslo</param>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
