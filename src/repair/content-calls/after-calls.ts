/**
 * What the text after calls written as text may show about them, beyond its
 * words: another object opened right after them and never closed (the turn
 * was cut while it wrote its next call), or the arguments of a call written
 * again with other values (`{"name": "f", …} the args were {"query": "x"}`).
 * Either way which calls the model made, with which values, is a guess.
 */
import { parseJsonObject } from "../../json.ts";
import { declaredProperties, deepEqualJson } from "../schema-shape.ts";
import type { ToolDefinition } from "../types.ts";
import { PAYLOAD_MARKERS, TAGS } from "./call-markers.ts";
import { findJsonEnd } from "./scan.ts";

/** Past this many characters after the calls, the text is not scanned for objects. */
const MAX_SCANNED = 20_000;
/** Nor past this many openings: a turn's own restatement of its arguments comes early. */
const MAX_OBJECTS = 32;

/**
 * Whether `after` (the text after the calls, calls removed) opens another call right after them (space,
 * `;` or `,` between) that the text never closes: a JSON object or list (`{"name": "f", …}{`), a call
 * tag with none of its closers after it (`</tool_call>\n<tool_call>` at the end), or a payload marker
 * with nothing read after it (`[TOOL_CALLS]` at the end). The turn was cut inside its next call, so
 * the calls read are only some of it.
 */
export function opensCallAfter(after: string): boolean {
  if (after.length > MAX_SCANNED) return false;
  const start = /^[\s;,]*/.exec(after)![0].length;
  const char = after[start];
  if (char === "{" || char === "[") return findJsonEnd(after, start) < 0;
  const rest = after.slice(start);
  for (const [open, closers] of TAGS) {
    if (rest.startsWith(open) && !closers.some((closer) => rest.includes(closer, open.length))) return true;
  }
  const marker = PAYLOAD_MARKERS.find((payload) => rest.startsWith(payload));
  if (marker === undefined) return false;
  const payload = /^\s*/.exec(rest.slice(marker.length))![0].length + marker.length;
  return payload === rest.length || ((rest[payload] === "{" || rest[payload] === "[") && findJsonEnd(rest, payload) < 0);
}

/**
 * Whether `before` (the text up to the calls) ends with a call tag's closer that no opener before it
 * pairs (`</tool_calls:opensource>` then the call, `</tool_call>\n<tool_call>…`): the markup is out of
 * order, a piece cut from a longer text, so the calls after it are not surely a turn's own.
 */
export function closesNothingBefore(before: string): boolean {
  const text = before.trimEnd();
  const closer = CLOSERS.find((candidate) => text.endsWith(candidate));
  if (closer === undefined) return false;
  // An opener further back than this pairs nothing a reader would see as the same block.
  const earlier = text.slice(Math.max(0, text.length - closer.length - MAX_SCANNED), text.length - closer.length);
  return !TAGS.some(([open, closers]) => closers.includes(closer) && earlier.includes(open));
}

/** The closing tags of call blocks (`</tool_call>`, `</function>`, …): markers that only close. */
const CLOSERS = [...new Set(TAGS.flatMap(([, closers]) => closers.filter((closer) => closer.startsWith("</"))))];

/**
 * Whether `after` holds a JSON object made only of a called tool's parameters, with values other
 * than that call's (`the args were {"query": "x"}` after a call with `"a"`): the text gives the
 * call's arguments twice, and which the model meant is a guess. The same values written again
 * (`… with {"city": "Paris"}`) restate the call and leave it read.
 */
export function restatesOtherArguments(
  after: string,
  calls: readonly { readonly name: string; readonly arguments: string }[],
  tools: readonly ToolDefinition[],
): boolean {
  if (after.length > MAX_SCANNED || !after.includes("{")) return false;
  const called = calls.flatMap((call) => {
    const properties = declaredProperties(tools.find((tool) => tool.name === call.name)?.parameters);
    const args = parseJsonObject(call.arguments);
    return properties === undefined || args === undefined ? [] : [{ properties, args }];
  });
  if (called.length === 0) return false;
  let seen = 0;
  for (let at = after.indexOf("{"); at >= 0 && seen < MAX_OBJECTS; at = after.indexOf("{", at + 1), seen++) {
    const end = findJsonEnd(after, at);
    if (end < 0) return false;
    const object = parseJsonObject(after.slice(at, end));
    if (object === undefined) continue;
    const keys = Object.keys(object);
    if (keys.length === 0) continue;
    const conflicts = called.some(({ properties, args }) => keys.every((key) => Object.hasOwn(properties, key)) && keys.some((key) => !Object.hasOwn(args, key) || !deepEqualJson(args[key], object[key])));
    if (conflicts) return true;
    at = end - 1;
  }
  return false;
}

/** A measured value, as a result states it: `22°C`, `18 degrees`, `45%`, `$1,200`, `3.5 km`. */
const MEASURE = /(?:\d[\d,.]{0,20}\s?(?:°\s?[CF]?|%|percent\b|degrees?\b|km\b|miles?\b|mph\b|km\/h|kg\b|lbs?\b|USD\b|EUR\b|dollars?\b|euros?\b)|[$€£¥]\s?\d)/iu;
/** Words that put a sentence in the future, a condition, or an intention: no result stated. */
const NOT_YET = /\b(?:will|'ll|shall|going to|let me|let's|once|when|after|if|should|would|could|might|may|can|need to|want to|to (?:get|check|find|see|fetch|look)|expect(?:ed)?|usually|typically|normally)\b|\?/iu;

/**
 * Whether a sentence of `after` states, as a fact, a measured result about a value the calls were made
 * with (`The weather in Paris is sunny with 22°C.` after a call for Paris): the model wrote the answer the
 * call was to fetch, so the call was imagined, not left for the client to make. A sentence about what is
 * still to come (`I'll report Paris's temperature in °C.`) states nothing.
 */
export function statesResultAfter(after: string, calls: readonly { readonly arguments: string }[]): boolean {
  if (after.length > MAX_SCANNED || !MEASURE.test(after)) return false;
  const values = calls.flatMap((call) => {
    const args = parseJsonObject(call.arguments);
    return args === undefined ? [] : Object.values(args).filter((value): value is string => typeof value === "string" && value.trim().length >= 3);
  });
  if (values.length === 0) return false;
  return after.split(/(?<=[.!?])\s+|\n+/u).some((sentence) => {
    if (!MEASURE.test(sentence) || NOT_YET.test(sentence) || !/\b(?:is|are|was|were)\b/iu.test(sentence)) return false;
    const lower = sentence.toLowerCase();
    return values.some((value) => lower.includes(value.trim().toLowerCase()));
  });
}
