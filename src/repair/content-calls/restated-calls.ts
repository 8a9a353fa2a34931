/**
 * Calls written again. Models restate a call they make: they write it, explain or lay it out another way, and
 * write it again (`Let's directly call it.`, `I will directly use the available tool.`), or a set of calls under
 * step headings and then the same set once more (`Let's execute these steps.`), or a copy under a line that reads
 * like a correction (`The correct representation is:`) holding the same values. When every copy agrees (the same
 * tool, the same values once parsed), reading the call once guesses nothing about what the model meant: the copies
 * are read once, where the first stands. A group of calls (calls in a row, prose before it) that writes again only
 * some of the calls before it, or some of them with others, is in doubt (a part dropped, a part changed: which set
 * the model meant is a guess), and so is a correction line whose call holds other values, or none: the text stays
 * text. The same call twice in a row, only space between, is no restatement: made once, or twice? It stays in doubt.
 */
import type { ContentToolCall } from "./read-leading-calls.ts";

/**
 * One call's identity: its tool and its arguments once parsed, the members in any order and each scalar as its text
 * (`20` and `"20"` are one value: a format that writes values as text gives the string, and the schema makes both
 * the same). Arguments that do not parse are compared as written.
 */
export function callKey(call: ContentToolCall): string {
  let value: unknown;
  try {
    value = JSON.parse(call.arguments);
  } catch {
    return `${call.name}\u0000${call.arguments}`;
  }
  return `${call.name}\u0000${JSON.stringify(canonical(value, 0))}`;
}

/** The most levels of nesting compared member by member; deeper, a value is compared as written. */
const MAX_DEPTH = 32;

function canonical(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return String(value === null ? "null" : typeof value === "object" ? JSON.stringify(value) : value);
  if (Array.isArray(value)) return value.map((item) => canonical(item, depth + 1));
  const record = value as Record<string, unknown>;
  return Object.keys(record)
    .sort()
    .map((key) => [key, canonical(record[key], depth + 1)]);
}

/**
 * The calls read so far, as the groups of calls with prose between them stand: `before`, the calls of the groups
 * before the current one, each once; `current`, the current group's calls (calls in a row, only space between them).
 */
export interface CallGroups {
  readonly before: readonly ContentToolCall[];
  readonly current: readonly ContentToolCall[];
}

export const NO_GROUPS: CallGroups = { before: [], current: [] };

/** Every call read so far, each once, where it first stood. */
export const callsSoFar = (groups: CallGroups): ContentToolCall[] => [...groups.before, ...withoutCopies(groups.before, groups.current)];

/**
 * The groups once `calls` are read: after nothing but space (`inRow`) they go on with the current group, after prose
 * they open a new one. `undefined` when they are in doubt: a call written again in the same row (made once, or twice?),
 * a group that mixes copies of earlier calls with new ones, or a group of copies that closed (prose came) holding only
 * some of the earlier calls.
 */
export function afterCalls(groups: CallGroups, calls: readonly ContentToolCall[], inRow: boolean): CallGroups | undefined {
  if (inRow) {
    const row = new Set(groups.current.map(callKey));
    if (calls.some((call) => row.has(callKey(call)))) return undefined;
    const next = { before: groups.before, current: [...groups.current, ...calls] };
    return groupKind(next) === "in doubt" ? undefined : next;
  }
  if (!closes(groups)) return undefined;
  const next = { before: callsSoFar(groups), current: [...calls] };
  return groupKind(next) === "in doubt" ? undefined : next;
}

/** Whether the current group may close here: it holds new calls, or copies of every earlier call (the set written again). */
export function closes(groups: CallGroups): boolean {
  const kind = groupKind(groups);
  if (kind !== "copies") return kind === "new";
  return new Set(groups.current.map(callKey)).size === new Set(groups.before.map(callKey)).size;
}

