import { readFileSync } from "node:fs";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CallOpening } from "../../../src/repair/content-calls/call-opening.ts";
import { extractToolCallsFromContent } from "../../../src/repair/extract-content-calls.ts";
import { createTextHoldback, extractHeldCalls, UNREAD_BLOCK_BUDGET, type HeldTextEnd, type TextHoldbackOptions } from "../../../src/repair/text-holdback.ts";
import type { ToolDefinition } from "../../../src/repair/types.ts";

const tools: ToolDefinition[] = [
  { name: "get_weather", parameters: { type: "object", properties: { city: { type: "string" }, days: { type: "integer" } }, required: ["city"] } },
  { name: "get_time", parameters: { type: "object", properties: { tz: { type: "string" } } } },
];

interface Streamed {
  /** What each push released, in order. */
  readonly pushes: string[];
  readonly end: HeldTextEnd;
}

function stream(deltas: readonly string[], options: Partial<TextHoldbackOptions> = {}): Streamed {
  const holdback = createTextHoldback({ tools, ...options });
  const pushes = deltas.map((delta) => holdback.push(delta));
  return { pushes, end: holdback.end() };
}

/** Released text plus the end's text, and the calls: what a client ends up with. */
function outcome(result: Streamed): { text: string; calls: HeldTextEnd["calls"] } {
  return { text: result.pushes.join("") + result.end.text, calls: result.end.calls };
}

/** `text` cut before each of `offsets`. */
function cut(text: string, offsets: readonly number[]): string[] {
  const points = [...new Set(offsets.map((offset) => offset % (text.length + 1)))].sort((left, right) => left - right);
  const pieces: string[] = [];
  let start = 0;
  for (const point of points) {
    pieces.push(text.slice(start, point));
    start = point;
  }
  pieces.push(text.slice(start));
  return pieces;
}

const calls = (...list: [string, unknown][]) => list.map(([name, args]) => ({ name, args }));
const parsed = (end: HeldTextEnd) => end.calls.map((call) => ({ name: call.name, args: JSON.parse(call.arguments) as unknown }));

