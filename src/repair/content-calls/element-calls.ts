/**
 * A call written as XML elements, the way Anthropic-style prompts teach it:
 * `<name>get_time</name><input>{"tz": "UTC"}</input>` inside `<tool_use>`,
 * the older `<invoke><tool_name>get_time</tool_name><parameters><tz>UTC</tz></parameters></invoke>`,
 * and `<function>get_time</function>{"tz": "UTC"}` inside `<tool_call>`.
 * JSON arguments go to the pipeline as text; child elements are key/value
 * pairs typed from the schema, as the other XML formats' are.
 */
import type { RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME, emptyArguments } from "./raw-call.ts";
import { findJsonEnd, skipWhitespace } from "./scan.ts";
import { CDATA_OPEN, cdataValue, indexOutsideCdata } from "./cdata.ts";
import { closerOf } from "./nested-elements.ts";

// `invoke_name`: the older Claude XML's `<invoke>` naming its tool in an element of its own (DeepSeek V4 writes it so).
const NAME_ELEMENTS = ["name", "tool_name", "invoke_name", "function"];
const ARGUMENT_ELEMENTS = ["input", "arguments", "parameters", "args"];
const KEY = /^[A-Za-z_][\w.-]{0,127}$/;

/** The element `<tag>…</tag>` at `at` whose tag is one of `tags` (any key when `tags` is undefined). */
export function elementAt(text: string, at: number, tags?: readonly string[], nested = false): { tag: string; body: string; end: number } | undefined {
  if (text[at] !== "<") return undefined;
  const tagEnd = text.indexOf(">", at);
  const tag = tagEnd < 0 ? "" : text.slice(at + 1, tagEnd);
  if (!KEY.test(tag) || (tags !== undefined && !tags.includes(tag))) return undefined;
  // A closer inside a CDATA section of the value is text. In a list's or an object's elements (`nested`), one closing
  // an inner element of the same name is the value's (see nested-elements.ts).
  const close = nested ? closerOf(text, tag, tagEnd + 1) : indexOutsideCdata(text, `</${tag}>`, tagEnd + 1);
  if (close < 0) return undefined;
  return { tag, body: text.slice(tagEnd + 1, close), end: close + tag.length + 3 };
}

/** Whether `text` opens an element named `tag` (`<tag>`, `<tag attr…>`, `<tag/>`). */
function opensElement(text: string, tag: string): boolean {
  for (let at = text.indexOf(`<${tag}`); at >= 0; at = text.indexOf(`<${tag}`, at + 1)) {
    const next = text[at + tag.length + 1];
    if (next === ">" || next === "/" || next === " " || next === "\t" || next === "\n") return true;
  }
  return false;
}

/** Child elements `<key>value</key>…` and nothing else between them (a closer repeated right after its element aside); `undefined` otherwise. */
export function childPairs(text: string, nested = false): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  for (let at = skipWhitespace(text, 0); at < text.length; at = skipWhitespace(text, at)) {
    // A closer written twice (`<command>ls</command></command>`): markup, nothing of a value.
    // Not when the element's value opens one of its own name (`<content><content>x</content></content>`): that closer is the value's.
    const [last, lastValue] = pairs.at(-1) ?? [];
    if (last !== undefined && text.startsWith(`</${last}>`, at) && !opensElement(lastValue ?? "", last)) {
      at += last.length + 3;
      continue;
    }
    const child = elementAt(text, at, undefined, nested);
    if (child === undefined || pairs.length >= MAX_CALLS * 4) return undefined;
    pairs.push([child.tag, child.body]);
    at = child.end;
  }
  return pairs;
}

/** A `<name>` element, then at most one arguments element, and nothing else. */
export function readElementCall(body: string): RawCall | undefined {
  const name = elementAt(body, skipWhitespace(body, 0), NAME_ELEMENTS);
  const written = name?.body.trim() ?? "";
  if (name === undefined || !TOOL_NAME.test(written)) return undefined;
  const argsAt = skipWhitespace(body, name.end);
  if (argsAt >= body.length) return { name: written, arguments: emptyArguments };
  // `<function>terminal</function>\n{"command": "ls"}` (Gemma 3, Qwen3.6 via MLX servers): the object alone.
  if (body[argsAt] === "{") {
    const end = findJsonEnd(body, argsAt);
    return end < 0 || skipWhitespace(body, end) >= body.length ? { name: written, arguments: { kind: "text", text: body.slice(argsAt, end < 0 ? body.length : end) } } : undefined;
  }
  const args = elementAt(body, argsAt, ARGUMENT_ELEMENTS);
  if (args === undefined || skipWhitespace(body, args.end) < body.length) return undefined;
  // The arguments as one CDATA section (`<parameters><![CDATA[{"a": 1}]]></parameters>`): its text, verbatim.
  const opensSection = args.body.trimStart().startsWith(CDATA_OPEN);
  const cdata = opensSection ? cdataValue(args.body) : undefined;
  if (cdata?.kind === "mixed") return undefined;
  const inner = (cdata?.kind === "section" ? cdata.text : args.body).trim();
  if (inner === "") return { name: written, arguments: emptyArguments };
  if (inner.startsWith("{")) return { name: written, arguments: { kind: "text", text: inner } };
  const params = inner.startsWith("<") ? childPairs(inner) : undefined;
  return params === undefined ? undefined : { name: written, arguments: { kind: "params", params } };
}

/** Whether a call body opens with a name element. */
export const opensWithNameElement = (body: string): boolean => NAME_ELEMENTS.some((tag) => body.startsWith(`<${tag}>`));
