import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

// GLM's JSON form (`<tool_call>name>{…}`, GLM-5.3-Flash) as GLM-5.1 writes it through llama.cpp's template (`name}{…}`
// then a stray `</arg_value>`), and as Qwen3.5 writes it when its template's `<function=` was lost (`name>{…}</function>`).
const paris = [["get_weather", { city: "Paris", days: 2 }]] as const;

describe("GLM's JSON form with the closer its family strays", () => {
  it.each([
    ["GLM-5.1, `}` for `>`, closed by `</arg_value>`", `<tool_call>get_weather}{"city": "Paris", "days": 2}</arg_value>`],
    ["GLM-5.1, after prose", `I'll check.\n\n<tool_call>get_weather}{"city": "Paris", "days": 2}</arg_value>`],
    ["GLM-5.1, no closer", `<tool_call>get_weather}{"city": "Paris", "days": 2}`],
    ["GLM-5.1, the block closed too", `<tool_call>get_weather}{"city": "Paris", "days": 2}</arg_value></tool_call>`],
    ["Qwen3.5, `</function>` then the block's closer", `<tool_call>get_weather>{"city": "Paris", "days": 2}</function></tool_call>`],
    ["Qwen3.5, `</function>` on its own line", `<tool_call>get_weather>{"city": "Paris", "days": 2}\n</function>\n</tool_call>`],
    ["GLM-5.3-Flash, `</arg_value>`", `<tool_call>get_weather>{"city": "Paris", "days": 2}</arg_value>`],
  ])("%s: read", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: paris, text: content.startsWith("I'll") ? "I'll check." : "" });
  });

  it.each([
    ["prose after the closer", `<tool_call>get_weather}{"city": "Paris"}</arg_value> Then I'll tell you.`],
    ["prose before the closer", `<tool_call>get_weather>{"city": "Paris"} done</function></tool_call>`],
    ["both closers", `<tool_call>get_weather}{"city": "Paris"}</arg_value></function>`],
    ["a space in `} {`", `<tool_call>get_weather} {"city": "Paris"}</arg_value>`],
    ["a list for the object", `<tool_call>get_weather}[1, 2]</arg_value>`],
  ])("%s: stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