describe("text hold-back: formats", () => {
  const cases: { title: string; text: string; calls: ReturnType<typeof calls>; visible: string }[] = [
    { title: "Hermes after prose", text: 'Sure.\n<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>', calls: calls(["get_weather", { city: "Paris" }]), visible: "Sure.\n" },
    { title: "Qwen3-Coder", text: "<tool_call>\n<function=get_time>\n<parameter=tz>\nUTC\n</parameter>\n</function>\n</tool_call>", calls: calls(["get_time", { tz: "UTC" }]), visible: "" },
    { title: "Groq function tag", text: '<function=get_weather>{"city": "Lima"}</function>', calls: calls(["get_weather", { city: "Lima" }]), visible: "" },
    { title: "Mistral v3", text: '[TOOL_CALLS] [{"name": "get_time", "arguments": {"tz": "CET"}}]', calls: calls(["get_time", { tz: "CET" }]), visible: "" },
    { title: "Mistral marker and name with no [ARGS]", text: '[TOOL_CALLS]get_weather{"city": "Nice"}', calls: calls(["get_weather", { city: "Nice" }]), visible: "" },
    { title: "MiniMax-M2 [TOOL_CALL] after prose", text: 'On it. [TOOL_CALL] {"tool": "get_time", "args": {"tz": "UTC"}} [/TOOL_CALL] Done.', calls: calls(["get_time", { tz: "UTC" }]), visible: "On it. Done." },
    { title: "Qwen-Agent, its stop word kept", text: 'On it.\n✿FUNCTION✿: get_time\n✿ARGS✿: {"tz": "UTC"}\n✿RESULT✿', calls: calls(["get_time", { tz: "UTC" }]), visible: "On it.\n✿RESULT✿" },
    { title: "ReAct after a thought", text: 'Thought: the time.\nAction: get_time\nAction Input: {"tz": "UTC"}\n', calls: calls(["get_time", { tz: "UTC" }]), visible: "Thought: the time.\n" },
    { title: "Mistral v11", text: '[TOOL_CALLS]get_weather[ARGS]{"city": "Nice"}', calls: calls(["get_weather", { city: "Nice" }]), visible: "" },
    { title: "Llama python_tag", text: '<|python_tag|>{"name": "get_time", "parameters": {"tz": "UTC"}}<|eom_id|>', calls: calls(["get_time", { tz: "UTC" }]), visible: "" },
    { title: "LFM2 then prose", text: '<|tool_call_start|>[get_time(tz="UTC")]<|tool_call_end|>Checking.', calls: calls(["get_time", { tz: "UTC" }]), visible: "Checking." },
    { title: "Harmony", text: '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Tokyo"}<|call|>', calls: calls(["get_weather", { city: "Tokyo" }]), visible: "" },
    { title: "DeepSeek", text: '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"tz": "UTC"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>', calls: calls(["get_time", { tz: "UTC" }]), visible: "" },
    { title: "fenced JSON between prose", text: 'Calling it:\n```json\n{"name": "get_weather", "arguments": {"city": "Cairo"}}\n```\nOne moment.', calls: calls(["get_weather", { city: "Cairo" }]), visible: "Calling it:\nOne moment." },
    { title: "fenced JSON whose info string has more words", text: 'Calling it:\n```json action\n{"tool": "get_weather", "parameters": {"city": "Cairo"}}\n```', calls: calls(["get_weather", { city: "Cairo" }]), visible: "Calling it:\n" },
    { title: "a JSON call after prose on its line", text: 'Sure! {"name": "get_weather", "arguments": {"city": "Bern"}}', calls: calls(["get_weather", { city: "Bern" }]), visible: "Sure! " },
    { title: "a pythonic call after prose on its line, then more", text: "On it: [get_time(tz='UTC')]\nDone.", calls: calls(["get_time", { tz: "UTC" }]), visible: "On it: Done." },
    { title: "bare JSON after leading blank lines", text: '\n\n{"name": "get_weather", "parameters": {"city": "Bern"}}', calls: calls(["get_weather", { city: "Bern" }]), visible: "" },
    { title: "bare JSON on its own line after prose", text: 'Let me look.\n{"name": "get_time", "arguments": {"tz": "UTC"}}', calls: calls(["get_time", { tz: "UTC" }]), visible: "Let me look.\n" },
    { title: "pythonic list", text: "[get_weather(city='Kyiv', days=2), get_time()]", calls: calls(["get_weather", { city: "Kyiv", days: 2 }], ["get_time", {}]), visible: "" },
    { title: "GLM-4 name line", text: 'get_weather\n{"city": "Oslo"}', calls: calls(["get_weather", { city: "Oslo" }]), visible: "" },
    { title: "a declared name and pythonic arguments", text: 'get_time(tz="UTC")', calls: calls(["get_time", { tz: "UTC" }]), visible: "" },
    { title: "Kimi K2", text: '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_time:0<|tool_call_argument_begin|>{"tz": "UTC"}<|tool_call_end|><|tool_calls_section_end|>', calls: calls(["get_time", { tz: "UTC" }]), visible: "" },
    { title: "function_call tag", text: 'On it.\n<function_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</function_call>', calls: calls(["get_time", { tz: "UTC" }]), visible: "On it.\n" },
    { title: "a declared name and JSON arguments", text: 'get_weather{"city": "Rome"}\n', calls: calls(["get_weather", { city: "Rome" }]), visible: "" },
    { title: "Kimi K2", text: '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Riga"}<|tool_call_end|><|tool_calls_section_end|>', calls: calls(["get_weather", { city: "Riga" }]), visible: "" },
    { title: "Kimi K2 without its section tokens, two calls after prose", text: 'On it.\nget_time:0<|tool_call_argument_begin|>{"tz": "UTC"}<|tool_calls_section_end|>\nget_weather:1<|tool_call_argument_begin|>{"city": "Oslo"}<|tool_calls_section_end|>', calls: calls(["get_time", { tz: "UTC" }], ["get_weather", { city: "Oslo" }]), visible: "On it.\n" },
    { title: "LM Studio TOOL_REQUEST", text: 'Checking.\n[TOOL_REQUEST]\n{"name": "get_time", "arguments": {"tz": "CET"}}\n[END_TOOL_REQUEST]', calls: calls(["get_time", { tz: "CET" }]), visible: "Checking.\n" },
    { title: "LM Studio bracketed name", text: '[get_weather]\n{"city": "Bonn"}\n[END_TOOL_REQUEST]\nDone.', calls: calls(["get_weather", { city: "Bonn" }]), visible: "Done." },
    { title: "MiniMax invoke", text: 'On it.\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Oslo</parameter>\n<parameter name="days">2</parameter>\n</invoke>\n</minimax:tool_call>', calls: calls(["get_weather", { city: "Oslo", days: 2 }]), visible: "On it.\n" },
    { title: "an invoke whose wrapper's opening was lost", text: 'Reading.\n<invoke name="get_time">\n<parameter name="tz">UTC</parameter>\n</invoke>\n</minimax:tool_call>', calls: calls(["get_time", { tz: "UTC" }]), visible: "Reading.\n" },
    { title: "Gemma 4", text: 'Let me see.\n<|tool_call>call:get_weather{city:<|"|>Paris<|"|>,days:3}<tool_call|>', calls: calls(["get_weather", { city: "Paris", days: 3 }]), visible: "Let me see.\n" },
    { title: "Granite", text: '<|tool_call|>[{"name": "get_time", "arguments": {"tz": "UTC"}}]', calls: calls(["get_time", { tz: "UTC" }]), visible: "" },
    { title: "Phi-4-mini functools", text: 'functools[{"name": "get_time", "arguments": {"tz": "UTC"}}]', calls: calls(["get_time", { tz: "UTC" }]), visible: "" },
    { title: "Hunyuan tool_calls", text: '<tool_calls>[{"name": "get_time", "arguments": {"tz": "UTC"}}]</tool_calls>', calls: calls(["get_time", { tz: "UTC" }]), visible: "" },
    { title: "Llama 4 python_start", text: '<|python_start|>get_time(tz="UTC")<|python_end|>', calls: calls(["get_time", { tz: "UTC" }]), visible: "" },
    { title: "Gemma tool_code fence", text: 'Sure.\n```tool_code\nget_weather(city="Rome")\n```', calls: calls(["get_weather", { city: "Rome" }]), visible: "Sure.\n" },
    { title: "a call after reasoning", text: '<think>Maybe <tool_call>{"name": "get_time", "arguments": {}}</tool_call>?</think>\n<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>', calls: calls(["get_weather", { city: "Oslo" }]), visible: '<think>Maybe <tool_call>{"name": "get_time", "arguments": {}}</tool_call>?</think>\n' },
    { title: "a JSON call whose opening tag was lost", text: 'ok\n{"name": "get_time", "arguments": {"tz": "UTC"}}\n</tool_call>', calls: calls(["get_time", { tz: "UTC" }]), visible: "ok\n" },
    { title: "a fenced JSON call whose string holds a fence", text: 'Here:\n```json\n{"name": "get_weather", "arguments": {"city": "```Oslo```"}}\n```\nDone.', calls: calls(["get_weather", { city: "```Oslo```" }]), visible: "Here:\nDone." },
    { title: "a call object missing only its own closing brace", text: '{"type": "function", "function": {"name": "get_time", "parameters": {"tz": "UTC"}}', calls: calls(["get_time", { tz: "UTC" }]), visible: "" },
  ];

  it.each(cases.map((entry) => [entry.title, entry] as const))("%s: one character at a time, and whole", (_title, entry) => {
    const streamed = stream([...entry.text]);
    expect(parsed(streamed.end)).toEqual(entry.calls);
    expect(outcome(streamed).text).toBe(entry.visible);
    const whole = extractHeldCalls(entry.text, { tools });
    expect(whole?.calls).toEqual(streamed.end.calls);
    expect(whole?.text).toBe(entry.visible.trim());
  });

  it("releases the prose before a call at once, then holds the call", () => {
    const holdback = createTextHoldback({ tools });
    expect(holdback.push("Let me check. ")).toBe("Let me check. ");
    expect(holdback.push("<tool_")).toBe("");
    expect(holdback.push('call>{"name": "get_time", "arguments": {}}')).toBe("");
    expect(holdback.push("</tool_call>")).toBe("");
    expect(holdback.end().calls).toHaveLength(1);
  });
});