/** What the current group is so far: new calls, copies of earlier ones, or both (in doubt). */
export function groupKind(groups: CallGroups): "new" | "copies" | "in doubt" {
  const earlier = new Set(groups.before.map(callKey));
  const copies = groups.current.filter((call) => earlier.has(callKey(call))).length;
  if (copies === 0) return "new";
  return copies === groups.current.length ? "copies" : "in doubt";
}

/** The calls of `later` that are not copies of one in `before` (a restated group's are): each call once, where it first stood. */
export function withoutCopies(before: readonly ContentToolCall[], later: readonly ContentToolCall[]): ContentToolCall[] {
  const earlier = new Set(before.map(callKey));
  return later.filter((call) => !earlier.has(callKey(call)));
}

/** The most text after a correction line looked at for the block it introduces. */
const MAX_BLOCK_CHARS = 16_384;

/** A fence's opening line: three or more backticks or tildes, up to three spaces before them, then an info string. */
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})(?:[^\n`~][^\n`]*)?\n/;

/**
 * The block a correction line introduces (`text` is what follows its colon): a fenced code block's body when one
 * opens right after it, else the text itself (its first calls are the block). Bounded to `MAX_BLOCK_CHARS`.
 */
export function introducedBlock(text: string): string {
  const rest = text.slice(0, MAX_BLOCK_CHARS).trimStart();
  const open = FENCE_OPEN.exec(rest);
  if (open === null) return rest;
  const marker = open[1]!;
  const bodyStart = open[0].length;
  // The closing line: the same character, at least as many, nothing else on it.
  for (let at = bodyStart; at < rest.length; ) {
    const lineEnd = rest.indexOf("\n", at);
    const line = rest.slice(at, lineEnd < 0 ? rest.length : lineEnd).trim();
    if (line.length >= marker.length && line === marker[0]!.repeat(line.length)) return rest.slice(bodyStart, at);
    if (lineEnd < 0) break;
    at = lineEnd + 1;
  }
  // A fence never closed: its body is what follows (a text cut inside it still shows its call).
  return rest.slice(bodyStart);
}

/**
 * Whether every correction line in `text` (the places right after their colons, `lineEnds`) introduces only a copy of
 * calls read before it: the block after the line (see `introducedBlock`) reads as calls (`read`), each a copy of one
 * in `before`. A correction line with another call after it, or none that reads, takes the calls back.
 */
export function correctionsRestate(
  text: string,
  lineEnds: readonly number[],
  before: readonly ContentToolCall[],
  read: (block: string) => readonly ContentToolCall[] | undefined,
): boolean {
  const earlier = new Set(before.map(callKey));
  return lineEnds.every((end) => {
    const calls = read(introducedBlock(text.slice(end)));
    return calls !== undefined && calls.length > 0 && calls.every((call) => earlier.has(callKey(call)));
  });
}

/** A word in a sentence that says a call is not wanted or not right: `not`, `no`, `never`, `n't`, `wrong`, `incorrect`, `invalid`, `unnecessary`. */
const NEGATED = /(?<![\p{L}\p{N}])(?:not|no|never|wrong|incorrect|invalid|unnecessary|needless|unneeded)(?![\p{L}\p{N}])|n['’]t(?![\p{L}\p{N}])/iu;
/** The most of a sentence read after a mentioned copy. */
const MAX_SENTENCE_CHARS = 400;

/**
 * Whether the sentence a copy of calls already read is part of (`rest`, the text after the copy: `is the same as …`)
 * only mentions it: it says nothing against the call (`… is not needed.`, `… is wrong`). The sentence runs to its
 * end (`.`, `!`, `?`) or a blank line.
 */
export function onlyMentions(rest: string): boolean {
  const window = rest.slice(0, MAX_SENTENCE_CHARS);
  const end = window.search(/[.!?。！？]|\n[ \t]*\n/u);
  return !NEGATED.test(end < 0 ? window : window.slice(0, end));
}
