import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

type Row = [string, string, (readonly [string, unknown])[], string];

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