describe("text hold-back: prose", () => {
  const prose = [
    "The weather in Paris is sunny. ",
    "I could call get_weather for Paris if you like.\n",
    "\nHere is a list:\n- one\n- two\n",
    "Use a < b and [1, 2] here; {braces} too.\n",
    "```python\nprint('hi')\n```\nDone.\n",
    '```python\n{"name": "get_time", "arguments": {}}\n```\n',
    '```python title="x.py"\n{"name": "get_time", "arguments": {}}\n```\n',
    'A call looks like {"name": "get_time", "arguments": {}} in JSON.\n',
    "Action: none needed for now.\n",
    "Next Action: get_time, later.\n",
    "Action: get_time\nAction Input: UTC\n",
    "Action: get_time\nAction Input: `UTC`, as a phrase.\n",
    'The JSON {"city": "Paris"} is data.\n',
    "get_weather() returns the weather.\n",
  ];

  it("passes the same deltas out as in, at once", () => {
    const holdback = createTextHoldback({ tools });
    holdback.push("Sure. ");
    for (const delta of prose) expect(holdback.push(delta)).toBe(delta);
    expect(holdback.end()).toEqual({ text: "", calls: [] });
  });

  it("holds a partial marker at the end of a delta until the next one rules it out", () => {
    const holdback = createTextHoldback({ tools });
    expect(holdback.push("See <tool")).toBe("See ");
    expect(holdback.push("s> for more")).toBe("<tools> for more");
    expect(holdback.push(" and <|pyth")).toBe(" and ");
    // `<|python>` then a word may still be markup no reader knows before a tool's name (`<|python> nc://name {…}`).
    expect(holdback.push("on> too")).toBe("");
    expect(holdback.push(" late")).toBe("<|python> too late");
  });

  it("releases a fenced example that is data once it closes, and a block that is not JSON at its first character", () => {
    const holdback = createTextHoldback({ tools });
    expect(holdback.push('Example:\n```json\n{"city": ')).toBe("Example:\n");
    expect(holdback.push('"Paris"}\n```\nDone.')).toBe('```json\n{"city": "Paris"}\n```\nDone.');
    expect(holdback.push("\n```\nls -la\n```\nOK")).toBe("\n```\nls -la\n```\nOK");
  });

  it("a line opening with ``` waits for the first character of its block", () => {
    const holdback = createTextHoldback({ tools });
    expect(holdback.push("Done.\n```\n")).toBe("Done.\n");
    expect(holdback.push("That was all.")).toBe("```\nThat was all.");
  });

  it("ends with everything held as text when the choice has real tool calls", () => {
    const holdback = createTextHoldback({ tools });
    expect(holdback.push('<tool_call>{"name": "get_time", "arguments": {}}</tool_call>')).toBe("");
    expect(holdback.end({ extract: false })).toEqual({ text: '<tool_call>{"name": "get_time", "arguments": {}}</tool_call>', calls: [] });
  });

  it("a call inside reasoning is text", () => {
    const text = '<think>I could send <tool_call>{"name": "get_time", "arguments": {}}</tool_call></think>It is noon.';
    expect(outcome(stream([...text]))).toEqual({ text, calls: [] });
    expect(extractHeldCalls(text, { tools })).toBeUndefined();
  });

  it("functools opens a call only at the start of a line", () => {
    const text = 'Python has functools[{"name": "get_time", "arguments": {}}] too.';
    expect(outcome(stream([...text]))).toEqual({ text, calls: [] });
  });

  it("<parameter= holds only while it may still be a call opened with the tool's name", () => {
    const holdback = createTextHoldback({ tools });
    expect(holdback.push("Qwen writes <parameter=ci")).toBe("Qwen writes ");
    expect(holdback.push("ty>Paris</parameter> per value.")).toBe("<parameter=city>Paris</parameter> per value.");
    expect(holdback.push("\n<parameter=get_weather>\n")).toBe("\n");
    expect(holdback.push("<parameter=city>\nParis\n</parameter>\n</function>")).toBe("");
    expect(holdback.end()).toEqual({ text: "", calls: [{ name: "get_weather", arguments: '{"city":"Paris"}' }] });
  });

  it("a call to an undeclared tool is text", () => {
    const result = outcome(stream([...'<tool_call>{"name": "rm", "arguments": {}}</tool_call> ok']));
    expect(result).toEqual({ text: '<tool_call>{"name": "rm", "arguments": {}}</tool_call> ok', calls: [] });
  });
});

