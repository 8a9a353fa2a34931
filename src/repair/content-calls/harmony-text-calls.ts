/**
 * gpt-oss Harmony calls with their special tokens stripped, as a server
 * decoding with `skip_special_tokens` leaves them:
 * `<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{…}<|call|>`
 * reaches the content as `commentary to=functions.get_weather json{…}`.
 * Without the tokens only the channel and the recipient mark it, so it is
 * read where a line opens, in the `functions.` namespace, for a JSON object
 * right after the name and its content type.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { HARMONY_TEXT_OPEN, markerAt } from "./call-markers.ts";
import { findJsonEnd, readName, skipWhitespace } from "./scan.ts";

/** What the stripped `<|constrain|>` leaves before the arguments. */
const CONTENT_TYPE = "json";

/** Spaces and tabs from `at`. */
function skipSpaces(text: string, at: number): number {
  let cursor = at;
  while (text[cursor] === " " || text[cursor] === "\t") cursor++;
  return cursor;
}

/**
 * From `at` (just past `commentary to=functions.`): the name, then where its
 * JSON object starts. With `names`, the name must be one of them and "wait"
 * says the text so far could still be one; without, any identifier will do.
 */
export function readHarmonyTextHead(text: string, at: number, names?: readonly string[]): { name: string; args: number } | "wait" | "no" {
  const name = readName(text, at);
  let cursor = at + name.length;
  if (cursor >= text.length) return names?.some((known) => known.startsWith(name)) === true ? "wait" : "no";
  if (names === undefined ? !TOOL_NAME.test(name) : !names.includes(name)) return "no";
  cursor = skipSpaces(text, cursor);
  const type = markerAt(text, cursor, CONTENT_TYPE);
  if (type === "yes") cursor = skipSpaces(text, cursor + CONTENT_TYPE.length);
  if (type === "wait" || cursor >= text.length) return names === undefined ? "no" : "wait";
  return text[cursor] === "{" ? { name, args: cursor } : "no";
}

/** Every such call opening a line of the content; one whose object never closes makes the reading doubtful. */
export function detectHarmonyText(content: string): Detection | undefined {
  if (!content.includes(HARMONY_TEXT_OPEN)) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  const first = skipWhitespace(content, 0);
  for (let at = content.indexOf(HARMONY_TEXT_OPEN); at >= 0 && calls.length <= MAX_CALLS; at = content.indexOf(HARMONY_TEXT_OPEN, at + 1)) {
    if (at !== first && content[at - 1] !== "\n") continue;
    const head = readHarmonyTextHead(content, at + HARMONY_TEXT_OPEN.length);
    if (typeof head === "string") continue;
    const end = findJsonEnd(content, head.args);
    if (end < 0) return undefined;
    calls.push({ name: head.name, arguments: { kind: "text", text: content.slice(head.args, end) } });
    spans.push([at, end]);
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
