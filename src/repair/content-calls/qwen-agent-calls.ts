/**
 * Qwen-Agent's function-call text, left in the content when nothing parses
 * it: `✿FUNCTION✿: get_weather` then `✿ARGS✿: {"city": "Paris"}` on the next
 * line, several pairs for several calls; the model may go on to write
 * `✿RESULT✿` or `✿RETURN✿`, which end the arguments, or prose after the
 * arguments' object, which stays text.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { detectEach, TOOL_NAME } from "./raw-call.ts";
import { findJsonEnd } from "./scan.ts";

export const QWEN_AGENT_FUNCTION = "✿FUNCTION✿";
const ARGS = "✿ARGS✿";
export const QWEN_AGENT_ENDS = ["✿RESULT✿", "✿RETURN✿"];
const NEXT_MARKERS = [QWEN_AGENT_FUNCTION, ...QWEN_AGENT_ENDS];

/** `: name` up to the end of its line, then `✿ARGS✿:` and the text up to the next marker or the end. */
function callAt(content: string, start: number): { call: RawCall; end: number } | undefined {
  const lineEnd = content.indexOf("\n", start);
  if (lineEnd < 0) return undefined;
  const name = content.slice(start + QWEN_AGENT_FUNCTION.length, lineEnd).replace(/^\s*:\s*/, "").trim();
  const argsAt = content.indexOf(ARGS, lineEnd);
  if (!TOOL_NAME.test(name) || argsAt < 0 || content.slice(lineEnd, argsAt).trim() !== "") return undefined;
  const bodyStart = argsAt + ARGS.length;
  const ends = NEXT_MARKERS.map((marker) => content.indexOf(marker, bodyStart)).filter((at) => at >= 0);
  const end = ends.length === 0 ? content.length : Math.min(...ends);
  const body = content.slice(bodyStart, end);
  // A JSON object with prose after it ends the arguments there: the prose is the answer's text, read like any text after a call.
  const open = /^\s*:?\s*/.exec(body)![0].length;
  const close = body[open] === "{" ? findJsonEnd(body, open) : -1;
  if (close > 0 && body.slice(close).trim() !== "") return { call: { name, arguments: { kind: "text", text: body.slice(open, close) } }, end: bodyStart + close };
  const text = body.replace(/^\s*:/, "").trim();
  return { call: { name, arguments: { kind: "text", text } }, end };
}

export function detectQwenAgent(content: string): Detection | undefined {
  return detectEach(content, QWEN_AGENT_FUNCTION, callAt);
}
