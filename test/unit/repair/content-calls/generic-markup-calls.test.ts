import { describe, expect, it } from "vitest";
import { detectGenericMarkup, readGenericHead } from "../../../../src/repair/content-calls/generic-markup-calls.ts";
import { createTextHoldback } from "../../../../src/repair/text-holdback.ts";
import { readBothWays, tools } from "./read-both-ways.ts";

const names = tools.map((tool) => tool.name);
const oslo = '{"city": "Oslo"}';

describe("readGenericHead", () => {
  it.each([
    ["<|call_start|>get_weather{", "get_weather"],
    ["--- CALL --- nc://get_weather {", "get_weather"],
    ["<｜call▁begin｜>function<｜sep｜>get_weather\n{", "get_weather"],
    ["[FN_REQUEST] functions.get_weather args: {", "get_weather"],
    ["<call:get_weather>{", "get_weather"],
    ["=== call ===== sep ==get_weather {", "get_weather"],
    ["<tool_call>get_weather{", "get_weather"],
    ["<|tool_call|>default_api.get_weather = {", "get_weather"],
  ])("reads %j", (text, name) => {
    expect(readGenericHead(text, 0, names)).toMatchObject({ name });
  });

  it.each([
    ["<|call_start|>get_weat", "wait"],
    ["<|call_st", "wait"],
    // After a known format's marker, a whole JSON call is that format's body, and a name in its token its own.
    ["<tool_call>{", "no"],
    ["<|tool_call|>[{", "no"],
    ["<function=get_weather>{", "no"],
    ["</call>get_weather{", "no"],
    ["[get_weather]\n{", "no"],
    ["--", "wait"],
    ["<p>get_weather{", "no"],
    ["<think>get_weather{", "no"],
    ["[x] get_weather {", "no"],
    ["- get_weather {", "no"],
    ["get_weather {", "no"],
    ["<|call|>get_weather with the city {", "no"],
    ["<|call|>please call get_weather {", "no"],
    ["<|call|>lookup_weather {", "no"],
    ["a < b and get_weather {", "no"],
  ])("%j: %s", (text, verdict) => {
    expect(readGenericHead(text, 0, names)).toBe(verdict);
  });
});

describe("detectGenericMarkup", () => {
  it("spans each call of a row with its closers", () => {
    const content = `<|call|>get_weather${oslo}<|/call|>\n<|call|>get_time{}<|/call|>`;
    const lineEnd = content.indexOf("\n");
    expect(detectGenericMarkup(content, tools)?.spans).toEqual([
      [0, lineEnd],
      [lineEnd + 1, content.length],
    ]);
  });

  it.each([
    ["arguments the tool does not declare", '<|call|>get_weather{"town": "Oslo"}'],
    ["a required argument left out", '<|call|>get_weather{"days": 2}'],
    ["a value of a type the schema does not take", '<|call|>get_weather{"city": 7}'],
    ["broken JSON", '<|call|>get_weather{"city": "Oslo"'],
    ["a list, not an object", '<|call|>get_weather["Oslo"]'],
    ["words after the object on its line", `<|call|>get_weather${oslo} and then more`],
    ["the markup going on with a result", `[CALL] get_weather ${oslo}\n[RESULT] {"temp": 3}`],
    ["an XML tag left open, then an answer", `<call>get_weather ${oslo}\nIt is 3 degrees in Oslo.`],
  ])("refuses %s", (_title, content) => {
    expect(detectGenericMarkup(content, tools)).toBeUndefined();
  });
});

