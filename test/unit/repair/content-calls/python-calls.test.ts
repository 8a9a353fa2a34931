import { describe, expect, it } from "vitest";
import { readPythonCalls, readPythonLiteral } from "../../../../src/repair/content-calls/python-calls.ts";
import type { ToolDefinition } from "../../../../src/repair/types.ts";
import { readBothWays } from "./read-both-ways.ts";

/** The arguments of the calls `text` reads as (bracketed unless it opens with a name), or `undefined`. */
function argumentsOf(text: string): unknown[] | undefined {
  const read = readPythonCalls(text, 0, text.startsWith("["));
  // A number spelled otherwise than its value (`07`, `+7`) keeps its spelling: the arguments are JSON text holding it.
  return read?.calls.map((call) => (call.arguments.kind === "json" ? call.arguments.value : call.arguments.kind === "text" ? call.arguments.text : undefined));
}

describe("readPythonCalls: quotes of the string's own kind inside it", () => {
  it.each([
    ["a quoted range in a sed command", "[bash(command='sed -n '360,450p' /testbed/common.py')]", [{ command: "sed -n '360,450p' /testbed/common.py" }]],
    ["double quotes inside double quotes", '[run(cmd="echo "hi"")]', [{ cmd: 'echo "hi"' }]],
    ["an apostrophe", "[note(text='it's done')]", [{ text: "it's done" }]],
    ["a quoted word, then another argument", "[bash(command='grep -n 'TODO' src', timeout=30)]", [{ command: "grep -n 'TODO' src", timeout: 30 }]],
    ["two quoted words", "[bash(command='echo 'a' && echo 'b'')]", [{ command: "echo 'a' && echo 'b'" }]],
    ["a quoted call inside", "[run(code='print('x')')]", [{ code: "print('x')" }]],
    ["the next call after it", "[bash(command='ls 'my dir''), get_time(tz='UTC')]", [{ command: "ls 'my dir'" }, { tz: "UTC" }]],
    ["a bare call", "bash(command='sed -n '1,5p' f.py')", [{ command: "sed -n '1,5p' f.py" }]],
    ["a list item", "[tag(names=['rock 'n' roll', 'jazz'])]", [{ names: ["rock 'n' roll", "jazz"] }]],
    ["a dict value", "[save(meta={'title': 'the 'best' one', 'n': 1})]", [{ meta: { title: "the 'best' one", n: 1 } }]],
  ])("%s", (_title, text, expected) => {
    expect(argumentsOf(text)).toEqual(expected);
  });

  it.each([
    ["an unpaired inner quote", "[note(text='it ' s')]"],
    ["an unpaired quote before the next argument", "[bash(command='echo 'a', timeout=1)]"],
    ["two strings in a row (implicit concatenation)", "[run(cmd='ls' '-la')]"],
    ["an empty string then another", "[run(cmd='' 'x')]"],
    ["strings of both kinds in a row", "[run(cmd='a' \"b\" 'c')]"],
    ["a quote doubled inside a word", "[note(text='it''s')]"],
    ["a quote that ends the call, then text, then another that could", "bash(command='echo 'a') b')"],
    ["an escaped quote that could end it", "[run(path='C:\\', mode='r')]"],
    ["a string never closed", "[run(cmd='echo 'hi)]"],
    ["a value left at its opening quote, read over the next argument", "[run(cmd=', cwd='/var/log', timeout=3)]"],
    ["the same, in double quotes", '[note(title="a", body=", folder="/home/x")]'],
  ])("refuses %s", (_title, text) => {
    expect(argumentsOf(text)).toBeUndefined();
  });

  it("keeps the first quote when it ends the string validly", () => {
    expect(argumentsOf("[f(a='x', b='y')]")).toEqual([{ a: "x", b: "y" }]);
    expect(argumentsOf("[f(a='it\\'s', b='y')]")).toEqual([{ a: "it's", b: "y" }]);
  });

  it("reads a bare call followed by other text, as before, when its first quote ends the string", () => {
    expect(readPythonCalls("f(a='x') and more", 0, false)?.end).toBe("f(a='x')".length);
  });
});

