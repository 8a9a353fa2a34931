import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// A value whose own closer was left out is read up to where the markup goes on (the call's closer, or, where the
// tags are the model's tokens, the next key). When it ends there in a closing tag (`UTC</param>`), that tag is the
// value's closer written wrong (a sibling format's: llama.cpp's `</param>`, TeleChat's `</param_value>`, DSML's
// plain `</parameter>`) or the value's own text: two readings, and the call stays text.
const qwen = (value: string): string => `<tool_call>\n<function=get_weather>\n<parameter=city>${value}</function>\n</tool_call>`;
const glm = (value: string, next = ""): string => `<tool_call>get_weather<arg_key>city</arg_key><arg_value>${value}${next}</tool_call>`;
const dsml = (value: string): string => `<｜DSML｜function_calls><｜DSML｜invoke name="get_weather"><｜DSML｜parameter name="city" string="true">${value}</｜DSML｜invoke></｜DSML｜function_calls>`;
const claude = (value: string): string => `<function_calls><invoke name="get_weather"><parameter name="city">${value}</invoke></function_calls>`;

describe("a value left open that ends in a closing tag", () => {
  it.each<[string, string]>([
    ["Qwen3-Coder's value closed by llama.cpp's short closer", qwen("Paris</param>\n")],
    ["Qwen3-Coder's value closed by GLM's closer", qwen("Paris</arg_value>\n")],
    ["GLM's value closed by TeleChat's closer", glm("Paris</param_value>")],
    ["GLM's value closed by Qwen3-Coder's closer", glm("Paris</parameter>")],
    ["GLM's value closed wrong before the next key", `<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</param_value><arg_key>days</arg_key><arg_value>2</arg_value></tool_call>`],
    ["DSML's value closed by the plain closer", dsml("Paris</parameter>")],
    ["Claude-style XML's value closed by MiniCPM's closer", claude("Paris</param>")],
    ["a value of markup left open (`<b>Paris</b>`)", qwen("<b>Paris</b>\n")],
  ])("%s: text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });

  it.each<[string, string, string]>([
    ["Qwen3-Coder's value left open before the call's closer", qwen("Paris\n"), "Paris"],
    ["GLM's value left open before the block's closer", glm("Paris"), "Paris"],
    ["DSML's value left open before the invoke's closer", dsml("Paris"), "Paris"],
    ["a closed value ending in a closing tag keeps it", `<tool_call>\n<function=get_weather>\n<parameter=city>\n<b>Paris</b>\n</parameter>\n</function>\n</tool_call>`, "<b>Paris</b>"],
    ["a closed GLM value ending in a closing tag keeps it", "<tool_call>get_weather<arg_key>city</arg_key><arg_value><b>Paris</b></arg_value></tool_call>", "<b>Paris</b>"],
  ])("%s: read", (_title, content, city) => {
    expect(readBothWays(content)).toEqual({ calls: [["get_weather", { city }]], text: "" });
  });
});
