/**
 * A block that names its call in an element, then holds the arguments as
 * JSON (`<tool_call><function>note</function>{"text": "a </tool_call> b"}</tool_call>`,
 * as MLX servers pass Gemma 3's and Qwen3.6's calls on): the block's closer
 * inside one of the object's strings closes nothing when the object closes,
 * parses, and the closer follows it; nor does its opener there open a
 * block. The rule `closerAfterJson` keeps for a JSON body, with the name
 * element before it.
 */
import { TOOL_NAME } from "./raw-call.ts";
import { closerAfterJson, skipWhitespace } from "./scan.ts";

const NAME_OPEN = "<function>";
const NAME_CLOSE = "</function>";

/** The block from `start` (its `open` tag) to the closer after its arguments, when a closer stands inside them. */
export function namedJsonBlock(content: string, open: string, close: string, start: number): { body: string; start: number; end: number; closed: true } | undefined {
  const bodyStart = start + open.length;
  const nameAt = skipWhitespace(content, bodyStart);
  if (!content.startsWith(NAME_OPEN, nameAt)) return undefined;
  const nameEnd = content.indexOf(NAME_CLOSE, nameAt);
  if (nameEnd < 0 || !TOOL_NAME.test(content.slice(nameAt + NAME_OPEN.length, nameEnd).trim())) return undefined;
  const argsAt = skipWhitespace(content, nameEnd + NAME_CLOSE.length);
  if (content[argsAt] !== "{") return undefined;
  // The block's opener in a string (`"text": "<tool_call>"`) is text too: the next block is not cut from there.
  const found = closerAfterJson(content, argsAt, [close], [close, open]);
  if (found === undefined) return undefined;
  return { body: content.slice(bodyStart, found[0]), start, end: found[0] + close.length, closed: true };
}
