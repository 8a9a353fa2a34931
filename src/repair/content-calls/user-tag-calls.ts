/**
 * Poolside's Laguna writes some calls between `<user>` tags where its
 * template has `<tool_call>` (Ollama's parser reads them so): GLM's body with
 * at least one argument, `<user>read\n<arg_key>path</arg_key>\n<arg_value>a.txt</arg_value>\n</user>`,
 * or JSON calls, `<user>{"name": "bash", "arguments": {…}}</user>`.
 * `<user>` is also a user's turn in a transcript, so a block is read only
 * when it holds a call and nothing else, and every `<user>` block of the
 * text must: `<user>hello</user>` is text, and so is a bare name
 * (`<user>read</user>`), which a user may type as well.
 */
import { payloadAt } from "./marked-calls.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS } from "./raw-call.ts";
import { skipWhitespace } from "./scan.ts";
import { readGlmCall } from "./tagged-calls.ts";

export const USER_TAG: readonly [string, string] = ["<user>", "</user>"];

/** The calls of one block's body: JSON calls filling it, or a GLM call with arguments. */
function bodyCalls(body: string): RawCall[] | undefined {
  const start = skipWhitespace(body, 0);
  if (body[start] === "{" || body[start] === "[") {
    const payload = payloadAt(body, start);
    return payload !== undefined && skipWhitespace(body, payload.end) === body.length ? payload.calls : undefined;
  }
  const call = readGlmCall(body);
  return call?.arguments.kind === "params" && call.arguments.params.length > 0 ? [call] : undefined;
}

/** Every `<user>` block, when each holds calls; else `undefined`. */
export function detectUserTagCalls(content: string): Detection | undefined {
  const [open, close] = USER_TAG;
  if (!content.includes(open)) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  for (let start = content.indexOf(open); start >= 0; start = content.indexOf(open, start + 1)) {
    const bodyStart = start + open.length;
    const closeAt = content.indexOf(close, bodyStart);
    if (closeAt < 0) return undefined;
    const found = bodyCalls(content.slice(bodyStart, closeAt));
    if (found === undefined) return undefined;
    calls.push(...found);
    if (calls.length > MAX_CALLS) return undefined;
    spans.push([start, closeAt + close.length]);
    start = closeAt;
  }
  return calls.length > 0 ? { calls, spans } : undefined;
}