describe("text hold-back: bounds", () => {
  it("releases a held block as text once it outgrows maxChars, in both paths", () => {
    // A line break after it: a `>` ending the text could still open Functionary's `>>>`.
    const call = `<tool_call>{"name": "get_weather", "arguments": {"city": "${"x".repeat(200)}"}}</tool_call>\n`;
    const holdback = createTextHoldback({ tools, maxChars: 100 });
    const released = [...call].map((char) => holdback.push(char)).join("");
    expect(released).toBe(call);
    expect(holdback.end()).toEqual({ text: "", calls: [] });
    expect(extractHeldCalls(call, { tools, maxChars: 100 })).toBeUndefined();
    expect(extractHeldCalls(call, { tools, maxChars: 1000 })?.calls).toHaveLength(1);
  });

  /** What a client ends up with when `content` comes whole, one character at a time, or in pieces of `size`; and extractHeldCalls. */
  function everyCut(content: string, maxChars: number, size = 7) {
    const whole = outcome(stream([content], { maxChars }));
    expect(outcome(stream([...content], { maxChars }))).toEqual(whole);
    expect(outcome(stream(cut(content, Array.from({ length: Math.ceil(content.length / size) }, (_, index) => index * size)), { maxChars }))).toEqual(whole);
    expect(extractHeldCalls(content, { tools, maxChars })?.calls ?? []).toEqual(whole.calls);
    return whole;
  }

  const call = '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>';
  const prose = "Checking the clock now. ".repeat(10);

  // A block further back than the bound is judged as it was when it came: on its first maxChars characters.
  it.each([
    ['[{"get_time": {}}]<|start|>assistant<|channel|>commentary to=functions.get_time<|message|>', 54],
    ['<|tool_call_start|>get_weather<|tool_call_end|>[get_time(tz="UTC")]', 47],
  ])("a block that did not read counts however much text follows it, whatever the cut: %s (maxChars %i)", (content, maxChars) => {
    expect(everyCut(content, maxChars)).toEqual({ text: content, calls: [] });
    expect(everyCut(content, 1000)).toEqual({ text: content, calls: [] });
  });

  it.each([
    ["a call block that does not read, then prose past the bound, then a call", `<tool_call>{"name": "get_weather", "arguments": latest}</tool_call>\n${prose}\n${call}`, 0],
    ["a call, one that does not read right after it, then prose past the bound, then a call", `${call}\n<tool_call>{"name": "get_weather", "arguments": latest}</tool_call>\n${prose}\n${call}`, 0],
    // Near misses: nothing before the prose did not read.
    ["prose past the bound, then a call", `Hello.\n${prose}\n${call}`, 1],
    ["a call, prose past the bound, then a call", `${call}\n${prose}\n${call}`, 1],
  ])("%s: the same calls whatever the cut", (_title, content, calls) => {
    expect(everyCut(content, 200).calls).toHaveLength(calls);
  });

  // A block still open past the bound is text with what it read: no call is looked for inside those characters.
  it.each([
    ["<tool_call>", 0],
    ["<function=get_time>", 0],
    ["<|tool_call_start|>", 0],
    // Near misses: openers whose reading ends within the bound (the payload is read, or ruled out).
    ["[TOOL_CALLS]", 1],
    ["<|python_tag|>", 1],
  ])("a call inside the first maxChars characters of an opening %s left open past them: %i calls, whatever the cut", (opener, calls) => {
    const content = `Sure, one moment please; here goes.\n${opener}\n${call}\nDone.`;
    const maxChars = content.length - content.indexOf(call) + 2;
    expect(content.length - content.indexOf(opener)).toBeGreaterThan(maxChars);
    expect(everyCut(content, maxChars).calls).toHaveLength(calls);
    expect(everyCut(content, 1000).calls).toHaveLength(1);
  });

  it("releases a block held longer than maxMs on the next delta, by the caller's clock", () => {
    let clock = 0;
    const holdback = createTextHoldback({ tools, maxMs: 1000, now: () => clock });
    expect(holdback.push('```json\n{"name": "get_time", ')).toBe("");
    clock = 1000;
    expect(holdback.push('"arguments": ')).toBe("");
    clock = 1001;
    expect(holdback.push("{}}")).toBe('```json\n{"name": "get_time", "arguments": {}}');
    expect(holdback.push("\n```")).toBe("\n");
    expect(holdback.end()).toEqual({ text: "```", calls: [] });
  });
});

