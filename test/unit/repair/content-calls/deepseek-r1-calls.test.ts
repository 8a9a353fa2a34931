import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";

const fenced = (name: string, json: string): string => `function<｜tool▁sep｜>${name}\n\`\`\`json\n${json}\n\`\`\`<｜tool▁call▁end｜>`;

const calls: { title: string; content: string; calls: (readonly [string, unknown])[]; text: string }[] = [
  { title: "R1's one opening token", content: `<｜tool▁calls｜>${fenced("get_time", '{"tz": "UTC"}')}<｜tool▁calls▁end｜>`, calls: [["get_time", { tz: "UTC" }]], text: "" },
  {
    title: "then a second call with its own token",
    content: `Checking.\n<｜tool▁calls｜>${fenced("get_time", '{"tz": "UTC"}')}\n<｜tool▁call▁begin｜>${fenced("get_weather", '{"city": "Oslo"}')}<｜tool▁calls▁end｜>`,
    calls: [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo" }]],
    text: "Checking.",
  },
  { title: "with ASCII bars", content: `<|tool▁calls|>function<|tool▁sep|>get_time\n\`\`\`json\n{"tz": "UTC"}\n\`\`\`<|tool▁call▁end|><|tool▁calls▁end|>`, calls: [["get_time", { tz: "UTC" }]], text: "" },
];

const prose: [string, string][] = [
  ["an undeclared tool", `<｜tool▁calls｜>${fenced("delete_all", '{"path": "/"}')}<｜tool▁calls▁end｜>`],
  ["the token without a separator", "<｜tool▁calls｜>get_time<｜tool▁call▁end｜>"],
  ["the token mentioned in reasoning", "It starts with <｜tool▁calls｜> and ends with"],
];

describe("DeepSeek R1 calls opened by <｜tool▁calls｜>", () => {
  it.each(calls)("$title", (row) => {
    expect(readBothWays(row.content)).toEqual({ calls: row.calls, text: row.text });
  });

  it.each(prose)("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});
