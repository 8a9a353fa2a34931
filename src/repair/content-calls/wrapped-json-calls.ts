/**
 * JSON calls in tags other than `<tool_call>`, as Hermes-style models
 * write them (llama.cpp's Hermes 2 Pro parser accepts the same):
 * `<tools>{"name": …, "arguments": …}</tools>`, and `<response>`, `<json>`,
 * `<xml>`, `<JSON>`; small models without a tool parser make up others
 * (`<answer>`, `<output>`, `<action>`; not `<call>`, Gemma 4's own token),
 * and bracketed ones (`[FUNC]{…}[/FUNC]`).
 * The tag must hold the JSON and nothing else: Granite's
 * `<response>Hello</response>` is its answer, not a call. As in a
 * `<tool_call>` block, the wrapper's closer inside one of the JSON's strings
 * closes nothing when the JSON parses and its closer follows it, and a call
 * whose last brace was dropped right before the closer is read (see
 * dropped-brace.ts): the same markup, the same rules.
 */
import { callMissingLastBrace } from "./dropped-brace.ts";
import { payloadAt } from "./marked-calls.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS } from "./raw-call.ts";
import { closerAfterJson, skipWhitespace } from "./scan.ts";

/**
 * The same in square brackets, as prompts that teach a call format by
 * example often spell it (`[FUNC]{…}[/FUNC]`, `[TOOL]{…}[/TOOL]`), upper or
 * lower case: only names that say call, so an `[EXAMPLE]` block stays text.
 * Not Mistral's `[TOOL_CALLS]` nor MiniMax's `[TOOL_CALL]`, read as their own formats.
 */
const BRACKET_WRAPPER_NAMES = ["TOOL", "TOOLS", "FUNC", "FUNCTION", "FUNCTIONS", "FUNCTION_CALL", "FUNCTION_CALLS", "CALL", "CALLS"];

/** Each wrapper's opening and closing tag. */
export const JSON_WRAPPERS: readonly (readonly [string, string])[] = [
  ...["tools", "response", "json", "xml", "JSON", "function", "functions", "answer", "output", "action"].map((tag): [string, string] => [`<${tag}>`, `</${tag}>`]),
  ...BRACKET_WRAPPER_NAMES.flatMap((name) => [name, name.toLowerCase()]).map((name): [string, string] => [`[${name}]`, `[/${name}]`]),
];

/** Every block of the first wrapper the content holds; `undefined` when one holds anything but JSON calls. */
export function detectJsonWrappers(content: string): Detection | undefined {
  const wrapper = JSON_WRAPPERS.find(([open]) => content.includes(open));
  if (wrapper === undefined) return undefined;
  const [open, close] = wrapper;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  for (let start = content.indexOf(open); start >= 0 && calls.length <= MAX_CALLS; start = content.indexOf(open, start + 1)) {
    const bodyStart = skipWhitespace(content, start + open.length);
    // The closer right after the JSON, when one inside its strings would end the block early.
    const closeAt = closerAfterJson(content, bodyStart, [close])?.[0] ?? content.indexOf(close, bodyStart);
    if (closeAt < 0) {
      // The closer cut where the text ends (`<tools>{…}</tool`): the calls are whole, only markup is missing.
      const payload = /^[{[]/.test(content[bodyStart] ?? "") ? payloadAt(content, bodyStart) : undefined;
      const rest = payload === undefined ? "" : content.slice(payload.end).trim();
      if (payload === undefined || rest.length < 2 || !close.startsWith(rest)) return undefined;
      calls.push(...payload.calls);
      spans.push([start, content.length]);
      break;
    }
    if (!/^[{[]/.test(content[bodyStart] ?? "")) return undefined;
    const payload = payloadAt(content.slice(0, closeAt), bodyStart);
    const read = payload === undefined ? callMissingLastBrace(content.slice(bodyStart, closeAt)) : skipWhitespace(content, payload.end) === closeAt ? payload.calls : undefined;
    if (read === undefined) return undefined;
    calls.push(...read);
    spans.push([start, closeAt + close.length]);
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