describe("text hold-back: work per delta", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** The places a reading judged: each is read by a `CallOpening` of its own. */
  function placesOf(read: () => void): Set<CallOpening> {
    const places = new Set<CallOpening>();
    const advance = CallOpening.prototype.advance;
    vi.spyOn(CallOpening.prototype, "advance").mockImplementation(function (this: CallOpening, text: string) {
      places.add(this);
      return advance.call(this, text);
    });
    read();
    vi.restoreAllMocks();
    return places;
  }

  /** How many places a reading judged. */
  const placesJudged = (read: () => void): number => placesOf(read).size;

  // Openings that never close: each is read up to the bound. Judging every one of them would read maxChars
  // characters per opening; a block open past the bound is text with what it read, so the next is judged after it.
  it.each([
    ["tags", "<tool_call>"],
    ["lists of JSON call heads", '[{"name": "get_time", "arguments": {"tz": "'],
    ["fenced JSON call heads", '```json\n{"name": "get_time", "arguments": {"tz": "'],
    ["function tags", "<function=get_time>"],
  ])("a text of unclosed %s judges a few places per maxChars characters, streamed in any deltas or whole", (_title, opening) => {
    const maxChars = 1000;
    const content = opening.repeat(Math.ceil(20 * maxChars / opening.length));
    const bound = 4 * Math.ceil(content.length / maxChars) + 20;
    for (const size of [1, 8, 100]) {
      const judged = placesJudged(() => {
        const holdback = createTextHoldback({ tools, maxChars });
        for (let at = 0; at < content.length; at += size) holdback.push(content.slice(at, at + size));
        holdback.end();
      });
      expect(judged).toBeLessThanOrEqual(bound);
    }
    expect(placesJudged(() => extractHeldCalls(content, { tools, maxChars }))).toBeLessThanOrEqual(bound);
  });

  /** How many characters of closed blocks a reading handed to the extraction, over every place it judged. */
  const charsJudged = (read: () => void): number => [...placesOf(read)].reduce((sum, place) => sum + place.judgedChars, 0);

  // Openings that close just inside the bound, in groups: every opening of a group is a block closed by the group's
  // closer, as long as the bound. Judging each would read the group once per opening; the closed blocks that did not
  // read add up to the budget within a few groups, and the rest is text.
  it.each([
    ["tags", "<tool_call>", "</tool_call>"],
    ["function tags", "<function=get_time>", "</function>"],
    ["tags around prose", "<tool_call>hello ", "</tool_call>"],
  ])("a text of %s closed in groups as long as the bound hands the extraction a few maxChars characters, streamed in any deltas or whole", (_title, opening, closer) => {
    const maxChars = 1000;
    const group = opening.repeat(Math.floor((maxChars - closer.length) / opening.length)) + closer;
    const content = `${group}\n`.repeat(30);
    const bound = (UNREAD_BLOCK_BUDGET + 2) * maxChars;
    for (const size of [1, 8, 100]) {
      const judged = charsJudged(() => {
        const holdback = createTextHoldback({ tools, maxChars });
        for (let at = 0; at < content.length; at += size) holdback.push(content.slice(at, at + size));
        holdback.end();
      });
      expect(judged).toBeLessThanOrEqual(bound);
    }
    expect(charsJudged(() => extractHeldCalls(content, { tools, maxChars }))).toBeLessThanOrEqual(bound);
  });
});

