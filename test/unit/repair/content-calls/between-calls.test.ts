import { describe, expect, it } from "vitest";
import { reportsStateBetween } from "../../../../src/repair/content-calls/between-calls.ts";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

const tools: ToolDefinition[] = [
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
  { name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } },
];
const hermes = (name: string, args: Record<string, string>): string => `<tool_call>${JSON.stringify({ name, arguments: args })}</tool_call>`;
const element = (path: string): string => `<read_file>\n<path>${path}</path>\n</read_file>`;

/** Prose that narrates the model's next step: the calls around it are one turn's. */
const narration = [
  "Now let me also check the other file.",
  "And now Rome:",
  "I also need the file.",
  "Next, Rome.",
  "Last, the file.",
  "Checking Rome too.",
  "Then I'll also do this:",
  "And in parallel:",
  "More files:",
  "and",
  "The weather in Rome is what you asked about too, so:",
  "We need both.",
  "You asked for both, so here is the second.",
  "然后查询罗马：",
  "---",
];

/** Prose that states how things are: a result before its call could run, or something learnt before the turn. */
const reports = [
  "The session is still running. Let me kill it and get fresh intel on what's going on before we retry.",
  "The file is empty.",
  "It failed.",
  "That didn't work. Trying the other path:",
  "There are 3 files in the folder.",
  "The tests passed. Now the file:",
  "Paris looks sunny.",
  "The server returned an error.",
  "It's done. Next:",
];

describe("prose between two groups of calls", () => {
  it.each(narration)("%j narrates the next step", (prose) => {
    expect(reportsStateBetween(prose)).toBe(false);
  });

  it.each(reports)("%j states how things are", (prose) => {
    expect(reportsStateBetween(prose)).toBe(true);
  });

  it("markup between is not prose", () => {
    expect(reportsStateBetween("<|eot_id|>\n[unused12]\n</s>")).toBe(false);
  });

  // Whole and streamed, in two formats: narration keeps every call, a report between keeps the text as text.
  it.each(narration.filter((prose) => prose !== "---"))("%j between: every call is read", (prose) => {
    for (const content of [`${hermes("get_weather", { city: "Paris" })}\n${prose}\n${hermes("read_file", { path: "a.txt" })}`, `${element("a.txt")}\n\n${prose}\n\n${element("b.txt")}`]) {
      expect(readBothWays(content, tools).calls).toHaveLength(2);
    }
  });

  it.each(reports)("%j between: the text stays text", (prose) => {
    for (const content of [`${hermes("get_weather", { city: "Paris" })}\n${prose}\n${hermes("read_file", { path: "a.txt" })}`, `${element("a.txt")}\n\n${prose}\n\n${element("b.txt")}`]) {
      expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
    }
  });

  it("a report before the first call or after the last is judged by the rules for those places", () => {
    expect(readBothWays(`The file is large.\n${element("a.txt")}\n\nNow the other one:\n\n${element("b.txt")}`, tools).calls).toHaveLength(2);
  });
});
