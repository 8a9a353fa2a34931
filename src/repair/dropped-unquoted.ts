/**
 * A syntax repair reads unquoted text one way; when drop-unknown-fields then
 * drops what it read as a key, the text may have meant it as part of a value.
 */
import type { Trace } from "./trace.ts";
import type { RepairOutcome } from "./types.ts";

/**
 * Whether the syntax repair's reading lost, to drop-unknown-fields, text the
 * model wrote unquoted: in `{names: a, b: c}` the key `b` may as well be part
 * of the value `a, b: c`, and dropping it would cut that value short.
 */
export function droppedUnquoted(outcome: RepairOutcome, trace: Trace): boolean {
  if (outcome.kind !== "repaired" || outcome.lost === undefined || !trace.applied.includes("drop-unknown-fields")) return false;
  return outcome.lost.some((text) => !quotedIn(trace.raw, text));
}

/** Whether `text` (as the lossless check reports it: unescaped, perhaps cut with `…`) stands quoted in `raw`. */
function quotedIn(raw: string, text: string): boolean {
  const cut = text.endsWith("…");
  const body = cut ? text.slice(0, -1) : text;
  const end = cut ? "" : '"';
  return raw.includes(`"${body}${end}`) || raw.includes(`'${body}${cut ? "" : "'"}`) || raw.includes(JSON.stringify(body).slice(0, cut ? -1 : undefined));
}
