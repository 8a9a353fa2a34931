import { describe, expect, it } from "vitest";
import { readBothWays } from "./read-both-ways.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";

/**
 * Formats whose reader takes every block of the text at once (a marker before a payload, `<function_calls>` holding
 * JSON or Python calls, Mistral's `[TOOL_CALLS]` list): with prose between two blocks, each format goes through the
 * rule every format does, whole and streamed (see calls-with-prose-between.test.ts).
 */
const tools: ToolDefinition[] = [
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
  { name: "read_file", parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } },
];

type Args = Record<string, string>;
const json = (name: string, args: Args): string => JSON.stringify({ name, arguments: args });
const python = (name: string, args: Args): string => `${name}(${Object.entries(args).map(([key, value]) => `${key}="${value}"`).join(", ")})`;

/** One call in each format, as one block. */
const formats: Record<string, (name: string, args: Args) => string> = {
  "Hunyuan's <tool_calls>": (name, args) => `<tool_calls>[${json(name, args)}]</tool_calls>`,
  "MiniMax-M1's <tool_calls> lines": (name, args) => `<tool_calls>\n${json(name, args)}\n</tool_calls>`,
  "Nemotron's <TOOLCALL>": (name, args) => `<TOOLCALL>[${json(name, args)}]</TOOLCALL>`,
  "Llama 4's <|python_start|>": (name, args) => `<|python_start|>[${python(name, args)}]<|python_end|>`,
  "Llama 3.1's <|python_tag|>": (name, args) => `<|python_tag|>${json(name, args)}<|eom_id|>`,
  "Apertus's keyed list": (name, args) => `<|tools_prefix|>[${JSON.stringify({ [name]: args })}]<|tools_suffix|>`,
  "openPangu's [unused11]": (name, args) => `[unused11][${json(name, args)}][unused12]`,
  "OLMo 3's <function_calls>": (name, args) => `<function_calls>${python(name, args)}</function_calls>`,
  "<function_calls> holding JSON": (name, args) => `<function_calls>\n[${json(name, args)}]\n</function_calls>`,
  "Granite's <|tool_call|>": (name, args) => `<|tool_call|>[${json(name, args)}]`,
  "Command R7B's action": (name, args) => `<|START_ACTION|>[${JSON.stringify({ tool_call_id: "0", tool_name: name, parameters: args })}]<|END_ACTION|>`,
  "Phi-4-mini's functools": (name, args) => `functools[${json(name, args)}]`,
  "Mistral's [TOOL_CALLS] list": (name, args) => `[TOOL_CALLS][${json(name, args)}]`,
  "LFM2's list": (name, args) => `<|tool_call_start|>[${python(name, args)}]<|tool_call_end|>`,
};

const hermes = (name: string, args: Args): string => `<tool_call>${json(name, args)}</tool_call>`;
const paris = ["get_weather", { city: "Paris" }] as const;
const rome = ["get_weather", { city: "Rome" }] as const;
const file = ["read_file", { path: "a.txt" }] as const;

