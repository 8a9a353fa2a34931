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
 * after the header.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { HARMONY_TEXT_OPENINGS, markerAt } from "./call-markers.ts";
import { findJsonEnd, readName, skipSpaces, skipWhitespace } from "./scan.ts";

/** What the stripped `<|constrain|>` leaves before the arguments. */
const CONTENT_TYPE = "json";
/** The channel, after the recipient when the role opened the header. */
const CHANNEL = "commentary";

/**
 * From `at` (just past `opening`): the name, the rest of the header, then
 * where the JSON object starts. With `names`, the name must be one of them
 * and "wait" says the text so far could still be one; without, any
 * identifier will do and the text is whole.
 */
export function readHarmonyTextHead(text: string, at: number, opening: string, names?: readonly string[]): { name: string; args: number } | "wait" | "no" {
  const more = names === undefined ? "no" : "wait";
  const name = readName(text, at);
  let cursor = at + name.length;
  if (cursor >= text.length) return names?.some((known) => known.startsWith(name)) === true ? "wait" : "no";
  if (names === undefined ? !TOOL_NAME.test(name) : !names.includes(name)) return "no";
  cursor = skipSpaces(text, cursor);
  // The role first: the channel follows the recipient.
  if (opening !== HARMONY_TEXT_OPENINGS[0]) {
    const channel = markerAt(text, cursor, CHANNEL);
    if (channel !== "yes") return channel === "wait" ? more : "no";
    cursor = skipSpaces(text, cursor + CHANNEL.length);
  }
  const type = markerAt(text, cursor, CONTENT_TYPE);
  if (type === "wait") return more;
  cursor = skipWhitespace(text, type === "yes" ? cursor + CONTENT_TYPE.length : cursor);
  if (cursor >= text.length) return more;
  return text[cursor] === "{" ? { name, args: cursor } : "no";
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
      calls.push({ name: head.name, arguments: { kind: "text", text: content.slice(head.args, end) } });
      spans.push([at, end]);
    }
    const lineEnd = content.indexOf("\n", end);
    at = lineEnd < 0 ? content.length : lineEnd + 1;
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
