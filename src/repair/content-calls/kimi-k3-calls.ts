/**
 * Kimi K3's XTML: a tools section of calls, each with one element per
 * argument or one JSON block holding them all:
 * `<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|>`
 * `<|open|>argument key="city" type="string"<|sep|>Tokyo<|close|>argument<|sep|>`
 * `<|close|>call<|sep|><|close|>tools<|sep|>`, or
 * `<|open|>json type="object"<|sep|>{"city": "Tokyo"}<|close|>json<|sep|>` in
 * place of the arguments. Argument values are text, typed from the tool's
 * schema as Qwen3-Coder's are (the `type` attribute is the model's word, the
 * schema is the request's).
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { detectBlocks, MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { skipWhitespace } from "./scan.ts";

const SEP = "<|sep|>";
export const KIMI_K3_TOOLS: readonly [string, string] = [`<|open|>tools${SEP}`, `<|close|>tools${SEP}`];
const CALL_OPEN = "<|open|>call";
const CALL_CLOSE = `<|close|>call${SEP}`;
const ARGUMENT_OPEN = "<|open|>argument";
const ARGUMENT_CLOSE = `<|close|>argument${SEP}`;
const JSON_OPEN = "<|open|>json";
const JSON_CLOSE = `<|close|>json${SEP}`;
const MAX_PARAMETERS = MAX_CALLS * 4;

/** An element's attributes (`tool="x" index="1"`), XML's two escapes undone; `undefined` when they are not only attributes. */
function attributes(text: string): Map<string, string> | undefined {
  const found = new Map<string, string>();
  const rest = text.replace(/\s*(\w+)="([^"]*)"\s*/g, (_all, key: string, value: string) => {
    found.set(key, value.replaceAll("&quot;", '"').replaceAll("&amp;", "&"));
    return "";
  });
  return rest === "" ? found : undefined;
}

/** The element opening with `open` at `at`: its attributes and where its body starts. */
function elementAt(text: string, at: number, open: string): { attrs: Map<string, string>; body: number } | undefined {
  if (!text.startsWith(open, at)) return undefined;
  const sep = text.indexOf(SEP, at + open.length);
  if (sep < 0) return undefined;
  const attrs = attributes(text.slice(at + open.length, sep));
  return attrs === undefined ? undefined : { attrs, body: sep + SEP.length };
}

/** One call's body: argument elements, or one JSON block; `undefined` when anything else is in it. */
function readArguments(body: string): RawCall["arguments"] | undefined {
  const start = skipWhitespace(body, 0);
  const json = elementAt(body, start, JSON_OPEN);
  if (json !== undefined) {
    const end = body.indexOf(JSON_CLOSE, json.body);
    if (end < 0 || body.slice(end + JSON_CLOSE.length).trim() !== "") return undefined;
    return { kind: "text", text: body.slice(json.body, end) };
  }
  const params: [string, string][] = [];
  // `type="string"` says the value is text: `null` there is the word (see null-word.ts).
  const textKeys = new Set<string>();
  let position = start;
  while (position < body.length) {
    const argument = elementAt(body, position, ARGUMENT_OPEN);
    const key = argument?.attrs.get("key");
    if (argument === undefined || key === undefined || key === "" || params.length >= MAX_PARAMETERS) return undefined;
    const end = body.indexOf(ARGUMENT_CLOSE, argument.body);
    if (end < 0) return undefined;
    const value = body.slice(argument.body, end);
    // A lost closer would make this value swallow the next argument: refuse rather than guess where it ends.
    if (value.includes("<|open|>") || value.includes("<|close|>")) return undefined;
    params.push([key, value]);
    if (argument.attrs.get("type") === "string") textKeys.add(key);
    position = skipWhitespace(body, end + ARGUMENT_CLOSE.length);
  }
  return textKeys.size === 0 ? { kind: "params", params } : { kind: "params", params, textKeys };
}

/** The calls of one tools section's body; `undefined` when one is broken or anything else sits between them. */
function readSection(section: string): RawCall[] | undefined {
  const calls: RawCall[] = [];
  let position = skipWhitespace(section, 0);
  while (position < section.length) {
    const call = elementAt(section, position, CALL_OPEN);
    const name = call?.attrs.get("tool");
    if (call === undefined || name === undefined || !TOOL_NAME.test(name) || calls.length >= MAX_CALLS) return undefined;
    const end = section.indexOf(CALL_CLOSE, call.body);
    const args = end < 0 ? undefined : readArguments(section.slice(call.body, end));
    if (args === undefined) return undefined;
    calls.push({ name, arguments: args });
    position = skipWhitespace(section, end + CALL_CLOSE.length);
  }
  return calls;
}

/**
 * Every Kimi K3 tools section; `undefined` when there is none, or one is broken. A section left open is read
 * only at the text's end and only when it ends on a closed call (`<|close|>call<|sep|>` and nothing after): each
 * call's own closer says its arguments are complete, as a wrapper left open after closed calls does in the other
 * formats. One cut inside a call, or going on with anything else, stays text.
 */
export function detectKimiK3(content: string): Detection | undefined {
  const [open, close] = KIMI_K3_TOOLS;
  const last = content.lastIndexOf(open);
  if (last < 0 || content.includes(close, last)) return detectBlocks(content, KIMI_K3_TOOLS, readSection);
  const body = content.slice(last + open.length).trimEnd();
  if (!body.endsWith(CALL_CLOSE)) return undefined;
  const before = last === 0 ? undefined : detectBlocks(content.slice(0, last), KIMI_K3_TOOLS, readSection);
  if (last > 0 && content.slice(0, last).includes(open) && before === undefined) return undefined;
  const calls = readSection(body);
  if (calls === undefined || calls.length === 0 || (before?.calls.length ?? 0) + calls.length > MAX_CALLS) return undefined;
  return { calls: [...(before?.calls ?? []), ...calls], spans: [...(before?.spans ?? []), [last, content.length]] };
}
