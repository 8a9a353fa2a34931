import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const call = (id: string, body: string): string => `<|tool_call_begin|>${id}\n\`\`\`json\n${body}\n\`\`\`\n<|tool_call_end|>`;
const section = (...calls: string[]): string => `<|tool_calls_section_begin|>\n${calls.join("\n")}\n<|tool_calls_section_end|>`;

describe("Kimi K2.5's ```json block after the name, with no argument token", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["in its section", section(call("functions.get_weather", '{"city": "Paris"}')), [["get_weather", { city: "Paris" }]], ""],
    ["with its index, prose around", `Let me check.\n${section(call("functions.get_weather:0", '{"city": "Paris", "days": 2}'))}\nDone.`, [["get_weather", { city: "Paris", days: 2 }]], "Let me check.\nDone."],
    ["two calls without the section", `${call("functions.get_weather", '{"city": "Paris"}')}${call("functions.get_time", '{"tz": "CET"}')}`, [["get_weather", { city: "Paris" }], ["get_time", { tz: "CET" }]], ""],
  ])("reads it %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each<[string, string]>([
    ["without its end token", '<|tool_call_begin|>functions.get_weather\n```json\n{"city": "Paris"}\n```'],
    ["without a name", call("", '{"city": "Paris"}')],
    ["with words after the object in the block", call("functions.get_weather", '{"city": "Paris"} and Oslo')],
    ["with a second call broken", `${call("functions.get_weather", '{"city": "Paris"}')}<|tool_call_begin|>functions.get_time\n{"tz": "CET"}<|tool_call_end|>`],
    ["naming a tool the request does not declare", call("functions.book_flight", '{"to": "NYC"}')],
  ])("leaves it as text %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