describe("text hold-back: closed blocks that do not read, past the budget", () => {
  const call = '<tool_call>{"name": "get_time", "arguments": {"tz": "UTC"}}</tool_call>';
  const maxChars = 100;
  const budget = UNREAD_BLOCK_BUDGET * maxChars;

  /** The calls read from `content` whole, one character at a time and in pieces of 8, which must agree. */
  function callsEveryCut(content: string): number {
    const whole = outcome(stream([content], { maxChars }));
    expect(outcome(stream([...content], { maxChars }))).toEqual(whole);
    expect(outcome(stream(cut(content, Array.from({ length: Math.ceil(content.length / 8) }, (_, index) => index * 8)), { maxChars }))).toEqual(whole);
    expect(extractHeldCalls(content, { tools, maxChars })?.calls ?? []).toEqual(whole.calls);
    if (whole.calls.length === 0) expect(whole.text).toBe(content);
    return whole.calls.length;
  }

  // Blocks that close and do not read as calls (data in a JSON fence, a call tag around prose): each counts from its
  // start to its closer. Once they add up to the budget, no call is looked for in the rest of the text.
  it.each([
    ["JSON fences of data", '```json\n{"a": 1}\n```\n'],
    ["call tags around prose", "<tool_call>hello there</tool_call>\n"],
    ["call tags around a list", "<tool_call>[1, 2, 3]</tool_call>\n"],
    ["call tags around an object that is no call", '<tool_call>{"a": 1}</tool_call>\n'],
    ["LFM2's tokens around prose", "<|tool_call_start|>hello<|tool_call_end|>\n"],
  ])("%s: a call after them is read while they add up to less than the budget, text once they reach it", (_title, block) => {
    const under = Math.floor((budget - 1) / block.length);
    expect(callsEveryCut(block.repeat(under) + call)).toBe(1);
    expect(callsEveryCut(block.repeat(under + 1) + call)).toBe(0);
  });

  // Near misses: text that holds no closed block, however long, spends nothing.
  it.each([
    ["prose", "Checking the clock now, one moment please.\n"],
    ["a fence of Python", "```python\nprint(1)\n```\n"],
    ["an unclosed tag's name only", "Use tool_call tags.\n"],
    // A block ruled out before its closer: read no further than that.
    ["Mistral's marker before prose", "[TOOL_CALLS] hello\n"],
  ])("%s past the budget: a call after it is still read", (_title, text) => {
    expect(callsEveryCut(text.repeat(Math.ceil((2 * budget) / text.length)) + call)).toBe(1);
  });

  // Texts that often run out of budget: many closed blocks that do not read, calls and pieces of either around them.
  const blocks = ['```json\n{"a": 1}\n```\n', "<tool_call>hello there</tool_call>\n", "<tool_call>[1, 2, 3]</tool_call>", "<|tool_call_start|>hello<|tool_call_end|>"];
  const pieces = [call, "\n", "Sure. ", "<tool_call>", "</tool_call>", '{"name": "get_time", "arguments": {}}', "```json\n", "```", "[", "]", "{", "}", "<think>", "</think>"];
  const fragment = fc.oneof({ arbitrary: fc.constantFrom(...blocks), weight: 3 }, { arbitrary: fc.constantFrom(...pieces), weight: 2 });
  it("released text + end and calls do not depend on the cut when the budget runs out (fast-check)", () => {
    fc.assert(
      fc.property(fc.tuple(fc.array(fc.constantFrom(...blocks), { maxLength: 30 }), fc.array(fragment, { maxLength: 16 })).map(([first, then]) => [...first, ...then].join("")), fc.array(fc.nat(), { maxLength: 12 }), fc.integer({ min: 40, max: 120 }), (content, points, max) => {
        const whole = outcome(stream([content], { maxChars: max }));
        expect(outcome(stream(cut(content, points), { maxChars: max }))).toEqual(whole);
        expect(outcome(stream([...content], { maxChars: max }))).toEqual(whole);
        if (whole.calls.length === 0) expect(whole.text).toBe(content);
        expect(extractHeldCalls(content, { tools, maxChars: max })?.calls ?? []).toEqual(whole.calls);
      }),
      { numRuns: 300 },
    );
  });
});

