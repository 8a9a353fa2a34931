/**
 * DeepSeek's call end token inside one of the call's JSON strings
 * (`<｜tool▁call▁begin｜>note<｜tool▁sep｜>{"text": "<｜tool▁call▁end｜>"}<｜tool▁call▁end｜>`):
 * the object's quotes say where each string ends, so the token there closes
 * nothing when the object closes, parses, and the end token follows it (V3:
 * after the object's ```json fence closes). The rule `closerAfterJson` keeps
 * for JSON bodies.
 */
import { closerAfterJson, skipWhitespace } from "./scan.ts";

const FENCE = "```";

/** Where the call's end token stands after its arguments, when one also stands inside them; else `undefined`. */
export function callEndAfterArguments(content: string, bodyStart: number, separator: string, callEnd: string): number | undefined {
  const separatorAt = content.indexOf(separator, bodyStart);
  const firstEnd = content.indexOf(callEnd, bodyStart);
  if (separatorAt < 0 || firstEnd < separatorAt) return undefined;
  const objectAt = content.indexOf("{", separatorAt);
  // The name (and V3's fence line) between the separator and the object, no end token among them.
  if (objectAt < 0 || objectAt > firstEnd) return undefined;
  const fenced = closerAfterJson(content, objectAt, [FENCE, callEnd]);
  if (fenced === undefined) return undefined;
  const [at, closer] = fenced;
  if (closer === callEnd) return at;
  // V3: the end token right after the fence that closes the object.
  const after = skipWhitespace(content, at + FENCE.length);
  return content.startsWith(callEnd, after) ? after : undefined;
}