describe("calls in unknown markup, written as text", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["start and end tokens", `<|call_start|>get_weather${oslo}<|call_end|>`, [["get_weather", { city: "Oslo" }]], ""],
    ["a rule, a word and a URI scheme", `--- CALL --- nc://get_weather ${oslo}`, [["get_weather", { city: "Oslo" }]], ""],
    ["full-width bars, the name on its line", `<｜call▁begin｜>function<｜sep｜>get_time\n{"tz": "UTC"}\n<｜call▁end｜>`, [["get_time", { tz: "UTC" }]], ""],
    ["square tokens after prose", `Let me check.\n[FN_REQUEST] get_weather args: ${oslo} [/FN_REQUEST]`, [["get_weather", { city: "Oslo" }]], "Let me check."],
    ["the object in parentheses, a closer on the next line", `<model:call>get_weather(${oslo})\n</model:call>\nI'll report back.`, [["get_weather", { city: "Oslo" }]], "I'll report back."],
    ["two calls in a row", `<|call|>get_weather${oslo}<|end|>\n<|call|>get_time{}<|end|>`, [["get_weather", { city: "Oslo" }], ["get_time", {}]], ""],
    ["the name in the token", `<|get_time|>{"tz": "CET"}<|eot|>`, [["get_time", { tz: "CET" }]], ""],
    ["an XML tag left open at the text's end", `<call>get_weather ${oslo}`, [["get_weather", { city: "Oslo" }]], ""],
    ["the recipient named with `to=`", `<|BEGIN_OF_FUNCTION_CALL|>to=get_weather:\n${oslo}<|END_OF_FUNCTION_CALL|>`, [["get_weather", { city: "Oslo" }]], ""],
    ["`to=` and the name, after a sentence", `I need the weather.<|BEGIN_OF_FUNCTION_CALL|>to=get_time:\n{\n  "tz": "UTC"\n}<|END_OF_FUNCTION_CALL|>`, [["get_time", { tz: "UTC" }]], "I need the weather."],
    ["`to=` under a namespace", `<|call|>to=functions.get_weather ${oslo}<|end|>`, [["get_weather", { city: "Oslo" }]], ""],
    // YandexGPT's: an apostrophe escaped as JavaScript escapes it, no JSON escape, read as the apostrophe.
    ["an apostrophe escaped with a backslash", "[TOOL_CALL_START]get_weather\n{\"city\": \"L\\'Aquila\"}", [["get_weather", { city: "L'Aquila" }]], ""],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an undeclared tool", `<|call|>lookup_weather${oslo}<|end|>`],
    ["an example", `For example:\n<|call|>get_weather${oslo}<|end|>`],
    ["a refusal", `I won't run this:\n<|call|>get_weather${oslo}<|end|>`],
    ["a hedge", `Maybe something like\n<|call|>get_weather${oslo}<|end|>`],
    ["a quote", `> <|call|>get_weather${oslo}<|end|>`],
    ["sentence words before the object", `<|call|>get_weather for the city ${oslo}<|end|>`],
    ["an HTML page", `<p>get_weather(${oslo})</p>`],
    ["a frame read from its middle", `<tool_use>\n  <name>get_weather</name>\n  <arguments>${oslo}</arguments>\nIt is 3 degrees.`],
    ["a result the model wrote itself", `[CALL] get_weather ${oslo}\n[RESULT] {"temp": 3}`],
    ["a user's turn in a chat template's tokens", `[INST] get_weather ${oslo} [/INST]`],
    ["a tool's result", `<tool_response>get_weather ${oslo}</tool_response>`],
    ["`to` as a sentence word", `<|call|>to get_weather ${oslo}<|end|>`],
    ["`to=` then another word", `<|call|>to=me get_weather ${oslo}<|end|>`],
    ["`to=` after a word", `<|call|>send to=get_weather ${oslo}<|end|>`],
  ])("reads no call from %s", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });

  it("holds no prose: a line of text passes at once, a token only until it cannot open a call", () => {
    const holdback = createTextHoldback({ tools });
    expect(holdback.push("The weather ")).toBe("The weather ");
    expect(holdback.push("is fine.\n- a list item\n")).toBe("is fine.\n- a list item\n");
    expect(holdback.push("<|call|>")).toBe("");
    expect(holdback.push("get_time is a tool.")).toBe("<|call|>get_time is a tool.");
  });
});