describe("text hold-back: any cut of a text ends as the whole text does (fast-check)", () => {
  const fragments = [
    "Sure, ", "Let me check.", " ", "\n", "\n\n", "<b>", "<", "[", "]", "{", "}", "(", ")", '"', "'", "`", "get", "_time",
    "<tool_call>", "</tool_call>", "<function=get_time>", "</function>", "[TOOL_CALLS]", "[ARGS]", "[TOOL_CALL]", "[/TOOL_CALL]", "✿FUNCTION✿: get_time\n✿ARGS✿: ", "✿RESULT✿", "Action: get_time\n", "Action Input: ", "Action Input:\n```json\n", "<|python_tag|>",
    "<|tool_call_start|>", "<|tool_call_end|>", "<|start|>assistant<|channel|>commentary to=functions.get_time<|message|>", "<|call|>",
    "```json\n", "```", "```python\n", '{"name": "get_weather", "arguments": {"city": "Paris"}}', '{"tz": "UTC"}', '{"name": "Paris"}',
    '[get_time(tz="UTC")]', "get_weather", "get_time", '(tz="UTC")', '{"name": ', '"get_time"', ', "arguments": {}}',
    "<think>", "</think>", "<minimax:tool_call>", '<invoke name="get_time">', '<parameter name="tz">UTC</parameter>', "</invoke>",
    "<|tool_call>call:get_time{tz:", '<|"|>', "<tool_call|>", "functools", "<|tool_call|>", "<tool_calls>", "</tool_calls>", "```tool_code\n",
    "print(", "print(default_api.", "default_api.get_time", "```py\n", ">>>", ">>>all\n", "<|from|>assistant\n", "<|recipient|>", "<|content|>", "<|tools_prefix|>", '[{"get_time": {}}]', "<tool_use>", "<name>get_time</name>", "<input>", "</input>", "</tool_use>", "<tool_sep>", "```xml\n", "<tool_calls:opensource>", "<tool_call:opensource>", "<arg_key:opensource>",
    "commentary to=functions.get_time json", "[Tool Use: get_time] ", "<|tool_calls_section_end|>", '"a </tool_call> b"', '<｜｜DSML｜｜ invoke name="get_time">', "</｜｜DSML｜｜ invoke>",
  ];
  const text = fc.oneof(
    fc.array(fc.constantFrom(...fragments), { maxLength: 14 }).map((parts) => parts.join("")),
    fc.array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 6 })), { maxLength: 10 }).map((parts) => parts.join("")),
  );
  const offsets = fc.array(fc.nat(), { maxLength: 12 });

  it("released text + end and calls do not depend on the cut", () => {
    fc.assert(
      fc.property(text, offsets, fc.integer({ min: 20, max: 400 }), (content, points, maxChars) => {
        const whole = outcome(stream([content], { maxChars }));
        expect(outcome(stream(cut(content, points), { maxChars }))).toEqual(whole);
        expect(outcome(stream([...content], { maxChars }))).toEqual(whole);
        // Nothing is lost: without calls, every character comes out once, in order.
        if (whole.calls.length === 0) expect(whole.text).toBe(content);
        const extracted = extractHeldCalls(content, { tools, maxChars });
        expect(extracted?.calls ?? []).toEqual(whole.calls);
      }),
      { numRuns: 600 },
    );
  });
});

describe("text hold-back: the corpus's calls written as text", () => {
  const corpus = readFileSync(new URL("../../fixtures/corpus/dev-cases.jsonl", import.meta.url), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { id: string; class: string; tool: ToolDefinition; raw_arguments: unknown })
    .filter((entry) => entry.class === "content_embedded_call" || entry.class === "unrecoverable");

  it.each(corpus.map((entry) => [entry.id, entry] as const))("%s: streamed as the whole-text extraction reads it", (_id, entry) => {
    if (typeof entry.raw_arguments !== "string") return;
    const content = entry.raw_arguments;
    const caseTools = [entry.tool];
    const before = extractToolCallsFromContent(content, caseTools);
    const streamed = stream([...content], { tools: caseTools });
    expect(streamed.end.calls).toEqual(before?.calls ?? []);
    expect(extractHeldCalls(content, { tools: caseTools })?.calls).toEqual(before?.calls);
  });
});
