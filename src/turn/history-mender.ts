/**
 * Broken `arguments` already in a request's history (an earlier turn the
 * client kept as the model wrote it) make some upstreams reject the whole
 * request. Mend them with the lossless fixers only: the call happened, so a
 * guess at what it meant has no place here.
 */
import { parseJson, type JsonObject } from "../json.ts";
import type { RequestFormat } from "../protocol/wire-format.ts";
import type { ToolCallInput } from "../repair/types.ts";
import type { ToolCallContext } from "./tool-call-context.ts";

const parses = (text: string): boolean => parseJson(text) !== undefined;

/**
 * `body` with every history call that does not parse mended losslessly, or
 * `undefined` when none changed. The adapter walks the history synchronously,
 * so it walks it twice: once to find the calls and judge them (costly ones on
 * a worker), once to write what came of it.
 */
export async function mendHistory(format: RequestFormat, body: JsonObject, context: ToolCallContext): Promise<JsonObject | undefined> {
  const mended = new Map<string, Map<unknown, Promise<string | undefined>>>();
  format.mendHistory(body, (name, args) => {
    if (typeof args === "string" && parses(args)) return undefined;
    const call: ToolCallInput = { name: typeof name === "string" ? name : "", arguments: args };
    const byArguments = mended.get(call.name) ?? new Map<unknown, Promise<string | undefined>>();
    mended.set(call.name, byArguments);
    if (!byArguments.has(args)) byArguments.set(args, mendedArguments(context, call));
    return undefined;
  });
  if (mended.size === 0) return undefined;
  const results = new Map<string, Map<unknown, string | undefined>>();
  for (const [name, byArguments] of mended) {
    const settled = new Map<unknown, string | undefined>();
    for (const [args, pending] of byArguments) settled.set(args, await pending);
    results.set(name, settled);
  }
  return format.mendHistory(body, (name, args) => results.get(typeof name === "string" ? name : "")?.get(args));
}

async function mendedArguments(context: ToolCallContext, call: ToolCallInput): Promise<string | undefined> {
  const outcome = await context.judgeLosslessly(call);
  return outcome.kind === "repaired" ? outcome.arguments : undefined;
}