describe.each(Object.entries(formats))("%s, prose between blocks", (_format, write) => {
  const call = ([name, args]: readonly [string, Args]): string => write(name, args);

  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["a sentence between", `${call(paris)}\nThen I'll also do this:\n${call(file)}`, [paris, file]],
    ["a lead-in before each", `Checking Paris first:\n${call(paris)}\nAnd now Rome:\n${call(rome)}`, [paris, rome]],
    ["three groups", `${call(paris)}\nNext, Rome.\n${call(rome)}\nLast, the file.\n${call(file)}`, [paris, rome, file]],
    ["a word between", `${call(paris)} and ${call(file)}`, [paris, file]],
    ["a Hermes block after", `${call(paris)}\nI also need the file.\n${hermes(...file)}`, [paris, file]],
    ["a Hermes block before", `${hermes(...paris)}\nI also need the file.\n${call(file)}`, [paris, file]],
    ["the same call again, read once", `${call(paris)}\nLet me try once more.\n${call(paris)}`, [paris]],
    ["the set again, read once", `${call(paris)}\nThen the file.\n${call(file)}\nLet's execute these steps.\n${call(paris)}\n${call(file)}`, [paris, file]],
  ])("%s: every call is read", (_title, content, calls) => {
    expect(readBothWays(content, tools).calls).toEqual(calls);
  });

  it.each([
    ["a later block naming an undeclared tool", `${call(paris)}\nAnd the time:\n${call(["get_time", { tz: "UTC" }])}`],
    ["the first block naming an undeclared tool", `${call(["get_time", { tz: "UTC" }])}\nAnd the weather:\n${call(paris)}`],
    ["an undeclared block before a Hermes call", `${call(["get_time", { tz: "UTC" }])}\nI also need the file.\n${hermes(...file)}`],
    ["an undeclared block after a Hermes call", `${hermes(...paris)}\nI also need the time.\n${call(["get_time", { tz: "UTC" }])}`],
    ["the second offered instead", `${call(paris)}\nAlternatively:\n${call(rome)}`],
    ["the first taken back", `${call(paris)}\nWait, actually, I meant Rome:\n${call(rome)}`],
    ["some of the calls again", `${call(paris)}\nThen Rome.\n${call(rome)}\nLet me try once more.\n${call(paris)}`],
    ["a call again with a new one", `${call(paris)}\nLet me try once more.\n${call(paris)}\n${call(rome)}`],
    ["a result stated between", `${call(paris)}\nThe weather in Paris is sunny with 22°C. Now Rome:\n${call(rome)}`],
    ["a state reported between", `${call(paris)}\nThe file is still missing. Let me read it anyway.\n${call(file)}`],
    ["a result made up after the second", `${call(paris)}\nNow Rome:\n${call(rome)}\n<tool_response>{"temp": 20}</tool_response>\nBoth are warm.`],
    ["an example's lead-in before the first", `Example: ${call(paris)}\nReal: ${call(rome)}`],
  ])("%s: the text stays text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });

  it.each([
    ["an example's lead-in before the second", (shown: string) => `For example:\n${shown}`],
    ["the second in a code block the text goes on after", (shown: string) => `The format:\n\`\`\`\n${shown}\n\`\`\`\nThat is all.`],
  ])("%s: the first call is read, the shown one stays text", (_title, around) => {
    const rest = around(call(rome));
    expect(readBothWays(`${call(paris)}\n${rest}`, tools)).toEqual({ calls: [paris], text: rest });
  });
});

/** The pythonic format's list of calls is the format's own notation: one naming an undeclared tool is a call the model made. */
describe("the pythonic format's lists, one naming an undeclared tool", () => {
  const list = ([name, args]: readonly [string, Args]): string => `[${python(name, args)}]`;
  const news = ["get_news", { topic: "rain" }] as const;

  it.each([
    ["after the call, prose between", `${list(paris)}\nAnd the news:\n${list(news)}`],
    ["before the call, prose between", `${list(news)}\nAnd the weather:\n${list(paris)}`],
    ["in a row with the call", `${list(news)}\n${list(paris)}`],
    ["before a Hermes call", `${list(news)}\nI also need the file.\n${hermes(...file)}`],
    ["after a Hermes call", `${hermes(...paris)}\nI also need the news.\n${list(news)}`],
  ])("%s: the text stays text", (_title, content) => {
    expect(readBothWays(content, tools)).toEqual({ calls: [], text: content });
  });

  it.each([
    ["Python code in a fence", `${list(paris)}\nIn Python you could write:\n\`\`\`python\n[print(x)]\n\`\`\``],
    ["a list comprehension on its line", `${list(paris)}\n[len(x) for x in xs]`],
    ["inline code", `${list(paris)}\n\`${list(news)}\` is not available.`],
    ["inside a sentence", `You could use ${list(news)} too.\n${list(paris)}`],
    ["weighed in closed reasoning", `<think>Maybe ${list(news)}? No.</think>\n${list(paris)}`],
  ])("%s: no call, the declared call is read", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([paris]);
  });
});
