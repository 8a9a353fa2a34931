// <parameter=path>a.txt</parameter><parameter=limit>10</parameter> → {"path":"a.txt","limit":10}; the same inside <tool_call><function=read>…</function></tool_call> for read
import type { JsonObject } from "../../json.ts";
import { isJsonObject } from "../../json.ts";
import type { JsonSchema, ParserFamily } from "../types.ts";
import { readLeadingCalls } from "../content-calls/read-leading-calls.ts";

/**
 * Lossless: Qwen3-Coder writes its arguments as `<parameter=name>value</parameter>`
 * elements; a server that does not turn them into JSON (LM Studio's, at times)
 * passes them on as the arguments text. Read as the call element they come
 * from would be, each value typed from its property's schema; the
 * `</function>` and `</tool_call>` closers left after them are markup, and so
 * is the whole call element around them when it names the call's own tool.
 */
export const parseParameterTags: ParserFamily = {
  name: "parse-parameter-tags",
  purpose: "Read Qwen3-Coder <parameter=name>value</parameter> elements sent as the arguments text (also inside the call element naming the call's own tool), each value typed from the schema.",
  class: "lossless",
  stage: "parse",
};

/** The arguments text opens on a parameter element (nothing but space before it). */
const OPENS = /^\s*<parameter=[^>\n]+>/;
/** Closers of the call element a server left after the parameters. */
const TRAILING_CLOSERS = /(?:\s*<\/function>)?(?:\s*<\/tool_call>)?\s*$/;
/** A tool name no schema property collides with, for the element read. */
const SLOT = "arguments";

/**
 * The call element's opening a server left before the parameters: `<tool_call>` (maybe), then `<function=NAME>`,
 * also with its `=` left out (`<function NAME>`, `<functionNAME>`: the name must then be the call's own tool's).
 */
const CALL_OPENER = /^\s*(?:<tool_call>\s*)?<function(=| ?)([^>\n]{1,200})>/;

/**
 * The object the parameter elements of `text` spell for `schema`, or `undefined`. The whole call element may
 * stand around them (`<tool_call><function=NAME>…</function></tool_call>`, the model's call put in the arguments
 * as written) when it names `toolName`, the call's own tool: naming another, the arguments are another tool's.
 */
export function readParameterTags(text: string, schema: unknown, toolName?: string): JsonObject | undefined {
  const opener = CALL_OPENER.exec(text);
  if (opener !== null && (toolName === undefined || (opener[1] === "=" ? opener[2]!.trim() : opener[2]) !== toolName)) return undefined;
  const tags = opener === null ? text : text.slice(opener[0].length);
  if (!OPENS.test(tags)) return undefined;
  const body = tags.replace(TRAILING_CLOSERS, "");
  // The last element must be closed: a text that stops inside a value was cut, and the element read closes nothing for it.
  if (!/<\/parameter>\s*$/.test(body)) return undefined;
  const found = readLeadingCalls(`<function=${SLOT}>\n${body.trim()}\n</function>`, [{ name: SLOT, parameters: schema as JsonSchema }]);
  // Anything left beside the parameters (prose, a second call) is not arguments.
  if (found === undefined || found.calls.length !== 1 || found.text.trim() !== "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(found.calls[0]!.arguments);
  } catch {
    return undefined;
  }
  return isJsonObject(value) ? value : undefined;
}