/**
 * A known format's marker whose reader read no declared tool there: what follows is not that format's body,
 * and a declared name then the tool's object is read as markup no reader knows frames it.
 */
describe("a declared name and its object after a known format's marker", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["Hermes' tag, a colon", `<tool_call>get_weather: ${oslo}</tool_call>`, [["get_weather", { city: "Oslo" }]], ""],
    ["Granite's token, an equals sign", `<|tool_call|>get_weather = ${oslo}<|/tool_call|>`, [["get_weather", { city: "Oslo" }]], ""],
    ["GigaChat's token, a namespace", `<|function_call|>default_api.get_weather${oslo}`, [["get_weather", { city: "Oslo" }]], ""],
    ["LM Studio's marker, an argument token", `[TOOL_REQUEST]get_weather[ARGS]${oslo}[END_TOOL_REQUEST]`, [["get_weather", { city: "Oslo" }]], ""],
    ["Glaive's tag, the object in parentheses", `<functioncall> get_weather(${oslo})`, [["get_weather", { city: "Oslo" }]], ""],
    ["MiniMax's marker, a URI scheme", `[TOOL_CALL] mcp://get_weather: ${oslo} [/TOOL_CALL]`, [["get_weather", { city: "Oslo" }]], ""],
    ["Nemotron's tag, the object on the next line", `<toolcall>functions.get_weather\n${oslo}\n</toolcall>`, [["get_weather", { city: "Oslo" }]], ""],
    ["after prose on its line", `Let me check. <toolcall>get_weather: ${oslo}<|end|>`, [["get_weather", { city: "Oslo" }]], "Let me check."],
    ["two in a row", `<|tool_call|>get_weather: ${oslo}<|tool_call_end|>\n<|tool_call|>get_time: {"tz": "UTC"}<|tool_call_end|>`, [["get_weather", { city: "Oslo" }], ["get_time", { tz: "UTC" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an undeclared tool", `<tool_call>lookup_weather: ${oslo}</tool_call>`],
    ["arguments the tool does not declare", '<|tool_call|>get_weather: {"town": "Oslo"}<|/tool_call|>'],
    ["sentence words before the object", `<|tool_call|>get_weather for Oslo ${oslo}<|/tool_call|>`],
    ["words after the object on its line", `[TOOL_REQUEST]get_weather[ARGS]${oslo} and more[END_TOOL_REQUEST]`],
    ["a hedge", `Maybe something like\n<|tool_call|>get_weather: ${oslo}<|/tool_call|>`],
    ["an example", `For example:\n<|function_call|>get_weather${oslo}`],
    ["a quote", `> <toolcall>get_weather: ${oslo}</toolcall>`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

/** How the frame of markup no reader knows ends: its closer or an end token, or the text's end. */
describe("the end of a frame in unknown markup", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["an end token after a tag left open, then prose", `<func>get_weather: ${oslo}<|end|>\n\nI'll report back.`, [["get_weather", { city: "Oslo" }]], "I'll report back."],
    ["a square closer after a tag left open", `<call>get_weather ${oslo}[/CALL]\nI'll report back.`, [["get_weather", { city: "Oslo" }]], "I'll report back."],
    ["a lone separator tag inside the element, then prose", `<fn>function<sep>get_weather ${oslo}</fn>\nI'll report back.`, [["get_weather", { city: "Oslo" }]], "I'll report back."],
    ["a known marker, a lone tag inside it, then prose", `<tool_call><sep>get_weather(${oslo})</tool_call>\n\nI'll report back.`, [["get_weather", { city: "Oslo" }]], "I'll report back."],
  ])("reads %s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an inner element's closer only, then prose", `<call>\n<name>get_weather</name>\n<args>${oslo}</args>\nIt is 3 degrees.`],
    ["the same opener again after prose, framing no call", `<call>get_time {"tz": "UTC"}</call>\nThen <call> hello </call>`],
    ["the same token again after prose", `<|call|>get_time {"tz": "UTC"}<|/call|>\nAnd <|call|> is how I call tools.`],
    ["the same rule again after prose", `--- CALL --- get_time {"tz": "UTC"}\nUse --- CALL --- lines for calls.`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

/** Markup a known reader skipped before the calls it read from inside it: it goes with them, as one frame. */
describe("markup around calls another reader reads from inside it", () => {
  it.each<[string, string, (readonly [string, unknown])[]]>([
    ["one call, Mistral's name and [ARGS] inside square tokens", `[CALL]\nget_weather[ARGS]${oslo}[END_CALL]<|eot|>`, [["get_weather", { city: "Oslo" }]]],
    ["two calls in a row", `[CALL]\nget_weather[ARGS]${oslo}[END_CALL]<|eot|>\n[CALL]\nget_time[ARGS]{"tz": "UTC"}[END_CALL]<|eot|>`, [["get_weather", { city: "Oslo" }], ["get_time", { tz: "UTC" }]]],
    ["a namespaced name after a tag, at the text's end", `<call>functions.get_weather${oslo}`, [["get_weather", { city: "Oslo" }]]],
  ])("%s: the markup goes with the calls", (_title, content, calls) => {
    expect(readBothWays(content)).toEqual({ calls, text: "" });
  });
});

/** A hedge right before a call in markup no reader knows weighs it, also where a known reader reads from inside it. */
describe("a hedge before a call in markup no reader knows", () => {
  it.each([
    ["markup a known reader reads from inside", `Maybe something like\n[TOOL_REQUEST]\nget_weather[ARGS]${oslo}<|eom|>`],
    ["a known marker's name-first body", `Maybe something like\n<|tool_call|>get_weather: ${oslo}<|/tool_call|>`],
    ["markup no reader knows", `Perhaps\n<|call|>get_weather${oslo}<|end|>`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content).calls).toEqual([]);
  });
});

describe("a whole JSON call in markup no reader knows", () => {
  const call = '{"name": "get_weather", "arguments": {"city": "Oslo"}}';
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["an XML-style tag", `<call>${call}</call>`, [["get_weather", { city: "Oslo" }]], ""],
    ["special tokens", `<|fn_start|>${call}<|fn_end|>`, [["get_weather", { city: "Oslo" }]], ""],
    ["square-bracket tokens", `[TOOLCALL]${call}[/TOOLCALL]`, [["get_weather", { city: "Oslo" }]], ""],
    ["doubled angle brackets", `<<TOOL>>${call}<</TOOL>>`, [["get_weather", { city: "Oslo" }]], ""],
    ["a rule before it", `--- CALL ---\n${call}\n---`, [["get_weather", { city: "Oslo" }]], ""],
    ["after a sentence", `Checking now. <fn>${call}</fn>`, [["get_weather", { city: "Oslo" }]], "Checking now."],
    ["the tool's own name spelt with its namespace", '<fn>{"name": "functions.get_time", "parameters": {"tz": "UTC"}}</fn>', [["get_time", { tz: "UTC" }]], ""],
    ["two in a row", `<fn>${call}</fn>\n<fn>{"name": "get_time", "arguments": {"tz": "UTC"}}</fn>`, [["get_weather", { city: "Oslo" }], ["get_time", { tz: "UTC" }]], ""],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an HTML element", `<p>${call}</p>`],
    ["a tool's result tag", `<result>${call}</result>`],
    ["a turn token", `<<SYS>>${call}<</SYS>>`],
    ["an element named for an example", `<example>${call}</example>`],
    ["a template token", `[TEMPLATE]${call}[/TEMPLATE]`],
    ["an undeclared tool", '<fn>{"name": "rm", "arguments": {"path": "/"}}</fn>'],
    ["arguments the tool does not declare", '<fn>{"name": "get_weather", "arguments": {"town": "Oslo"}}</fn>'],
    ["a required argument missing", '<fn>{"name": "get_weather", "arguments": {"days": 2}}</fn>'],
    ["the arguments beside the name", '<fn>{"name": "get_weather", "city": "Oslo"}</fn>'],
    ["prose after it on its line", `<fn>${call}</fn> and then I will answer.`],
    ["a word between the markup and the object", `<fn>please ${call}</fn>`],
    ["an object that is no call", '<fn>{"city": "Oslo"}</fn>'],
    ["a declared name alone in brackets before it", `[get_weather]\n${call}`],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});

describe("a JSON list of whole calls in markup no reader knows", () => {
  const oslo = '{"name": "get_weather", "parameters": {"city": "Oslo"}}';
  const utc = '{"name": "get_time", "parameters": {"tz": "UTC"}}';
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["Seed's function-call tokens", `<|FunctionCallBegin|>[${oslo}]<|FunctionCallEnd|>`, [["get_weather", { city: "Oslo" }]], ""],
    ["two calls in the list", `<|FunctionCallBegin|>[${oslo},${utc}]<|FunctionCallEnd|>`, [["get_weather", { city: "Oslo" }], ["get_time", { tz: "UTC" }]], ""],
    ["inside an environment tag, on lines of their own", `<mcp_env>\n<|FunctionCallBegin|>[${oslo}]<|FunctionCallEnd|>\n</mcp_env>`, [["get_weather", { city: "Oslo" }]], ""],
    ["the list over several lines", `<|FunctionCallBegin|>[\n  ${oslo},\n  ${utc}\n]<|FunctionCallEnd|>`, [["get_weather", { city: "Oslo" }], ["get_time", { tz: "UTC" }]], ""],
    ["an XML-style tag, OpenAI's arguments key", '<calls>[{"name": "get_weather", "arguments": {"city": "Oslo"}}]</calls>', [["get_weather", { city: "Oslo" }]], ""],
    ["square-bracket tokens, Anthropic's input key", '[FN_CALLS] [{"name": "get_time", "input": {"tz": "UTC"}}] [/FN_CALLS]', [["get_time", { tz: "UTC" }]], ""],
    ["a call with no arguments to a tool that requires none", '<|FunctionCallBegin|>[{"name": "get_time"}]<|FunctionCallEnd|>', [["get_time", {}]], ""],
    ["after a sentence", `Checking Oslo now. <|FunctionCallBegin|>[${oslo}]<|FunctionCallEnd|>`, [["get_weather", { city: "Oslo" }]], "Checking Oslo now."],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an item naming an undeclared tool", `<|FunctionCallBegin|>[${oslo},{"name": "rm", "parameters": {"path": "/"}}]<|FunctionCallEnd|>`],
    ["an item that is no call", `<|FunctionCallBegin|>[${oslo},"done"]<|FunctionCallEnd|>`],
    ["an item with arguments the tool does not declare", '<|FunctionCallBegin|>[{"name": "get_weather", "parameters": {"town": "Oslo"}}]<|FunctionCallEnd|>'],
    ["an item with the arguments beside its name", '<|FunctionCallBegin|>[{"name": "get_weather", "city": "Oslo"}]<|FunctionCallEnd|>'],
    ["an empty list", "<|FunctionCallBegin|>[]<|FunctionCallEnd|>"],
    ["words between the markup and the list", `<|FunctionCallBegin|>The user wants Oslo. [${oslo}]<|FunctionCallEnd|>`],
    ["a list never closed", `<|FunctionCallBegin|>[${oslo}`],
    ["prose after it on its line", `<|FunctionCallBegin|>[${oslo}]<|FunctionCallEnd|> and then I will answer.`],
    ["an HTML element", `<p>[${oslo}]</p>`],
    ["an element named for an example", `<example>[${oslo}]</example>`],
    ["a list of data, no call", '<|FunctionCallBegin|>[{"city": "Oslo"}]<|FunctionCallEnd|>'],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
