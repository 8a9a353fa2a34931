/**
 * Solar Open 2: `<|tool_call:start|>get_weather` then, one per argument,
 * `<|tool_arg:start|>city<|tool_arg:value|>Seoul<|tool_arg:end|>`, then
 * `<|tool_call:end|>`. The name is the rest of the start token's line.
 * Values are text, typed from the tool's schema as Qwen3-Coder's are; a
 * string keeps its spaces and line breaks (they sit inside the tokens).
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { detectBlocks, MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { skipWhitespace } from "./scan.ts";

export const SOLAR_CALL: readonly [string, string] = ["<|tool_call:start|>", "<|tool_call:end|>"];
const ARG_START = "<|tool_arg:start|>";
const ARG_VALUE = "<|tool_arg:value|>";
const ARG_END = "<|tool_arg:end|>";
const MAX_PARAMETERS = MAX_CALLS * 4;

/** One call's body (between its tokens); `undefined` when its markup is broken. */
function readBody(body: string): RawCall | undefined {
  const newline = body.indexOf("\n");
  const firstArg = body.indexOf(ARG_START);
  const nameEnd = [newline, firstArg, body.length].filter((at) => at >= 0).reduce((a, b) => Math.min(a, b));
  const name = body.slice(0, nameEnd).trim();
  if (!TOOL_NAME.test(name)) return undefined;
  const params: [string, string][] = [];
  let position = skipWhitespace(body, nameEnd);
  while (position < body.length) {
    if (!body.startsWith(ARG_START, position) || params.length >= MAX_PARAMETERS) return undefined;
    const valueToken = body.indexOf(ARG_VALUE, position + ARG_START.length);
    const key = valueToken < 0 ? "" : body.slice(position + ARG_START.length, valueToken);
    if (key === "" || key.length > 128 || /[\s<>|]/.test(key)) return undefined;
    const valueStart = valueToken + ARG_VALUE.length;
    const valueEnd = body.indexOf(ARG_END, valueStart);
    if (valueEnd < 0) return undefined;
    const value = body.slice(valueStart, valueEnd);
    // A lost end token would make this value swallow the next argument: refuse rather than guess where it ends.
    if (value.includes(ARG_START) || value.includes(ARG_VALUE)) return undefined;
    params.push([key, value]);
    position = skipWhitespace(body, valueEnd + ARG_END.length);
  }
  return { name, arguments: { kind: "params", params } };
}

/** Every Solar Open 2 call block; `undefined` when there is none, or one is unclosed or broken. */
export function detectSolar(content: string): Detection | undefined {
  return detectBlocks(content, SOLAR_CALL, (body) => {
    const call = readBody(body);
    return call === undefined ? undefined : [call];
  });
}
