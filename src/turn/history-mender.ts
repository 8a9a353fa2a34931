/**
 * Broken `arguments` already in a request's history (an earlier turn the
 * client kept as the model wrote it) make some upstreams reject the whole
 * request. Mend them with the lossless fixers only: the call happened, so a
 * guess at what it meant has no place here.
 */
import type { MendArguments } from "../protocol/wire-format.ts";
import type { ToolCallContext } from "./tool-call-context.ts";

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Mends one history call's arguments: new ones, or `undefined` when they parse or cannot be mended losslessly. */
export function historyMender(context: ToolCallContext): MendArguments {
  return function mendArguments(name, args) {
    if (typeof args === "string" && parses(args)) return undefined;
    return context.mendLosslessly({ name: typeof name === "string" ? name : "", arguments: args });
  };
}
