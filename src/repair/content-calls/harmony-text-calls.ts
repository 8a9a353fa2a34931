/**
 * gpt-oss Harmony calls with their special tokens stripped, as a server
 * decoding with `skip_special_tokens` leaves them:
 * `<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{…}<|call|>`
 * reaches the content as `commentary to=functions.get_weather json{…}`, and
 * the recipient written before the channel
 * (`<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{…}`)
 * as `assistant to=functions.get_weather commentary json{…}`. Without the
 * tokens only the channel, the role and the recipient mark it, so it is read
 * where a line opens, in the `functions.` namespace, for a JSON object right
 * after the header. A decoder that leaves no space where the tokens stood
 * glues the pieces together: a later message's header runs on after the
 * earlier message and the role (`…"Berlin".assistantcommentary to=functions.get_weather json{…}`,
 * read after that role word as at a line's start), and the word after the
 * name runs into it (`to=functions.get_weatherjson{…}` from
 * `to=functions.get_weather<|constrain|>json`).
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { HARMONY_TEXT_OPENINGS, markerAt } from "./call-markers.ts";
import { findJsonEnd, readName, skipSpaces, skipWhitespace } from "./scan.ts";

/** What the stripped `<|constrain|>` leaves before the arguments. */
const CONTENT_TYPE = "json";
/** The channel, after the recipient when the role opened the header. */
const CHANNEL = "commentary";
/** The role each later message of a turn opens with (`<|start|>assistant`): stripped, it stays as this word. */
const ROLE = "assistant";
/** How far back the role word and a space reach from where a header may open after them. */
export const HARMONY_ROLE_SPAN = ROLE.length + 1;

/**
 * Whether `before` (the text before a place) ends with Harmony's role word,
 * right before it or one space apart: a stripped header may open there
 * mid-line (`…the fact.assistantcommentary to=functions.…`).
 */
export function endsWithHarmonyRole(before: string): boolean {
  const end = before.endsWith(" ") ? before.length - 1 : before.length;
  return before.startsWith(ROLE, end - ROLE.length);
}

/**
 * `get_weatherjson` read as `get_weather` with the word after it (`json`)
 * run on: the stem, when `name` ends with that word and more.
 */
function stemBefore(name: string, word: string): string | undefined {
  return name.length > word.length && name.endsWith(word) ? name.slice(0, -word.length) : undefined;
}

/**
 * From `at` (just past `opening`): the name, the rest of the header, then
 * where the JSON object starts. With `names`, the name must be one of them
 * (as written, or with the next word run on) and "wait" says the text so far
 * could still be one; without, any identifier will do and the text is whole
 * (`stem`: the name may also be this, the next word run on; the declared
 * tools decide).
 */
export function readHarmonyTextHead(
  text: string,
  at: number,
  opening: string,
  names?: readonly string[],
): { name: string; stem?: string; args: number } | "wait" | "no" {
  const more = names === undefined ? "no" : "wait";
  // The word the stripped tokens left right after the name: the channel when the role opened the header.
  const next = opening === HARMONY_TEXT_OPENINGS[0] ? CONTENT_TYPE : CHANNEL;
  const written = readName(text, at);
  const end = at + written.length;
  if (end >= text.length) {
    return names?.some((known) => known.startsWith(written) || `${known}${next}`.startsWith(written)) === true ? "wait" : "no";
  }
  const stem = stemBefore(written, next);
  if (names !== undefined) {
    if (names.includes(written)) return withArgs(written, readHeaderRest(text, end, opening, false, more));
    return stem !== undefined && names.includes(stem) ? withArgs(stem, readHeaderRest(text, end, opening, true, more)) : "no";
  }
  if (!TOOL_NAME.test(written)) return "no";
  const plain = readHeaderRest(text, end, opening, false, more);
  if (stem === undefined || !TOOL_NAME.test(stem)) return withArgs(written, plain);
  if (typeof plain === "number") return { name: written, stem, args: plain };
  // Only the stem with the word run on reads (`get_weathercommentary json{…}`).
  return withArgs(stem, readHeaderRest(text, end, opening, true, more));
}

function withArgs(name: string, args: number | "wait" | "no"): { name: string; args: number } | "wait" | "no" {
  return typeof args === "number" ? { name, args } : args;
}

/**
 * After the name: the channel (when the role opened the header) and the
 * content type, then where the object opens; `glued`: the next of those
 * words ran into the name, so it is not looked for again.
 */
function readHeaderRest(text: string, from: number, opening: string, glued: boolean, more: "wait" | "no"): number | "wait" | "no" {
  let cursor = skipSpaces(text, from);
  const roleFirst = opening !== HARMONY_TEXT_OPENINGS[0];
  // The role first: the channel follows the recipient.
  if (roleFirst && !glued) {
    const channel = markerAt(text, cursor, CHANNEL);
    if (channel !== "yes") return channel === "wait" ? more : "no";
    cursor = skipSpaces(text, cursor + CHANNEL.length);
  }
  if (roleFirst || !glued) {
    const type = markerAt(text, cursor, CONTENT_TYPE);
    if (type === "wait") return more;
    if (type === "yes") cursor += CONTENT_TYPE.length;
  }
  cursor = skipWhitespace(text, cursor);
  if (cursor >= text.length) return more;
  return text[cursor] === "{" ? cursor : "no";
}

/** Every such call opening a line of the content; one whose object never closes makes the reading doubtful. */
export function detectHarmonyText(content: string): Detection | undefined {
  const openings = HARMONY_TEXT_OPENINGS.filter((opening) => content.includes(opening));
  if (openings.length === 0) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  // Line by line from the first visible character; past a call, from the line after it.
  let at = skipWhitespace(content, 0);
  while (at < content.length && calls.length <= MAX_CALLS) {
    const opening = openings.find((candidate) => content.startsWith(candidate, at));
    const head = opening === undefined ? "no" : readHarmonyTextHead(content, at + opening.length, opening);
    const end = typeof head === "string" ? at : findJsonEnd(content, head.args);
    if (typeof head !== "string") {
      if (end < 0) return undefined;
      const args = { kind: "text", text: content.slice(head.args, end) } as const;
      calls.push(head.stem === undefined ? { name: head.name, arguments: args } : { name: head.name, nameChoices: [head.name, head.stem], arguments: args });
      spans.push([at, end]);
    }
    const lineEnd = content.indexOf("\n", end);
    at = lineEnd < 0 ? content.length : lineEnd + 1;
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
