/**
 * GLM's call body with its `<tool_call>` tags gone: the name, then the
 * `<arg_key>`/`<arg_value>` pairs (`glob\n<arg_key>pattern</arg_key>\n<arg_value>*.md</arg_value>`),
 * as a server that drops the call tokens while decoding (MLX's, a proxy
 * stripping special tokens) hands GLM-4.5/4.6/4.7's call on as text. The
 * pair tags are markup no prose writes after a bare name, so the body is
 * read as between GLM's own tags, with their doubts, but as text: a value's
 * closer left out is not read here, since with the block's tags gone nothing
 * marks where the call ends. The call ends its line; the caller checks the name.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { readGlmCall } from "./tagged-calls.ts";
import { readName, skipWhitespace } from "./scan.ts";
import { CDATA_OPEN } from "./cdata.ts";

const KEY_OPEN = "<arg_key>";
const VALUE_CLOSE = "</arg_value>";
/** Closers tried as the call's end: a body holds a handful of values, and each try reads the body again. */
const MAX_TRIES = 16;

/** Whether a GLM body's pairs start at `at` (after the name and any layout). */
export function opensArgPairs(content: string, at: number): boolean {
  return content.startsWith(KEY_OPEN, skipWhitespace(content, at));
}

/**
 * The call whose name starts at `start` and whose pairs start at `at`, and
 * where it ends: past the first `</arg_value>` after which no further pair
 * follows and the line ends, when the body up to there reads as one call
 * with arguments. A value's own `</arg_value>` with words after it is the
 * value's text (see `readGlmCall`), so later closers are tried too.
 */
function bareGlmBody(content: string, start: number, at: number): { call: RawCall; end: number } | undefined {
  let tries = 0;
  for (let close = content.indexOf(VALUE_CLOSE, at); close >= 0 && tries < MAX_TRIES; close = content.indexOf(VALUE_CLOSE, close + VALUE_CLOSE.length)) {
    const end = close + VALUE_CLOSE.length;
    const next = skipWhitespace(content, end);
    if (content.startsWith(KEY_OPEN, next) || content.startsWith(VALUE_CLOSE, next)) continue;
    const lineEnd = content.indexOf("\n", end);
    if (content.slice(end, lineEnd < 0 ? content.length : lineEnd).trim() !== "") continue;
    tries++;
    const call = readGlmCall(content.slice(start, end));
    if (call?.arguments.kind !== "params" || call.arguments.params.length === 0) continue;
    // As in GLM's own block: a string written as JSON is the template's text or another model's JSON in the same
    // tags, and a CDATA section is the markup as written or the section's text (see tagged-calls.ts).
    const { params, openText = [] } = call.arguments;
    const cdataKeys = params.filter(([, value]) => value.includes(CDATA_OPEN)).map(([key]) => key);
    const open = [...openText, ...cdataKeys];
    return { call: { ...call, arguments: { ...call.arguments, quotedStringsDoubtful: true, ...(open.length === 0 ? {} : { openText: open }) } }, end };
  }
  return undefined;
}

/** Whether the pairs after a name start on its line or the next (a blank line between is no call's layout). */
function pairsAfterName(content: string, at: number): boolean {
  return opensArgPairs(content, at) && !content.slice(at, skipWhitespace(content, at)).includes("\n\n");
}

/**
 * The bare bodies from `start` (a name whose pairs follow), and the ones
 * right after it, each on the lines after the last (several calls of one
 * turn): one group, so that the values of a later call are not read as
 * words after the first. `undefined` when one of them does not read.
 */
export function bareGlmCalls(content: string, start: number): Detection | undefined {
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let name = readName(content, start);
  let from = start;
  while (calls.length <= MAX_CALLS && TOOL_NAME.test(name) && pairsAfterName(content, from + name.length)) {
    const body = bareGlmBody(content, from, from + name.length);
    // A later call that does not read leaves the turn's calls read in part: none is (all or none).
    if (body === undefined) return undefined;
    calls.push(body.call);
    spans.push([from, body.end]);
    from = skipWhitespace(content, body.end);
    name = readName(content, from);
  }
  return calls.length === 0 || calls.length > MAX_CALLS ? undefined : { calls, spans };
}

/** How many `<arg_key>` tags of a text are looked behind: the scan stays linear in hostile text. */
const MAX_KEY_TAGS = 64;
/** What goes on a tool's name, read backwards from the pairs. */
const NAME_CHAR = /[\w.:-]/;

/**
 * Whether `text` holds GLM's pairs right after a declared tool's name
 * written bare (`list_directory\n<arg_key>…`, also mid-line, where no call
 * of this form is read): a call the model made in this form. Calls read
 * beside it would be only some of the turn's (see unread-block.ts). A name
 * right after a tag (`<tool_call>read<arg_key>`) is a block's, judged by
 * that block's own reading.
 */
export function holdsBareGlmBody(text: string, names: readonly string[]): boolean {
  let tags = 0;
  for (let key = text.indexOf(KEY_OPEN); key >= 0 && tags < MAX_KEY_TAGS; key = text.indexOf(KEY_OPEN, key + KEY_OPEN.length), tags++) {
    let end = key;
    while (end > 0 && /[ \t]/.test(text[end - 1]!)) end--;
    if (text[end - 1] === "\n") end--;
    if (text[end - 1] === "\r") end--;
    let start = end;
    while (start > 0 && end - start < 128 && NAME_CHAR.test(text[start - 1]!)) start--;
    if (start < end && text[start - 1] !== ">" && names.includes(text.slice(start, end))) return true;
  }
  return false;
}

/** A call block's opening tag (`<tool_call>`, `<|tool_call|>`, `<ifm|tool_call>`, `<seed:tool_call>`) ending the text before a reading. */
const CALL_TAG_BEFORE = /<[^<>\n]{0,32}tool_call[^<>\n]{0,32}>\s*$/;
/** A bare body at a reading's start: a name, then the pairs. */
const BODY_AHEAD = /^[\w.:-]{1,128}\s*<arg_key>/;

/**
 * Whether a reading that starts with a bare body (`ahead`) starts right after
 * a call block's opening tag (`before`): the body is that block's, which its
 * own reading refused (never closed, say); as a bare body it would be read
 * without the block's end, a guess.
 */
export function bodyOfRefusedBlock(before: string, ahead: string): boolean {
  return BODY_AHEAD.test(ahead.slice(0, 160)) && CALL_TAG_BEFORE.test(before.slice(-80));
}
