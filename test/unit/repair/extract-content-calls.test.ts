import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { extractToolCallsFromContent } from "../../../src/repair/extract-content-calls.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";
import { HANG_GUARD_MS } from "../../support/hang-guard.ts";

interface CorpusCase {
  readonly id: string;
  readonly class: string;
  readonly tool: ToolDefinition;
  readonly raw_arguments: unknown;
  readonly expected: unknown;
}

const corpus: CorpusCase[] = readFileSync(new URL("../../fixtures/corpus/dev-cases.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as CorpusCase);

const embedded = corpus.filter((entry) => entry.class === "content_embedded_call");

describe("content_embedded_call corpus cases", () => {
  it("covers every case of the class", () => {
    expect(embedded.length).toBe(15);
  });

  it.each(embedded.map((entry) => [entry.id, entry] as const))("%s", (_id, entry) => {
    const decoy: ToolDefinition = { name: "unrelated_tool", parameters: { type: "object", properties: {} } };
    const result = extractToolCallsFromContent(entry.raw_arguments as string, [decoy, entry.tool]);
    expect(result).toBeDefined();
    expect(result!.calls[0]!.name).toBe(entry.tool.name);
    expect(JSON.parse(result!.calls[0]!.arguments)).toEqual(entry.expected);
  });
});

const weather: ToolDefinition = {
  name: "get_weather",
  parameters: {
    type: "object",
    properties: {
      city: { type: "string" },
      days: { type: "integer" },
      metric: { type: "boolean" },
      tags: { type: "array" },
      units: { type: ["string", "null"] },
      limit: { type: ["integer", "null"] },
      options: { type: "object" },
    },
    required: ["city"],
  },
};
const time: ToolDefinition = { name: "get_time", parameters: { type: "object", properties: { tz: { type: "string" } } } };
const tools = [weather, time];

interface FormatRow {
  readonly title: string;
  readonly content: string;
  readonly calls: readonly (readonly [string, unknown])[];
  readonly text?: string;
}

const formats: FormatRow[] = [
  { title: "Hermes JSON", content: '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>', calls: [["get_weather", { city: "Paris" }]] },
  { title: "Hermes, two calls and prose", content: 'Let me check.\n<tool_call>{"name":"get_weather","arguments":{"city":"Paris"}}</tool_call>\n<tool_call>{"name":"get_time","arguments":{"tz":"CET"}}</tool_call>', calls: [["get_weather", { city: "Paris" }], ["get_time", { tz: "CET" }]], text: "Let me check." },
  { title: "Hermes, two JSON calls in one block", content: '<tool_call>\n{"name": "get_time", "arguments": {}}\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>', calls: [["get_time", {}], ["get_weather", { city: "Oslo" }]], text: "" },
  { title: "a <tool> tag", content: '<tool>\n{"name": "get_time", "parameters": {"tz": "UTC"}}\n</tool>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "Hermes without the closing tag", content: '<tool_call>{"name": "get_time", "arguments": {}}', calls: [["get_time", {}]] },
  { title: "Hermes with single quotes", content: "<tool_call>{'name': 'get_time', 'arguments': {'tz': 'UTC'}}</tool_call>", calls: [["get_time", { tz: "UTC" }]] },
  { title: "arguments as a JSON string", content: '<tool_call>{"name": "get_time", "arguments": "{\\"tz\\": \\"UTC\\"}"}</tool_call>', calls: [["get_time", { tz: "UTC" }]] },
  { title: "Qwen3-Coder typed from the schema", content: "<tool_call>\n<function=get_weather>\n<parameter=city>\nNew York\n</parameter>\n<parameter=days>\n3\n</parameter>\n<parameter=metric>\ntrue\n</parameter>\n</function>\n</tool_call>", calls: [["get_weather", { city: "New York", days: 3, metric: true }]] },
  { title: "Qwen3-Coder: a digit string stays a string where the schema wants one", content: "<function=get_time><parameter=tz>0100</parameter></function>", calls: [["get_time", { tz: "0100" }]] },
  { title: "GLM arg_key", content: "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Rome</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>", calls: [["get_weather", { city: "Rome", days: 2 }]] },
  { title: "Qwen3-Coder with Python literals", content: "<tool_call>\n<function=get_weather>\n<parameter=city>\nNone\n</parameter>\n<parameter=metric>\nTrue\n</parameter>\n<parameter=limit>\nNone\n</parameter>\n</function>\n</tool_call>", calls: [["get_weather", { city: "None", metric: true, limit: null }]] },
  { title: "Qwen3-Coder with a Python list and dict", content: "<function=get_weather><parameter=tags>['a', \"b\", 3]</parameter><parameter=options>{'deep': {'x': False}, 'n': 1.5}</parameter></function>", calls: [["get_weather", { tags: ["a", "b", 3], options: { deep: { x: false }, n: 1.5 } }]] },
  { title: "Qwen3-Coder: a string property keeps Python-looking text", content: "<function=get_weather><parameter=units>['metric']</parameter></function>", calls: [["get_weather", { units: "['metric']" }]] },
  { title: "Qwen3-Coder: text that is no literal stays text", content: "<function=get_weather><parameter=metric>yes please</parameter></function>", calls: [["get_weather", { metric: "yes please" }]] },
  { title: "GLM with Python literals", content: "<tool_call>get_weather<arg_key>metric</arg_key><arg_value>False</arg_value><arg_key>tags</arg_key><arg_value>('x',)</arg_value></tool_call>", calls: [["get_weather", { metric: false, tags: ["x"] }]] },
  { title: "GLM keeps a value's own newlines", content: "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>\nline one\nline two\n</arg_value>\n</tool_call>", calls: [["get_weather", { city: "\nline one\nline two\n" }]] },
  { title: "Kimi K2", content: '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Riga"}<|tool_call_end|><|tool_call_begin|>functions.get_time:1<|tool_call_argument_begin|>{}<|tool_call_end|><|tool_calls_section_end|>', calls: [["get_weather", { city: "Riga" }], ["get_time", {}]], text: "" },
  { title: "Kimi K2 after prose, spaces between tokens", content: 'Checking.\n<|tool_calls_section_begin|>\n<|tool_call_begin|>get_time:0 <|tool_call_argument_begin|> {"tz": "UTC"} <|tool_call_end|>\n<|tool_calls_section_end|>', calls: [["get_time", { tz: "UTC" }]], text: "Checking." },
  { title: "Kimi K2 without section or begin tokens", content: 'get_time:0<|tool_call_argument_begin|>{"tz": "UTC"}<|tool_calls_section_end|>\nget_weather:1<|tool_call_argument_begin|>{"city": "Oslo"}<|tool_calls_section_end|>', calls: [["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo" }]], text: "" },
  { title: "Kimi K2 with no arguments", content: "<|tool_call_begin|>functions.get_time:0<|tool_call_argument_begin|><|tool_call_end|>", calls: [["get_time", {}]], text: "" },
  { title: "LM Studio TOOL_REQUEST", content: '[TOOL_REQUEST]\n{"name": "get_time", "arguments": {"tz": "CET"}}\n[END_TOOL_REQUEST]', calls: [["get_time", { tz: "CET" }]], text: "" },
  { title: "LM Studio TOOL_REQUEST, two and no end marker on the last", content: '[TOOL_REQUEST]{"name": "get_time", "arguments": {}}[END_TOOL_REQUEST]\n[TOOL_REQUEST]{"name": "get_weather", "arguments": {"city": "Rome"}}', calls: [["get_time", {}], ["get_weather", { city: "Rome" }]], text: "" },
  { title: "LM Studio bracketed name", content: '[get_weather]\n{"city": "Bonn", "days": 2}\n[END_TOOL_REQUEST]\nDone.', calls: [["get_weather", { city: "Bonn", days: 2 }]], text: "Done." },
  { title: "GLM-4 name then JSON inside tool_call", content: '<tool_call>get_weather\n{"city": "Oslo"}</tool_call>', calls: [["get_weather", { city: "Oslo" }]] },
  { title: "Groq function tag", content: '<function=get_weather>{"city": "Lima"}</function>', calls: [["get_weather", { city: "Lima" }]] },
  { title: "Groq function tag, comma variant", content: '<function=get_weather,{"city": "Lima"}</function>', calls: [["get_weather", { city: "Lima" }]] },
  { title: "Mistral v11 with two calls", content: '[TOOL_CALLS]get_weather[ARGS]{"city": "Nice"}[TOOL_CALLS]get_time[ARGS]{"tz": "CET"}', calls: [["get_weather", { city: "Nice" }], ["get_time", { tz: "CET" }]] },
  { title: "Mistral marker, name and JSON with no [ARGS] (Devstral Small 2)", content: '[TOOL_CALLS]get_weather{"city": "Nice"}', calls: [["get_weather", { city: "Nice" }]], text: "" },
  { title: "MiniMax-M2 [TOOL_CALL] blocks", content: 'On it. [TOOL_CALL] { "tool": "get_time", "args": { "tz": "UTC" } } [/TOOL_CALL]', calls: [["get_time", { tz: "UTC" }]], text: "On it." },
  { title: "Qwen-Agent function and args lines, two calls", content: 'Checking.\n✿FUNCTION✿: get_weather\n✿ARGS✿: {"city": "Oslo"}\n✿FUNCTION✿: get_time\n✿ARGS✿: {"tz": "CET"}', calls: [["get_weather", { city: "Oslo" }], ["get_time", { tz: "CET" }]], text: "Checking." },
  { title: "ReAct action and JSON input after a thought", content: 'Thought: I need the weather.\nAction: get_weather\nAction Input: {"city": "Oslo"}', calls: [["get_weather", { city: "Oslo" }]], text: "Thought: I need the weather." },
  { title: "Mistral v13 call id", content: '[TOOL_CALLS]get_time[CALL_ID]a1b2c3d4e[ARGS]{"tz": "UTC"}', calls: [["get_time", { tz: "UTC" }]] },
  { title: "Llama python_tag", content: '<|python_tag|>{"name": "get_time", "parameters": {"tz": "UTC"}}<|eom_id|>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "Llama bare JSON with parameters", content: '{"name": "get_weather", "parameters": {"city": "Bern"}}', calls: [["get_weather", { city: "Bern" }]] },
  { title: "OpenAI shape in content", content: '{"type": "function", "function": {"name": "get_time", "arguments": "{}"}}', calls: [["get_time", {}]] },
  { title: "pythonic with Python literals", content: "[get_weather(city='Kyiv', metric=True, tags=('a', \"b\")), get_time()]", calls: [["get_weather", { city: "Kyiv", metric: true, tags: ["a", "b"] }], ["get_time", {}]] },
  { title: "LFM2 pythonic", content: '<|tool_call_start|>[get_time(tz="UTC")]<|tool_call_end|>Checking the time.', calls: [["get_time", { tz: "UTC" }]], text: "Checking the time." },
  { title: "gpt-oss Harmony", content: '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Tokyo"}<|call|>', calls: [["get_weather", { city: "Tokyo" }]], text: "" },
  { title: "Harmony, recipient before the channel", content: '<|start|>assistant to=functions.get_time<|channel|>commentary json<|message|>{"tz":"UTC"}<|call|>', calls: [["get_time", { tz: "UTC" }]] },
  { title: "DeepSeek V3.1", content: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"tz": "UTC"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "fenced JSON with prose", content: 'Sure, calling it now:\n```json\n{"name": "get_weather", "arguments": {"city": "Cairo"}}\n```\nOne moment.', calls: [["get_weather", { city: "Cairo" }]], text: "Sure, calling it now:\nOne moment." },
  { title: "a JSON call after prose on its line", content: 'Sure! {"name": "get_time", "arguments": {"tz": "UTC"}}', calls: [["get_time", { tz: "UTC" }]], text: "Sure!" },
  { title: "a pythonic call list after prose on its line", content: "Let me look. [get_weather(city='Köln')]\nBack soon.", calls: [["get_weather", { city: "Köln" }]], text: "Let me look. Back soon." },
  { title: "MCP JSON-RPC", content: '{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "get_time", "arguments": {"tz": "UTC"}}}', calls: [["get_time", { tz: "UTC" }]] },
  { title: "JSON-RPC method naming the tool", content: '{"jsonrpc": "2.0", "method": "get_time", "params": {"tz": "UTC"}}', calls: [["get_time", { tz: "UTC" }]] },
  { title: "MiniMax invokes", content: '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Oslo</parameter>\n<parameter name="days">2</parameter>\n</invoke>\n<invoke name="get_time">\n</invoke>\n</minimax:tool_call>', calls: [["get_weather", { city: "Oslo", days: 2 }], ["get_time", {}]], text: "" },
  { title: "an invoke value keeps its own newlines", content: '<invoke name="get_weather"><parameter name="city">\nOslo\nNorway</parameter></invoke>', calls: [["get_weather", { city: "\nOslo\nNorway" }]], text: "" },
  { title: "Claude-style function_calls", content: 'Let me check.\n<function_calls>\n<invoke name="get_time">\n<parameter name="tz">UTC</parameter>\n</invoke>\n</function_calls>', calls: [["get_time", { tz: "UTC" }]], text: "Let me check." },
  { title: "DeepSeek V3.2 DSML", content: '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="city" string="true">Lyon</｜DSML｜parameter>\n<｜DSML｜parameter name="metric" string="false">true</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>', calls: [["get_weather", { city: "Lyon", metric: true }]], text: "" },
  { title: "Seed with function name and param", content: '<seed:tool_call><function name="get_time"><param name="tz">UTC</param></function></seed:tool_call>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "Seed-OSS", content: "<seed:tool_call>\n<function=get_time>\n<parameter=tz>UTC</parameter>\n</function>\n</seed:tool_call>", calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "Gemma 4 with its quote tokens", content: '<|tool_call>call:get_weather{city:<|"|>New "York"<|"|>,days:2,tags:[<|"|>a<|"|>]}<tool_call|>', calls: [["get_weather", { city: 'New "York"', days: 2, tags: ["a"] }]], text: "" },
  { title: "Gemma 4 parenthesised", content: '<|tool_call>call:get_time(tz: "UTC")<tool_call|>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "FunctionGemma", content: "<start_function_call>call:get_time{tz:<escape>UTC<escape>}<end_function_call>", calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "Granite", content: '<|tool_call|>[{"name": "get_time", "arguments": {"tz": "UTC"}}]', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "Phi-4-mini functools, two calls", content: ' functools[{"name": "get_time", "arguments": {}}, {"name": "get_weather", "arguments": {"city": "Oslo"}}]', calls: [["get_time", {}], ["get_weather", { city: "Oslo" }]], text: "" },
  { title: "Hunyuan and Jamba tool_calls", content: '<tool_calls>[{"name": "get_time", "arguments": {"tz": "UTC"}}]</tool_calls>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "Nemotron TOOLCALL", content: '<TOOLCALL>[{"name": "get_time", "arguments": {"tz": "UTC"}}]</TOOLCALL>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "Command R7B action", content: '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_time", "parameters": {"tz": "UTC"}}]<|END_ACTION|>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "InternLM2 plugin action", content: '<|action_start|><|plugin|>\n{"name": "get_time", "parameters": {"tz": "UTC"}}<|action_end|>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "Llama 4 python_start", content: '<|python_start|>[get_time(tz="UTC")]<|python_end|>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "Llama 3.1 built-in tool", content: '<|python_tag|>get_time.call(tz="UTC")<|eom_id|>', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "Gemma tool_code fence", content: '```tool_code\nget_weather(city="Rome", days=1)\n```', calls: [["get_weather", { city: "Rome", days: 1 }]], text: "" },
  { title: "a stray closing tag after the call", content: 'ok\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n</tool_call>', calls: [["get_time", { tz: "UTC" }]], text: "ok" },
  { title: "a call object missing its own closing brace", content: '{"type": "function", "function": {"name": "get_time", "parameters": {"tz": "UTC"}}', calls: [["get_time", { tz: "UTC" }]], text: "" },
  { title: "a call after reasoning", content: '<think>Should I call get_time?</think>\n<tool_call>{"name": "get_time", "arguments": {}}</tool_call>', calls: [["get_time", {}]], text: "<think>Should I call get_time?</think>" },
  { title: "a call after namespaced reasoning", content: '<seed:think>Should I call get_time?</seed:think>\n<tool_call>{"name": "get_time", "arguments": {}}</tool_call>', calls: [["get_time", {}]], text: "<seed:think>Should I call get_time?</seed:think>" },
  { title: "loose name match", content: '<tool_call>{"name": "functions.GetWeather", "arguments": {"city": "Paris"}}</tool_call>', calls: [["get_weather", { city: "Paris" }]] },
];

describe("extractToolCallsFromContent formats", () => {
  it.each(formats)("$title", (row) => {
    const result = extractToolCallsFromContent(row.content, tools);
    expect(result).toBeDefined();
    expect(result!.calls.map((call) => [call.name, JSON.parse(call.arguments) as unknown])).toEqual(row.calls);
    if (row.text !== undefined) expect(result!.text).toBe(row.text);
  });

  it("hands broken arguments text to the pipeline as it is", () => {
    const result = extractToolCallsFromContent('<function=get_weather>{"city": "Par', tools);
    expect(result?.calls).toEqual([{ name: "get_weather", arguments: '{"city": "Par' }]);
  });
});

const notCalls: readonly (readonly [string, string])[] = [
  ["plain prose", "The weather in Paris is sunny."],
  ["prose naming a tool", "I could call get_weather for Paris if you like."],
  ["a tool name alone", "get_weather"],
  ["a free-text refusal", "Unfortunately I cannot do that."],
  ["an undeclared tool", '<tool_call>{"name": "delete_everything", "arguments": {}}</tool_call>'],
  ["one undeclared tool among two", '<tool_call>{"name":"get_time","arguments":{}}</tool_call><tool_call>{"name":"rm","arguments":{}}</tool_call>'],
  ["arguments without a name", '{"city": "Paris"}'],
  ["JSON that is data", '{"name": "Paris", "population": 2100000}'],
  ["a fenced example that is not a call", '```json\n{"city": "Paris"}\n```'],
  ["fenced code in another language", '```python\n{"name": "get_time", "arguments": {}}\n```'],
  ["a call deep in a fenced block of another language", 'Example:\n```python\nx = 1\n{"name": "get_time", "arguments": {}}\n[get_time(tz="UTC")]\n```'],
  ["a call in a ~~~ fence of another language", '~~~python\nx = 1\n[get_time(tz="UTC")]\n~~~\n'],
  ["a call after a line that only looks like a closer (it has an info string)", '```python\nx = 1\n```json\n[get_time(tz="UTC")]\n```\n'],
  ["a call in a longer fence of another language, after a shorter run", '````python\n```\n[get_time(tz="UTC")]\n````\n'],
  ["a JSON call inside a sentence", 'I would send {"name": "get_time", "arguments": {}} if you asked.'],
  ["a pythonic call inside a sentence", 'Calling [get_time(tz="UTC")] now would help.'],
  ["pythonic with a positional argument", '[get_weather("Paris")]'],
  ["pythonic calling an undeclared function", "[os.system(cmd='rm -rf /')]"],
  ["a <tool> tag around prose", "<tool>a hammer</tool> is what you need"],
  ["Hermes block that is not a call", "<tool_call>I am thinking about it</tool_call>"],
  ["truncated wrapper JSON", '<tool_call>{"name": "get_weather", "arguments": {"city": "Pa'],
  ["ambiguous loose name", '<tool_call>{"name": "GETTIME", "arguments": {}}</tool_call>'],
  ["a name and JSON with no [TOOL_CALLS] and no [ARGS], mid-sentence", 'Use get_time{"tz": "UTC"} to call it.'],
  ["Qwen-Agent function line without its args", "✿FUNCTION✿: get_weather\nI changed my mind."],
  ["ReAct with a phrase for input", "Action: get_weather\nAction Input: Oslo"],
  ["ReAct naming an undeclared tool", 'Action: rm\nAction Input: {"path": "/"}'],
  ["a [TOOL_CALL] block that is not a call", "[TOOL_CALL] thinking about it [/TOOL_CALL]"],
  ["mid-sentence [ARGS]", 'Use the syntax get_time[ARGS]{"tz": "UTC"} to call it.'],
  ["empty content", ""],
  ["a bracketed name without the closing marker", '[get_weather]\n{"city": "Paris"}'],
  ["Markdown link text naming a tool", '[get_time](https://example.com/docs)\n{"tz": "UTC"}'],
  ["Kimi argument token mid-sentence", 'I will send get_time:0<|tool_call_argument_begin|>{"tz": "UTC"}'],
  ["an invoke of an undeclared tool", '<minimax:tool_call><invoke name="rm"><parameter name="path">/</parameter></invoke></minimax:tool_call>'],
  ["an invoke with broken markup", '<invoke name="get_time"><parameter name="tz">UTC</invoke>'],
  ["HTML-like prose naming a tool", 'Write <function name="get_time"> in the template.'],
  ["Gemma's call syntax without its marker", "Here is the syntax: call:get_time{tz:UTC}"],
  ["functools mid-sentence", 'I import functools[{"name": "get_time", "arguments": {}}] here.'],
  ["a tool_code fence that is code", '```tool_code\nx = get_time(tz="UTC")\n```'],
  ["a call only inside reasoning", '<think><tool_call>{"name": "get_time", "arguments": {}}</tool_call></think>Noon.'],
  ["a call only inside namespaced reasoning", '<seed:think>\n<seed:tool_call><function=get_time></function></seed:tool_call>\n</seed:think>Noon.'],
  ["a call inside reasoning another namespace closes", '<mm:think>Maybe:\n<tool_call>{"name": "get_time", "arguments": {}}</tool_call></mm:think>'],
  ["a call object cut inside its arguments", '{"name": "get_weather", "arguments": {"city": "Par'],
  ["a call object cut after a nested argument", '{"name": "get_weather", "arguments": {"options": {"a": 1}'],
  ["Kimi call to an undeclared tool", '<|tool_call_begin|>functions.rm:0<|tool_call_argument_begin|>{}<|tool_call_end|>'],
  // One call read, another left as text after it: an example and the real call, or two calls; which is meant is a guess.
  ["an example call, then the real one after prose", 'Example: [get_weather(city="London")]\nReal: [get_weather(city="Paris")]'],
  ["a call, then another after a sentence", '{"name": "get_time", "arguments": {"tz": "UTC"}}\nOr else:\n{"name": "get_time", "arguments": {"tz": "CET"}}'],
];

describe("extractToolCallsFromContent declines", () => {
  const withTwin = [...tools, { name: "get-time", parameters: { type: "object" } }];
  it.each(notCalls)("%s", (_title, content) => {
    expect(extractToolCallsFromContent(content, withTwin)).toBeUndefined();
  });

  it("declines when no tools were offered", () => {
    expect(extractToolCallsFromContent('<tool_call>{"name":"get_time","arguments":{}}</tool_call>', [])).toBeUndefined();
  });

  it("declines every unrecoverable free-text corpus reply", () => {
    const freeText = corpus.filter((entry) => entry.class === "unrecoverable" && typeof entry.raw_arguments === "string" && !/^\s*[{[]/.test(entry.raw_arguments));
    for (const entry of freeText) expect(extractToolCallsFromContent(entry.raw_arguments as string, [entry.tool])).toBeUndefined();
  });
});

describe("extractToolCallsFromContent on hostile input", () => {
  const hostile = [
    "<tool_call>".repeat(20_000),
    "[".repeat(100_000),
    `[f(a=${"[".repeat(50_000)}`,
    `{"name":"get_time","arguments":${'{"a":'.repeat(20_000)}`,
    `to=functions.get_time<|message|>${"x".repeat(100_000)}`,
    `${"a".repeat(100_000)}[ARGS]{}`,
    `<function=${"a".repeat(100_000)}>`,
    `\`\`\`json\n${"{".repeat(50_000)}\n\`\`\``,
    `<|message|>${"to=".repeat(33_000)}`,
    "```\n{\n```".repeat(10_000),
    `[TOOL_CALLS]${"a[ARGS]".repeat(10_000)}`,
    "<tool_call>a<arg_key>k</arg_key><arg_value>".repeat(5_000),
    "<|tool_call_start|>[".repeat(10_000),
  ];
  it.each(hostile.map((content, index) => [index, content] as const))("input %i is read without a hang or a throw", (_index, content) => {
    expect(() => extractToolCallsFromContent(content, tools)).not.toThrow();
  }, HANG_GUARD_MS);
});