describe("readPythonCalls: Python's literals", () => {
  it.each([
    ["constants", "[f(a=True, b=False, c=None)]", [{ a: true, b: false, c: null }]],
    ["nested dicts and lists", "[f(a={'k': [1, {'m': (2, 3)}]}, b=[])]", [{ a: { k: [1, { m: [2, 3] }] }, b: [] }]],
    ["an unknown escape keeps its backslash", "[grep(pattern='\\d+\\.py')]", [{ pattern: "\\d+\\.py" }]],
    ["known escapes", "[f(a='tab\\there\\nline \\x41\\u00e9 \\'q\\'')]", [{ a: "tab\there\nline Aé 'q'" }]],
    ["a triple-quoted string", "[run(code='''print('hi')\nprint(\"x\")''')]", [{ code: "print('hi')\nprint(\"x\")" }]],
    ["an empty string", "[f(a='', b=\"\")]", [{ a: "", b: "" }]],
    ["a signed number and a zero-padded one, as written", "[f(limit=+7, day=07, x=-1.5)]", ['{"limit":+7,"day":07,"x":-1.5}']],
    ["a set, as a list", "[f(tags={'a', 'b', 'a'})]", [{ tags: ["a", "b"] }]],
    ["raw, unicode and placeholder-free f-strings", "[f(a=r'\\d+', b=u'x', c=f'hello', d=[r'\\w'])]", [{ a: "\\d+", b: "x", c: "hello", d: ["\\w"] }]],
    ["a parameter named like a Python keyword", "[search(from='sed -n '1,5p' f.py')]", [{ from: "sed -n '1,5p' f.py" }]],
    ["a keyword-like word inside a string that ends at its first quote", "[f(a='x, y=\"z\"', b=1)]", [{ a: 'x, y="z"', b: 1 }]],
  ])("%s", (_title, text, expected) => {
    expect(argumentsOf(text)).toEqual(expected);
  });

  it.each([
    ["a hex escape without its digits", "[f(a='\\xZ')]"],
    ["a named escape", "[f(a='\\N{BULLET}')]"],
    ["an f-string with a placeholder", "[f(a=f'hi {name}')]"],
    ["bytes", "[f(a=b'z')]"],
    ["a number too large for a double", "[f(limit=1e999)]"],
    ["a negated constant", "[f(x=-True)]"],
  ])("refuses %s", (_title, text) => {
    expect(argumentsOf(text)).toBeUndefined();
  });

  it("reads a literal alone, inner quotes and all", () => {
    expect(readPythonLiteral("['it's', 'b']")).toEqual({ value: ["it's", "b"] });
    expect(readPythonLiteral("['a' 'b']")).toBeUndefined();
  });
});

const tools: ToolDefinition[] = [
  { name: "bash", parameters: { type: "object", properties: { command: { type: "string" }, timeout: { type: "integer" } }, required: ["command"] } },
  { name: "get_time", parameters: { type: "object", properties: { tz: { type: "string" } } } },
];

const SED = "sed -n '360,450p' /testbed/sympy/matrices/common.py";
const CALL = `bash(command='${SED}')`;

describe("pythonic calls with inner quotes in every format that carries them", () => {
  it.each([
    ["LFM2", `<|tool_call_start|>[${CALL}]<|tool_call_end|>`, ""],
    ["LFM2, text after", `<|tool_call_start|>[${CALL}]<|tool_call_end|>\nLooking at it.`, "Looking at it."],
    ["a leading pythonic list", `[${CALL}]`, ""],
    ["Llama 3.1 python_tag", `<|python_tag|>${CALL}<|eom_id|>`, ""],
    ["Llama 4 python_start", `<|python_start|>[${CALL}]<|python_end|>`, ""],
    ["Mistral's [TOOL_CALLS]", `[TOOL_CALLS][${CALL}]`, ""],
    ["Phi-4-mini's functools", `functools[${CALL}]`, ""],
    ["a bare call on its line", `${CALL}\nDone.`, "Done."],
    ["a tool_code block", `\`\`\`tool_code\nprint(${CALL})\n\`\`\``, ""],
    ["a tool_call tag", `<tool_call>${CALL}</tool_call>`, ""],
  ])("%s", (_title, content, text) => {
    const reading = readBothWays(content, tools);
    expect(reading.calls).toEqual([["bash", { command: SED }]]);
    expect(reading.text).toBe(text);
  });

  it.each([
    ["an unpaired inner quote", "<|tool_call_start|>[bash(command='echo 'a', timeout=1)]<|tool_call_end|>"],
    ["two strings in a row", "[bash(command='ls' '-la')]"],
  ])("leaves %s as text", (_title, content) => {
    expect(readBothWays(content, tools).calls).toEqual([]);
  });
});

/** A model asked for calls in XML writes Python ones between angle brackets (BitAgent-8B in BFCL's prompt variations). */
describe("pythonic calls between angle brackets", () => {
  it.each<[string, string, (readonly [string, unknown])[], string]>([
    ["one call", '<get_weather(city="Paris")>', [["get_weather", { city: "Paris" }]], ""],
    ["two calls", '<get_weather(city="Paris"), get_time(tz="UTC")>', [["get_weather", { city: "Paris" }], ["get_time", { tz: "UTC" }]], ""],
    ["opened with < and closed with ]", '<get_weather(city="Paris"), get_weather(city="Rome")]', [["get_weather", { city: "Paris" }], ["get_weather", { city: "Rome" }]], ""],
    ["after a sentence, text on the next line", 'Sure.\n<get_time(tz="UTC")>\nOne moment.', [["get_time", { tz: "UTC" }]], "Sure.\nOne moment."],
  ])("%s", (_title, content, calls, text) => {
    expect(readBothWays(content)).toEqual({ calls, text });
  });

  it.each([
    ["an undeclared tool", '<get_news(topic="rain")>'],
    ["inside a sentence", 'Use <get_weather(city="Paris")> to get it.'],
    ["after an example's lead-in", 'For example: <get_weather(city="Paris")>'],
    ["never closed", '<get_weather(city="Paris")'],
    ["a positional argument", '<get_weather("Paris")>'],
    ["an HTML tag", "<b>(bold)</b>"],
  ])("%s stays text", (_title, content) => {
    expect(readBothWays(content)).toEqual({ calls: [], text: content });
  });
});
