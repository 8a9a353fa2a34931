/**
 * XML-ish call markup: Hermes/Qwen `<tool_call>…</tool_call>` (Seed-OSS
 * `<seed:tool_call>`, LongCat `<longcat_tool_call>` and any other prefix, `<tool>`, MiniMax's
 * `[TOOL_CALL]…[/TOOL_CALL]`), Groq/Llama
 * `<function=name>{…}</function>`, Qwen3-Coder `<parameter=key>value</parameter>`
 * and GLM `<arg_key>key</arg_key><arg_value>value</arg_value>`.
 */
import { holdsUnsuffixedTag } from "./hy4-unsuffixed-tags.ts";
import { skipBracketedCallId } from "./call-ids.ts";
import { PRINT_OPEN, objectInParens, readCodeCalls } from "./code-calls.ts";
import { opensWithNameElement, readElementCall } from "./element-calls.ts";
import { callMissingLastBrace } from "./dropped-brace.ts";
import { payloadAt } from "./marked-calls.ts";
import { opensPerlHash, readPerlHashCall } from "./minimax-perl-calls.ts";
import { CDATA_OPEN, indexOutsideCdata } from "./cdata.ts";
import { prefixedCallTagsIn } from "./prefixed-call-tags.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { readKeyValueWords } from "./glm-key-value-calls.ts";
import { readAttributeValuedArguments } from "./glm-attribute-values.ts";
import { MAX_CALLS, TOOL_NAME, emptyArguments } from "./raw-call.ts";
import { edgesInDoubt, parameterLayoutOf, valuesInLayout, type ParameterLayout } from "./parameter-layout.ts";
import { namesCallsBare } from "./bare-word-blocks.ts";
import { oneSidedBreak, paddedInline, paddedKeys } from "./value-edges.ts";
import { endsInCloser, lastValueBeforeCallEnd, valueBeforeNextKey, type HoldsFormatTag } from "./token-tag-values.ts";
import { closerInArgValueBlock, closerInParameterBlock, functionCloseAfterValue, withinOpenArgValue, withinOpenParameter } from "./closer-in-parameter.ts";
import { namedJsonBlock } from "./closer-after-named-json.ts";
import { BracketScanner, closerAfterJson, findJsonEnd, onlyStrayClosers, readName, scanJsonBlock, skipWhitespace } from "./scan.ts";

/** The text between `open` and `close` from `from`; an unclosed tag runs to `limit`. */
function between(text: string, open: string, close: string, from: number, limit: number): { body: string; start: number; end: number; closed: boolean } | undefined {
  const start = text.indexOf(open, from);
  if (start < 0 || start >= limit) return undefined;
  const bodyStart = start + open.length;
  // A closer inside a CDATA section of the body is the section's text.
  const closeAt = indexOutsideCdata(text, close, bodyStart);
  const closed = closeAt >= 0 && closeAt <= limit;
  const bodyEnd = closed ? closeAt : limit;
  return { body: text.slice(bodyStart, bodyEnd), start, end: closed ? closeAt + close.length : limit, closed };
}

export { trimValue } from "./parameter-layout.ts";

/**
 * A value whose closer was indented on a line of its own
 * (`<parameter=x>\n      v\n    </parameter>`: the XML was pretty-printed):
 * the break and indentation before the closer are layout, and so is the
 * break after the opening tag. Indentation left at the value's start may be
 * the pretty-printing's or the text's own (code): `open` says so, and only a
 * property that takes no string reads such a value. `undefined` when the
 * closer was not indented.
 */
function indentedLayout(value: string): { text: string; open: boolean } | undefined {
  const closerIndent = /\r?\n[ \t]+$/.exec(value);
  if (closerIndent === null) return undefined;
  const text = value.slice(0, closerIndent.index).replace(/^\r?\n/, "");
  return { text, open: /^[ \t]/.test(text) };
}

/** GLM's `<arg_key>k</arg_key><arg_value>v</arg_value>` tags (Hunyuan's, suffixed). */
interface ArgTags {
  readonly keyOpen: string;
  readonly keyClose: string;
  readonly valueOpen: string;
  readonly valueClose: string;
}

const argTags = (suffix: string): ArgTags => ({ keyOpen: `<arg_key${suffix}>`, keyClose: `</arg_key${suffix}>`, valueOpen: `<arg_value${suffix}>`, valueClose: `</arg_value${suffix}>` });
/**
 * How a block's tags are written: as the model's special tokens (GLM's own, in its `<tool_call>`), which a value
 * cannot quote (see token-tag-values.ts), or as text; `callClosed`: the body ends at the call's closer.
 */
interface TagTokens {
  readonly tokens: boolean;
  readonly callClosed: boolean;
}
const TEXT_TAGS: TagTokens = { tokens: false, callClosed: false };
const holdsArgTag =
  (tags: ArgTags): HoldsFormatTag =>
  (text) =>
    [tags.keyOpen, tags.keyClose, tags.valueOpen, tags.valueClose].some((tag) => text.includes(tag));
/** TeleChat 3/4: GLM's body under other tag names, `name<param_key>k</param_key><param_value>v</param_value>`. */
const PARAM_TAGS: ArgTags = { keyOpen: "<param_key>", keyClose: "</param_key>", valueOpen: "<param_value>", valueClose: "</param_value>" };

/** `text` from `at` with every repeat of `tag` (and the space around) skipped. */
function skipRepeated(text: string, at: number, tag: string): number {
  let position = skipWhitespace(text, at);
  while (text.startsWith(tag, position)) position = skipWhitespace(text, position + tag.length);
  return position;
}

/**
 * Where a GLM value from `valueStart` closes: its first `</arg_value>`,
 * unless text that is no markup follows it (`a </arg_value> b</arg_value>`):
 * that closer leaves words between two pairs (no call), so it is the value's
 * text, and the value runs to the first later closer followed by the next
 * key or the block's end. Only while the value holds no key's tag.
 */
function argValueEnd(body: string, valueStart: number, tags: ArgTags): number {
  const first = body.indexOf(tags.valueClose, valueStart);
  let end = first;
  for (let tries = 0; end >= 0 && tries < 8; tries++) {
    if (body.slice(valueStart, end).includes(tags.keyOpen)) return first;
    const after = skipRepeated(body, end + tags.valueClose.length, tags.valueClose);
    if (after >= body.length || body.startsWith(tags.keyOpen, after)) return end;
    end = body.indexOf(tags.valueClose, end + tags.valueClose.length);
  }
  return first;
}

/** A key whose closer was left out right before its value's opening: the key (a name) and where the value starts. */
function keyCloserLeftOut(body: string, keyStart: number, keyEnd: number, tags: ArgTags): { key: string; valueStart: number } | undefined {
  const valueOpen = body.indexOf(tags.valueOpen, keyStart);
  if (valueOpen < 0 || (keyEnd >= 0 && keyEnd < valueOpen)) return undefined;
  const key = body.slice(keyStart, valueOpen).trim();
  return /^[A-Za-z_][\w.-]{0,127}$/.test(key) ? { key, valueStart: valueOpen + tags.valueOpen.length } : undefined;
}

/**
 * A value whose opening tag was written, from `valueStart`: its text and where the reading goes on (past its closer,
 * or at the next key when its closer was left out); `undefined` when where it ends is not known. Where the tags are
 * tokens, a value running into the next key, or into the call's closer (`callClosed`: the body ends there), had its
 * closer left out (see token-tag-values.ts); elsewhere the key's tags in a value may be markup quoted in it.
 */
function openedValue(body: string, valueStart: number, tags: ArgTags, tagTokens: TagTokens): { value: string; next: number; closed: boolean } | undefined {
  const valueEnd = argValueEnd(body, valueStart, tags);
  const written = body.slice(valueStart, valueEnd < 0 ? body.length : valueEnd);
  const nextKey = written.indexOf(tags.keyOpen);
  if (tagTokens.tokens && nextKey >= 0) {
    const value = valueBeforeNextKey(written, nextKey, holdsArgTag(tags));
    return value === undefined ? undefined : { value, next: valueStart + nextKey, closed: false };
  }
  if (valueEnd < 0) {
    const value = tagTokens.tokens && tagTokens.callClosed ? lastValueBeforeCallEnd(written, holdsArgTag(tags)) : undefined;
    return value === undefined ? undefined : { value, next: body.length, closed: false };
  }
  // A value holding the next pair's key ran into it (its closer left out) or quotes the markup: two readings.
  if (nextKey >= 0) return undefined;
  return { value: written, next: valueEnd + tags.valueClose.length, closed: true };
}

/**
 * GLM's key/value pairs; `undefined` when the markup is broken. The template
 * puts no newline around a value, so one there is the model's own. Two slips
 * GLM models make are read: the opening `<arg_value>` left out (the value then
 * runs to `</arg_value>`), and a tag written twice; and, GLM's tags being
 * tokens, a value's closer left out before the next key or the call's closer
 * (`callClosed`: the body ends at the call's closer, nothing but one line
 * break between). Anything else between the tags is not dropped silently:
 * the reading fails.
 */
function readArgPairs(body: string, tags: ArgTags, slips: { keyCloseLeftOut?: boolean } = {}, written: TagTokens = TEXT_TAGS): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  let position = skipWhitespace(body, 0);
  while (position < body.length) {
    if (pairs.length > MAX_CALLS * 4 || !body.startsWith(tags.keyOpen, position)) return undefined;
    const keyStart = skipRepeated(body, position, tags.keyOpen);
    const keyEnd = body.indexOf(tags.keyClose, keyStart);
    const leftOut = keyCloserLeftOut(body, keyStart, keyEnd, tags);
    if (leftOut !== undefined) {
      // The key's closer left out before its value's opening (`<arg_key>unit<arg_value>…`): a key is a name, so it
      // ends there; the call then keeps only keys the tool declares.
      slips.keyCloseLeftOut = true;
      // One slip to a pair: with the key's closer left out, the value's must be written.
      const read = openedValue(body, leftOut.valueStart, tags, TEXT_TAGS);
      if (read === undefined) return undefined;
      pairs.push([leftOut.key, read.value]);
      position = read.closed ? skipRepeated(body, read.next, tags.valueClose) : read.next;
      if (position < body.length && !body.startsWith(tags.keyOpen, position)) return undefined;
      continue;
    }
    if (keyEnd < 0) return undefined;
    const key = body.slice(keyStart, keyEnd).trim();
    if (key === "" || key.length > 128 || /[<>]/.test(key)) return undefined;
    const afterKey = skipRepeated(body, keyEnd, tags.keyClose);
    if (body.startsWith(tags.valueOpen, afterKey)) {
      const read = openedValue(body, afterKey + tags.valueOpen.length, tags, written);
      if (read === undefined) return undefined;
      pairs.push([key, read.value]);
      if (!read.closed) {
        position = read.next;
        continue;
      }
      // An empty value, then its closer again: the closer written twice, or a value that is the closer's text.
      if (read.value.trim() === "" && body.startsWith(tags.valueClose, skipWhitespace(body, read.next))) return undefined;
      position = skipRepeated(body, read.next, tags.valueClose);
      if (position < body.length && !body.startsWith(tags.keyOpen, position)) return undefined;
      continue;
    }
    const valueStart = keyEnd + tags.keyClose.length;
    const valueEnd = argValueEnd(body, valueStart, tags);
    if (valueEnd < 0) return undefined;
    const value = body.slice(valueStart, valueEnd);
    // Without its opening tag, a value holding another pair's tags is two pairs run together.
    if (value.includes(tags.keyOpen) || value.includes(tags.valueOpen) || value.includes(tags.keyClose)) return undefined;
    pairs.push([key, value]);
    const afterValue = valueEnd + tags.valueClose.length;
    // An empty value, then its closer again: the closer written twice, or a value that is the closer's text.
    if (value.trim() === "" && body.startsWith(tags.valueClose, skipWhitespace(body, afterValue))) return undefined;
    position = skipRepeated(body, afterValue, tags.valueClose);
    if (position < body.length && !body.startsWith(tags.keyOpen, position)) return undefined;
  }
  return pairs;
}

/**
 * GLM's `name<arg_key>k</arg_key><arg_value>v</arg_value>…` and nothing
 * else (a bare name is a call without arguments), for the formats that put
 * GLM's body between tokens of their own.
 */
export function readGlmCall(body: string): RawCall | undefined {
  const trimmed = body.trim();
  const name = readName(trimmed, 0);
  if (!TOOL_NAME.test(name)) return undefined;
  const rest = trimmed.slice(name.length);
  const tags = argTags("");
  if (!rest.trimStart().startsWith(tags.keyOpen)) return rest.trim() === "" ? { name, arguments: emptyArguments } : undefined;
  const params = readArgPairs(rest, tags);
  if (params === undefined) return undefined;
  const padded = paddedKeys(params);
  return { name, arguments: { kind: "params", params, ...(padded.length === 0 ? {} : { openText: padded }) } };
}

export const PARAMETER_OPEN = "<parameter=";
/** Llama's closer of `<function=name>{…}`; models that lose the opener still write it (`name{…}</function>`). */
export const FUNCTION_CLOSE = "</function>";
/**
 * Where a Qwen3-Coder value ends: `</parameter>`, or the closer as Qwen3.5/3.6
 * let it drift (`</parameter1>`, `</parameter/>`, `</parameter_function>`, a
 * bare `</parameter` ending its line). `</parameters>` and the like are other tags.
 */
const PARAMETER_CLOSE = /<\/parameter(?:>|\/>|\d{1,3}>|_?function>|(?=\s|$))/g;
/** A key written with its value in the tag, `<parameter=command=create</parameter>`. */
const INLINE_VALUE = /^([A-Za-z_][\w.-]{0,127})=/;
/**
 * A key whose tag lost its `>`, the line break after it ending the tag
 * (`<parameter=command\npwd</parameter>`): a key is a name and holds no line
 * break, so it ends there, as GLM's key does at a left-out closer. The break
 * is where the tag ended: the value starts after it.
 */
const TAG_END_LOST = /^([A-Za-z_][\w.-]{0,127})[ \t]*\r?\n/;
/**
 * The tag's prefix typed twice, `<parameter=parameter=command>` (also with the
 * `>` lost): one prefix, not a `parameter` key holding `command`.
 */
const DOUBLED_PREFIX = /^parameter=[A-Za-z_][\w.-]{0,127}(?:>|[ \t]*\r?\n)/;
const PREFIX_WORD = "parameter=";
/**
 * These slips anywhere in a call's parameters. Their keys are read only when
 * the tool declares them: a key the tool does not know may be words the
 * slip ran together.
 */
const SLIPPED_KEY_TAG = /<parameter=[A-Za-z_][\w.-]{0,127}(?:=|[ \t]*\r?\n)/;

/**
 * Qwen3-Coder parameters as raw arguments. Their keys must be declared ones when a tag slipped, or when closers
 * outnumber openers: some `</parameter>` is then a value's text, and a key the tool does not know may be markup
 * quoted in a value (`content` holding `</parameter>\n<parameter=new_string>`), not a parameter.
 */
function parameterArguments(rest: string, params: [string, string][], openText: readonly string[]): RawCall["arguments"] {
  const closersOver = rest.split("</parameter>").length > rest.split(PARAMETER_OPEN).length;
  return { kind: "params", params, ...(openText.length > 0 ? { openText } : {}), ...(SLIPPED_KEY_TAG.test(rest) || closersOver ? { declaredOnly: true } : {}) };
}

/** The first parameter closer in `text` from `from`: where it starts and ends. */
function parameterCloseAt(text: string, from: number): { start: number; end: number } | undefined {
  PARAMETER_CLOSE.lastIndex = from;
  const found = PARAMETER_CLOSE.exec(text);
  return found === null ? undefined : { start: found.index, end: found.index + found[0].length };
}

/**
 * Where the value from `valueStart` closes: its first closer, unless text
 * that is no markup follows that closer (`a </parameter> b</parameter>`):
 * there the first closer leaves words between two parameters (no call), so
 * it is the value's text, and the value runs to the first later closer
 * that markup follows (the next parameter, or the call's end). Only while
 * the value holds no `<parameter=`.
 */
function valueCloseAt(body: string, valueStart: number): { start: number; end: number } | undefined {
  const first = parameterCloseAt(body, valueStart);
  let close = first;
  for (let tries = 0; close !== undefined && tries < MAX_VALUE_CLOSERS; tries++) {
    if (body.slice(valueStart, close.start).includes(PARAMETER_OPEN)) return first;
    const after = skipStrayClosers(body, close.end);
    if (after >= body.length || body.startsWith(PARAMETER_OPEN, after)) return close;
    close = parameterCloseAt(body, close.end);
  }
  return first;
}
/** Closers a value's text may hold before the reading gives up on it. */
const MAX_VALUE_CLOSERS = 8;

/** `from` past space and parameter closers written twice. */
function skipStrayClosers(text: string, from: number): number {
  let position = skipWhitespace(text, from);
  for (let close = parameterCloseAt(text, position); close?.start === position; close = parameterCloseAt(text, position)) position = skipWhitespace(text, close.end);
  return position;
}

/**
 * Qwen3-Coder's `<parameter=key>value</parameter>` pairs, and nothing else
 * between them but space and stray closers; `undefined` when the markup is
 * broken. Only for a call whose end was written: its closing tag, or
 * markup that only follows a finished call (the next call's opening). That
 * closer is what says the list of arguments is complete: a text that ends
 * after a parameter, cut or not, may have had more (DSML's and MiniMax's
 * invokes need their closer too). Its reference parser (vLLM's) also ends a
 * value left unclosed at `</function>`: so do we. A value holding
 * `<parameter=` is refused: it is either a closer forgotten before the next
 * parameter or markup quoted in the value, and which one is a guess.
 */
function readParameters(body: string, open: string[] = [], oneLine = false, layout: ParameterLayout = "broken"): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  // The values not pretty-printed, as written: their edge breaks are read by the layout, all at once.
  const written: { index: number; value: string }[] = [];
  const gaps: string[] = [];
  const padded: string[] = [];
  let position = skipWhitespace(body, 0);
  while (position < body.length) {
    if (pairs.length > MAX_CALLS * 4 || !body.startsWith(PARAMETER_OPEN, position)) return undefined;
    const tagStart = position + PARAMETER_OPEN.length;
    const keyStart = DOUBLED_PREFIX.test(body.slice(tagStart, tagStart + 140)) ? tagStart + PREFIX_WORD.length : tagStart;
    const head = body.slice(keyStart, keyStart + 130);
    const inline = INLINE_VALUE.exec(head);
    const tagEndLost = TAG_END_LOST.exec(head);
    let key: string;
    let valueStart: number;
    // A key is never written with `=` in it: `key=` is a key with its value after it.
    if (inline !== null) {
      key = inline[1]!;
      valueStart = keyStart + inline[0].length;
    } else if (tagEndLost !== null) {
      key = tagEndLost[1]!;
      valueStart = keyStart + tagEndLost[0].length;
    } else {
      const tagEnd = body.indexOf(">", keyStart);
      if (tagEnd < 0) return undefined;
      key = body.slice(keyStart, tagEnd).trim();
      valueStart = tagEnd + 1;
    }
    if (key === "" || key.length > 128 || /[<>=\n]/.test(key)) return undefined;
    const close = valueCloseAt(body, valueStart);
    const value = body.slice(valueStart, close?.start ?? body.length);
    if (value.includes(PARAMETER_OPEN)) return undefined;
    // Left open up to the call's end, a value ending in a closing tag (`UTC</param>`) has its closer written wrong or holds that tag.
    if (close === undefined && endsInCloser(value)) return undefined;
    // An empty value, then its closer again: the closer written twice, or a value that is the closer's text (a guess).
    if (close !== undefined && value.trim() === "" && parameterCloseAt(body, skipWhitespace(body, close.end))?.start === skipWhitespace(body, close.end)) return undefined;
    const indented = indentedLayout(value);
    if (tagEndLost !== null && inline === null) {
      // The break after the key ended its tag: markup, not the value's. Its other edge is read as the layout reads
      // a value's (Qwen3-Coder's break before the closer is layout); a pretty-printed value is not read.
      // One slip to a pair: its closer must be written.
      if (indented !== undefined || close === undefined) return undefined;
      pairs.push([key, layout === "broken" ? value.replace(/\r?\n$/, "") : value]);
    } else if (indented === undefined) {
      written.push({ index: pairs.length, value });
      pairs.push([key, value]);
      // Qwen3-Coder's layout breaks both edges: a break at one only reads two ways (see value-edges.ts). A value left
      // unclosed ran to the block's end, whose space was trimmed with the block's.
      if (layout === "broken" && close !== undefined && oneSidedBreak(value)) open.push(key);
      // Written inline with space on both sides: the parsers disagree on the spaces (see value-edges.ts).
      if (layout === "broken" && close !== undefined && paddedInline(value)) padded.push(key);
    } else {
      pairs.push([key, indented.text]);
      if (indented.open) open.push(key);
    }
    position = close === undefined ? body.length : skipStrayClosers(body, close.end);
    if (close !== undefined) gaps.push(body.slice(close.end, position));
  }
  const laidOut = valuesInLayout(written.map((entry) => entry.value), layout);
  written.forEach((entry, at) => (pairs[entry.index]![1] = laidOut[at]!));
  // Values that disagree on the layout: their edge breaks are layout or their own (see parameter-layout.ts).
  const doubtful = edgesInDoubt(written.map((entry) => entry.value), layout);
  written.forEach((entry, at) => doubtful[at] === true && open.push(pairs[entry.index]![0]));
  // A call flattened onto one line pads every value with the one space its layout breaks were: that space is layout.
  if (oneLine && spacedOnOneLine(pairs, gaps)) return pairs.map(([key, value]) => [key, value.slice(1, -1)]);
  open.push(...padded);
  return pairs;
}

/**
 * A call written on one line (`oneLine`: its block holds no line break), one
 * space wherever the template breaks the line (`<parameter=path> a.txt
 * </parameter> </function>`, as a log or a display that flattened the text
 * shows it): each value's one space either side is that layout, as the line
 * break is. Only when every gap between the tags is that one space and every
 * value is padded so.
 */
function spacedOnOneLine(pairs: readonly (readonly [string, string])[], gaps: readonly string[]): boolean {
  if (pairs.length === 0) return false;
  const padded = (value: string): boolean => value.length >= 3 && value[0] === " " && value.at(-1) === " " && value[1] !== " " && value.at(-2) !== " ";
  return pairs.every(([, value]) => padded(value)) && gaps.every((gap, index) => gap === " " || (index === gaps.length - 1 && gap === ""));
}

/**
 * `<function=name>` followed by `<parameter=…>` pairs or a JSON object.
 * `closed`: the block was closed by its call's closing tag (`</tool_call>`).
 */
function functionTagCall(body: string, closed: boolean, layout: ParameterLayout = "broken"): RawCall | undefined {
  const trimmed = body.trim();
  if (!trimmed.startsWith("<function=")) return undefined;
  const name = readName(trimmed, "<function=".length);
  if (!TOOL_NAME.test(name)) return undefined;
  let rest = trimmed.slice("<function=".length + name.length);
  const closeAt = rest.lastIndexOf("</function>");
  if (closeAt >= 0) rest = rest.slice(0, closeAt);
  // Groq's variants: `<function=name>{…}`, `<function=name{…}`, `<function=name,{…}`, `<function=name={…}`,
  // and the object in parentheses, `<function=name({…})`.
  rest = rest.replace(/^[>,=]/, "").trim();
  // The call's own id in brackets before its arguments (`<function=name>[call_abc]{…}`): metadata, not arguments.
  rest = rest.slice(skipBracketedCallId(rest, 0));
  const parenthesized = rest.startsWith("(");
  if (parenthesized) rest = rest.slice(1).trimStart();
  rest = shortParameterTags(rest) ?? namedParameterTags(rest) ?? rest;
  if (rest.startsWith(PARAMETER_OPEN)) {
    // A call whose arguments are elements is read only when its end was written (see `readParameters`).
    if (!closed && closeAt < 0) return undefined;
    const openText: string[] = [];
    const params = readParameters(rest, openText, !/[\r\n]/.test(body), layout);
    return params === undefined ? undefined : { name, arguments: parameterArguments(rest, params, openText) };
  }
  // No arguments: a call, when its block was closed; cut short after its name, when not.
  if (rest === "" || rest === ">") return closed || closeAt >= 0 ? { name, arguments: emptyArguments } : undefined;
  if (!rest.startsWith("{")) return undefined;
  const end = findJsonEnd(rest, 0);
  // Text between a closed block's object and `</function>` (`{…}"`) is more than the call: which part is junk is a guess.
  // After `(`, only its `)` may follow, or the quote a model wrote in its place (`({…}"`).
  const tail = end < 0 ? "" : rest.slice(end).trim();
  if (parenthesized ? !/^(?:\)|"\)?)?$/.test(tail) : closeAt >= 0 && tail !== "") return undefined;
  // An unclosed object goes to the pipeline as it is: it decides whether it was cut short.
  return { name, arguments: { kind: "text", text: end < 0 ? rest : rest.slice(0, end) } };
}

/** The short parameter tags of llama.cpp's constructed tool format, as LocalAI's parser reads them. */
const SHORT_PARAMETER_OPEN = "<param=";
const SHORT_PARAMETER_CLOSE = "</param>";

/**
 * `<param=key>value</param>` for `<parameter=key>value</parameter>`: the parameters of a call written in llama.cpp's
 * constructed format (`<function=name><param=arg1>42</param></function>`), rewritten in Qwen3-Coder's tags to be
 * read as those are. Only when every opener has its closer and no Qwen3-Coder tag is there too: a mix of both, or a
 * closer without its opener, may be a value's own text, and which one is a guess.
 */
function shortParameterTags(rest: string): string | undefined {
  if (!rest.startsWith(SHORT_PARAMETER_OPEN) || rest.includes("<parameter") || rest.includes("</parameter")) return undefined;
  const opens = rest.split(SHORT_PARAMETER_OPEN).length - 1;
  const closes = rest.split(SHORT_PARAMETER_CLOSE).length - 1;
  if (opens !== closes) return undefined;
  return rest.replaceAll(SHORT_PARAMETER_OPEN, PARAMETER_OPEN).replaceAll(SHORT_PARAMETER_CLOSE, "</parameter>");
}

const NAMED_PARAMETER_OPEN = /^<parameter name=["']/;
const NAMED_PARAMETER_TAG = /<parameter name=(["'])([\w.-]{1,64})\1>/g;

/**
 * Claude-style `<parameter name="key">value</parameter>` elements (the name in either quotes) under Qwen3-Coder's
 * `<function=…>` opener, a hybrid MiniMax-M2.5 writes: read as `<parameter=key>`. Only when every parameter tag is of
 * that form, each with its closer.
 */
function namedParameterTags(rest: string): string | undefined {
  if (!NAMED_PARAMETER_OPEN.test(rest) || rest.includes(PARAMETER_OPEN)) return undefined;
  const opens = [...rest.matchAll(NAMED_PARAMETER_TAG)].length;
  if (opens !== rest.split("<parameter").length - 1 || opens !== rest.split("</parameter>").length - 1) return undefined;
  return rest.replaceAll(NAMED_PARAMETER_TAG, `${PARAMETER_OPEN}$2>`);
}

/** `<function=…>` blocks one after another (Qwen3.6 writes several in one `<tool_call>`): where each starts. */
function functionStarts(body: string): number[] {
  const starts = [skipWhitespace(body, 0)];
  for (const found of body.matchAll(/<\/function>\s*(?=<function=)/g)) starts.push(found.index + found[0].length);
  return starts;
}

/**
 * A call opened with the tool's name in a parameter tag, `<parameter=bash>`,
 * left unclosed, then the real parameters (Qwen3.5/3.6 do this): read as
 * `<function=bash>`. Only when a parameter follows at once, which a value
 * never does; the name must still be a declared tool's. The call ends at
 * `</function>`, or at a last `</parameter>` closing the name's tag.
 */
function parameterNamedCall(body: string, closed: boolean): RawCall | undefined {
  const trimmed = body.trim();
  const head = PARAMETER_NAMED.exec(trimmed);
  if (head === null) return undefined;
  let rest = trimmed.slice(head[0].length - PARAMETER_OPEN.length);
  const closeAt = rest.lastIndexOf("</function>");
  // The name's own tag closed last ends the call as `</function>` does.
  const nameClosed = closeAt < 0 && rest.endsWith("</parameter>") && count(rest, PARAMETER_OPEN) < count(rest, "</parameter>");
  if (closeAt >= 0 && rest.slice(closeAt + "</function>".length).trim() === "") rest = rest.slice(0, closeAt).trimEnd();
  else if (nameClosed) rest = rest.slice(0, -"</parameter>".length);
  if (!closed && closeAt < 0 && !nameClosed) return undefined;
  const openText: string[] = [];
  const params = readParameters(rest, openText);
  return params === undefined ? undefined : { name: head[1]!, arguments: parameterArguments(rest, params, openText) };
}
const PARAMETER_NAMED = /^<parameter=([A-Za-z_][\w.:-]{0,127})>\s*<parameter=/;

/**
 * The head of a `<parameter=name>` call from `at` (just after `<parameter=`),
 * for the stream: where the next parameter starts, `"wait"` while the text
 * could still become one.
 */
export function readParameterNamedHead(text: string, at: number): number | "wait" | "no" {
  let end = at;
  while (end < text.length && end - at <= 128 && /[\w.:-]/.test(text[end]!)) end++;
  if (end >= text.length) return end - at > 128 ? "no" : "wait";
  if (text[end] !== ">" || end === at || !/[A-Za-z_]/.test(text[at]!)) return "no";
  const next = skipWhitespace(text, end + 1);
  if (next >= text.length) return "wait";
  const available = text.slice(next, next + PARAMETER_OPEN.length);
  return PARAMETER_OPEN.startsWith(available) ? (available.length === PARAMETER_OPEN.length ? next : "wait") : "no";
}
const count = (text: string, part: string): number => text.split(part).length - 1;
/** `\n` written as two characters right before a GLM tag or the block's end: a line break between tags, never a value's text. */
const ESCAPED_TAG_BREAKS = /(?:\\n)+(?=\s*(?:<arg_key>|<arg_value>|$))/g;

/**
 * What can sit inside `<tool_call>…</tool_call>`, by model family. `closed`: the block has its closing tag;
 * `ended`: that, or the next block opens after it (markup that only follows a finished call).
 */
/**
 * Closers of the blocks whose format has one parser, which keeps a string value exactly as written: IQuest Q1's
 * `<iquest_tool_call>` (SGLang's detector types every other value from the schema and puts a string's text back
 * verbatim, spaces, quotes and line breaks included). There a padded or quoted string has one reading.
 */
const VERBATIM_STRING_CLOSERS: ReadonlySet<string> = new Set(["</iquest_tool_call>"]);

function callsInToolCallBody(body: string, closed: boolean, close = "", ended = closed, layout: ParameterLayout = "broken"): RawCall[] | undefined {
  const trimmed = closed ? body.trim() : withoutCutCloser(body.trim(), close);
  // MiniMax M2.7's `{tool => "name", args => {--key value}}` (only in its `[TOOL_CALL]` blocks in practice).
  if (opensPerlHash(trimmed)) {
    const call = readPerlHashCall(trimmed);
    return call === undefined ? undefined : [call];
  }
  // Several JSON calls in one block are several calls, not the first one.
  if (trimmed.startsWith("{") || trimmed.startsWith("[")) return payloadAt(trimmed, 0)?.calls ?? (closed ? callMissingLastBrace(trimmed) : undefined);
  if (trimmed.startsWith("<function=")) {
    const starts = functionStarts(trimmed);
    const calls = starts.map((start, index) => functionTagCall(trimmed.slice(start, starts[index + 1] ?? trimmed.length), ended || index < starts.length - 1, layout));
    return calls.every((call) => call !== undefined) ? calls : undefined;
  }
  if (opensWithNameElement(trimmed)) {
    const call = readElementCall(trimmed);
    return call === undefined ? undefined : [call];
  }
  if (trimmed.startsWith(PARAMETER_OPEN)) {
    const call = parameterNamedCall(trimmed, ended);
    return call === undefined ? undefined : [call];
  }
  if (trimmed.startsWith(PRINT_OPEN)) return readCodeCalls(trimmed, false);
  const name = readName(trimmed, 0);
  if (!TOOL_NAME.test(name)) return undefined;
  // Hunyuan Hy3 puts `<tool_sep>` between the name and its arguments (Hy4 with its suffix).
  const written = trimmed.slice(name.length);
  // GLM's line breaks between its tags written as the two characters `\n` (`get_weather\n<arg_key>…`).
  const unescaped = written.replace(ESCAPED_TAG_BREAKS, "\n");
  const afterName = unescaped !== written && unescaped.trimStart().startsWith("<arg_key>") ? unescaped : written;
  const separator = [TOOL_SEP, `<tool_sep${HY4_SUFFIX}>`].find((token) => afterName.trimStart().startsWith(token));
  const rest = separator === undefined ? afterName : afterName.trimStart().slice(separator.length);
  // GLM-4.5/4.6/4.7 and Hunyuan: `name<arg_key>k</arg_key><arg_value>v</arg_value>…`; Hy4 suffixes every tag.
  const suffix = rest.trimStart().startsWith(`<arg_key${HY4_SUFFIX}>`) ? HY4_SUFFIX : "";
  const tags = rest.trimStart().startsWith(PARAM_TAGS.keyOpen) ? PARAM_TAGS : argTags(suffix);
  if (rest.trimStart().startsWith(tags.keyOpen)) {
    // Only a call whose end was written: its closer is what says no more pairs follow.
    if (!ended) return undefined;
    const slips: { keyCloseLeftOut?: boolean } = {};
    // GLM's own tags in its own block are its special tokens. Its closer right after the body (one line break of the
    // template's layout between them at most) ends the last value.
    const tokens = close === "</tool_call>" && tags.keyOpen === "<arg_key>";
    const callClosed = closed && /^(?:\r?\n)?$/.test(body.slice(body.trimEnd().length));
    const params = readArgPairs(rest, tags, slips, { tokens, callClosed });
    if (params === undefined) return undefined;
    if (suffix === HY4_SUFFIX && params.some(([, value]) => holdsUnsuffixedTag(value))) return undefined;
    // GLM's template writes values raw, not as XML: a CDATA section there is its markup as written or the section's text.
    // A value padded on both sides: the parsers' trimmed text, or the text as written (see value-edges.ts). In a
    // block whose one parser keeps a string value as written (IQuest Q1's), the text as written is the one reading.
    const verbatim = VERBATIM_STRING_CLOSERS.has(close);
    const openKeys = [...params.filter(([, value]) => value.includes(CDATA_OPEN)).map(([key]) => key), ...(verbatim ? [] : paddedKeys(params))];
    return [{ name, arguments: { kind: "params", params, ...(verbatim ? {} : { quotedStringsDoubtful: true }), ...(openKeys.length === 0 ? {} : { openText: openKeys }), ...(slips.keyCloseLeftOut === true ? { declaredOnly: true } : {}) } }];
  }
  // GLM-4.7 losing the first `<arg_key>`: `namekey</arg_key><arg_value>…`; the declared tools tell the two apart.
  const keyClose = rest.indexOf(tags.keyClose);
  if (keyClose >= 0 && /^[^<>\n]*$/.test(rest.slice(0, keyClose))) {
    if (!ended) return undefined;
    const params = readArgPairs(`${tags.keyOpen}_${rest.slice(keyClose)}`, tags);
    const written = `${name}${rest.slice(0, keyClose)}`.trim();
    if (params === undefined) return undefined;
    const keyed = params.map(([key, value], index) => [index === 0 ? "" : key, value] as const);
    const padded = paddedKeys(keyed);
    return [{ name: written, arguments: { kind: "params", params: keyed, quotedStringsDoubtful: true, ...(padded.length === 0 ? {} : { openText: padded }) }, joinedKey: true }];
  }
  // GLM bare zero-argument call: `<tool_call>list_mailboxes</tool_call>`, and with a stray `</arg_value>` (GLM-5).
  // Unclosed with nothing after the name, it may have been cut short there; a closer written after it ends it.
  if (rest.trim() === "" && closed) return [{ name, arguments: emptyArguments, ...(namesCallsBare(close) ? {} : { bareWord: true as const }) }];
  if (rest.trim() === tags.valueClose) return [{ name, arguments: emptyArguments }];
  // GLM-4 `name\n{…}`, and pythonic `name(a=1)`.
  const restStart = skipWhitespace(rest, 0);
  if (rest[restStart] === "{") {
    const end = findJsonEnd(rest, restStart);
    return [{ name, arguments: { kind: "text", text: end < 0 ? rest.slice(restStart) : rest.slice(restStart, end) } }];
  }
  // GLM-5.3-Flash's JSON form, `name>{…}` with no closing tag; GLM-5.1's through llama.cpp, `name}{…}` closed by a
  // stray `</arg_value>`; Qwen3.5's with `<function=` lost to its template, `name>{…}</function>`. The object must end
  // the block, bar that one closer: prose after it is more than a call.
  if ((rest.startsWith(">") || rest.startsWith("}{")) && rest[skipWhitespace(rest, 1)] === "{") {
    const argsStart = skipWhitespace(rest, 1);
    const end = findJsonEnd(rest, argsStart);
    if (end >= 0 && !JSON_FORM_ENDS.has(rest.slice(end).trim())) return undefined;
    return [{ name, arguments: { kind: "text", text: end < 0 ? rest.slice(argsStart) : rest.slice(argsStart, end) } }];
  }
  // The whole body as call statements: a second call (`a()\nb()`) is not dropped, and text after one is no call.
  if (rest.startsWith("(")) {
    // `name({city: "Paris"})`: one object as the call's argument, its JSON left to the repair pipeline.
    const inParens = objectInParens(trimmed, name, name.length);
    return readCodeCalls(trimmed, false, true) ?? (inParens?.end === trimmed.length ? inParens.calls : undefined);
  }
  // GLM-4.7-Flash's `name<key="value"</key>…` elements.
  const attributed = rest.trimStart().startsWith("<") ? readAttributeValuedArguments(rest) : undefined;
  if (attributed !== undefined) return [{ name, arguments: attributed }];
  // GLM-4.7's `name key=value …` words.
  const words = /^\s/.test(rest) ? readKeyValueWords(rest) : undefined;
  return words === undefined ? undefined : [{ name, arguments: words }];
}

/** What may follow a JSON-form call's object in its block, space aside: nothing, or one closer its family strays (see `callsInToolCallBody`). */
const JSON_FORM_ENDS = new Set(["", "</arg_value>", "</function>"]);

/**
 * An unclosed block's body without the start of its closing tag broken off at its end
 * (`get_weather(city: "Oslo")</tool_`, the answer cut or the tag misspelt there): the call
 * before it is whole, and that start is markup, not text.
 */
function withoutCutCloser(body: string, close: string): string {
  for (let length = close.length - 1; length >= 2; length--) {
    if (body.endsWith(close.slice(0, length))) return body.slice(0, -length).trimEnd();
  }
  return body;
}

/**
 * A block whose body is a JSON value holding its own closing tag in a string
 * (`<tool_call>{"arguments": {"cmd": "echo </tool_call>"}}</tool_call>`): it
 * ends at the closer right after the value. Only for a value that parses as it
 * is; otherwise the block ends at its first closer, as any other.
 */
function jsonBlock(content: string, open: string, close: string, start: number): { body: string; start: number; end: number; closed: boolean } | undefined {
  const bodyStart = start + open.length;
  const valueStart = skipWhitespace(content, bodyStart);
  if (content[valueStart] !== "{" && content[valueStart] !== "[") return undefined;
  const read = scanJsonBlock(content, valueStart, valueStart, new BracketScanner(), [close]);
  if (read.kind !== "closed") return undefined;
  const closeAt = skipWhitespace(content, read.end);
  if (!content.startsWith(close, closeAt)) return undefined;
  try {
    JSON.parse(content.slice(valueStart, read.end));
  } catch {
    return undefined;
  }
  return { body: content.slice(bodyStart, closeAt), start, end: closeAt + close.length, closed: true };
}

/**
 * Every `open…close` block; `undefined` when there is none or one of them is
 * not a call. A `wrapper` opening right before the first block is markup too
 * (its closing goes as a stray closer).
 */
function detectTagBlocks(content: string, open: string, close: string, wrapper?: string): Detection | undefined {
  if (!content.includes(open)) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let position = 0;
  while (calls.length <= MAX_CALLS) {
    const nextOpen = content.indexOf(open, position);
    if (nextOpen < 0) break;
    // An unclosed block ends where the next one opens, or at the end.
    const following = nextOpening(content, open, close, nextOpen);
    const block =
      jsonBlock(content, open, close, nextOpen) ??
      closerInParameterBlock(content, open, close, nextOpen) ??
      closerInArgValueBlock(content, open, close, nextOpen) ??
      namedJsonBlock(content, open, close, nextOpen) ??
      callTagForFirstKey(content, open, close, nextOpen) ??
      between(content, open, close, nextOpen, following < 0 ? content.length : following);
    if (block === undefined) break;
    // An empty block (`<tool_call></tool_call>`) holds no call to drop: markup, gone with the calls read.
    const found = block.closed && block.body.trim() === "" ? [] : callsInToolCallBody(block.body, block.closed, close, block.closed || following >= 0, parameterLayoutOf(open));
    if (found === undefined) return undefined;
    calls.push(...found);
    const prose = block.closed ? proseAfterCalls(block.body) : undefined;
    if (prose !== undefined) {
      // The words between the calls and the closer stay text, as they would after a block never closed.
      spans.push([block.start, block.start + open.length + prose], [block.end - close.length, block.end]);
      position = block.end;
      continue;
    }
    const end = block.closed ? block.end : unclosedCallEnd(block.body, block.start + open.length) ?? block.end;
    spans.push([block.start, end]);
    position = end;
  }
  const first = spans[0]?.[0] ?? 0;
  const wrapperAt = wrapper === undefined ? -1 : content.lastIndexOf(wrapper, first);
  if (wrapperAt >= 0 && content.slice(wrapperAt + wrapper!.length, first).trim() === "") spans.push([wrapperAt, first]);
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}

/** How many openers inside one block's values are passed over: hostile text may hold many. */
const MAX_OPENERS_IN_VALUES = 8;

/**
 * Where the block after the one opening at `start` opens: the next `open`, unless it stands inside a value the block
 * opened (`<parameter=text>Use <tool_call> tags.</parameter>`, GLM's `<arg_value>` alike) and the value goes on to
 * close before the next closer with no call markup between: that value's text, as a closer there is. An opener
 * followed by a call's markup (`<function=`, `<arg_key>`) opens the next block, the value before it cut. -1 when none.
 */
function nextOpening(content: string, open: string, close: string, start: number): number {
  const bodyStart = start + open.length;
  let next = content.indexOf(open, start + 1);
  for (let skipped = 0; next >= 0 && skipped < MAX_OPENERS_IN_VALUES; skipped++) {
    const parameter = withinOpenParameter(content, bodyStart, next);
    if (!parameter && !withinOpenArgValue(content, bodyStart, next)) return next;
    const closeAt = content.indexOf(close, next + open.length);
    const rest = content.slice(next + open.length, closeAt < 0 ? content.length : closeAt);
    if (rest.includes("<function=") || rest.includes("<arg_key>") || !rest.includes(parameter ? "</parameter" : "</arg_value>")) return next;
    next = content.indexOf(open, next + open.length);
  }
  return next;
}

/** GLM's name, then `<tool_call>` written where its first `<arg_key>` belongs: `<tool_call>run<tool_call>cmd</arg_key>`. */
const CALL_TAG_FOR_FIRST_KEY = /^<tool_call>([\w.:-]{1,128})<tool_call>[^<>\n]{1,128}<\/arg_key>/;

/**
 * A GLM block whose first `<arg_key>` the model wrote as `<tool_call>` (a
 * slip GLM makes): read as that key, up to the block's closer. Only the
 * first key: the same tag further on may as well open another call.
 */
function callTagForFirstKey(content: string, open: string, close: string, start: number): { body: string; start: number; end: number; closed: true } | undefined {
  if (open !== "<tool_call>") return undefined;
  const found = CALL_TAG_FOR_FIRST_KEY.exec(content.slice(start, start + 300));
  if (found === null) return undefined;
  const keyAt = start + open.length + found[1]!.length + open.length;
  const closeAt = content.indexOf(close, keyAt);
  if (closeAt < 0 || content.slice(keyAt, closeAt).includes(open)) return undefined;
  return { body: `${found[1]!}<arg_key>${content.slice(keyAt, closeAt)}`, start, end: closeAt + close.length, closed: true };
}

/**
 * In a closed block, where its calls (JSON, or `<function=…>` markup up to its last `</function>`) end when words
 * follow them before the closer (`<tool_call>{…} I will wait for it.</tool_call>`): the model's prose, which
 * reading the calls must not drop. `undefined` otherwise.
 */
function proseAfterCalls(body: string): number | undefined {
  const at = skipWhitespace(body, 0);
  let end: number | undefined;
  if (body[at] === "{" || body[at] === "[") end = payloadAt(body, at)?.end;
  else if (body.startsWith("<function=", at)) {
    const close = body.lastIndexOf(FUNCTION_CLOSE);
    end = close < 0 ? undefined : close + FUNCTION_CLOSE.length;
  }
  return end === undefined || onlyStrayClosers(body.slice(end)) ? undefined : end;
}

/**
 * Where the call markup of a block never closed ends (`bodyStart` is where its body starts in the content): its
 * JSON calls, its last `</function>`, or the object after `<function=name>` or after GLM-4's name line. What
 * follows, up to the next block or the text's end, is the model's prose after a forgotten closer, and stays text.
 * `undefined` when the end is not known: the block then runs to the next block or the text's end.
 */
function unclosedCallEnd(body: string, bodyStart: number): number | undefined {
  const at = skipWhitespace(body, 0);
  if (body[at] === "{" || body[at] === "[") {
    const payload = payloadAt(body, at);
    return payload === undefined ? undefined : bodyStart + payload.end;
  }
  const functionTag = body.startsWith("<function=", at);
  const functionClose = body.lastIndexOf("</function>");
  if (functionTag && functionClose >= 0) return bodyStart + functionClose + "</function>".length;
  // `<function=name>{…}` or `name\n{…}`: the object right after the name.
  const nameAt = functionTag ? at + "<function=".length : at;
  const name = readName(body, nameAt);
  const afterTag = skipWhitespace(body, nameAt + name.length + (functionTag && body[nameAt + name.length] === ">" ? 1 : 0));
  const afterName = functionTag ? skipBracketedCallId(body, afterTag) : afterTag;
  if (name === "" || body[afterName] !== "{") return undefined;
  const end = findJsonEnd(body, afterName);
  return end < 0 ? undefined : bodyStart + end;
}

/** Tags around one call each: Hermes, Qwen, GLM; Seed-OSS; LongCat. Their bodies are read alike. */
/** `tool_call` as it is also spelt: `tool-call`, `TOOL_CALL`, `TOOL-CALL`, `toolCall`, `ToolCall`, `Tool_Call`. */
function respellings(name: string): string[] {
  const words = name.split("_");
  const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);
  return [
    words.join("-"),
    name.toUpperCase(),
    words.join("-").toUpperCase(),
    words[0] + words.slice(1).map(capital).join(""),
    words.map(capital).join(""),
    words.map(capital).join("_"),
  ];
}

export const CALL_TAGS: readonly (readonly [string, string])[] = [
  ["<tool_call>", "</tool_call>"],
  ["<seed:tool_call>", "</seed:tool_call>"],
  ["<longcat_tool_call>", "</longcat_tool_call>"],
  // IQuest Q1: GLM's key/value tags inside its own call tags.
  ["<iquest_tool_call>", "</iquest_tool_call>"],
  // What some community templates (gemma3-tools) ask for.
  ["<tool>", "</tool>"],
  // Anthropic-style, as models trained on Claude's transcripts write it: JSON or `<name>`/`<input>` elements.
  ["<tool_use>", "</tool_use>"],
  // Hunyuan Hy4: Hy3's tags, each with the checkpoint's suffix.
  ["<tool_call:opensource>", "</tool_call:opensource>"],
  // Nemotron-Mini's own tags, and the tags Gemma and Gemini write Python calls in (`print(default_api.f(…))`).
  ["<toolcall>", "</toolcall>"],
  ["<tool_code>", "</tool_code>"],
  // dots.llm's wrapper, when it holds JSON rather than invokes (those are invoke-calls.ts's).
  ["<dots_function_call>", "</dots_function_call>"],
  // The same tags as models respell them from memory: hyphens, capitals, camel case (`<tool-use>` from Groq's tool-use Llama).
  ...["tool_call", "tool_use"].flatMap(respellings).map((name): [string, string] => [`<${name}>`, `</${name}>`]),
];
const TOOL_SEP = "<tool_sep>";
const HY4_SUFFIX = ":opensource";
/** Wrappers around a turn's call tags: Hunyuan's `<tool_calls>`, Hy4's suffixed. */
const TAG_WRAPPERS: Readonly<Record<string, string>> = { "<tool_call>": "<tool_calls>", "<tool_call:opensource>": "<tool_calls:opensource>" };
/** Hy4's wrapper, where the stream hold-back opens (it closes at its own closing tag). */
export const HY4_WRAPPER: readonly [string, string] = ["<tool_calls:opensource>", "</tool_calls:opensource>"];

/**
 * Every block of the call tag the content writes first: another call tag inside one of its JSON strings
 * (`<tool_use>{… "text": "<tool_call>"}</tool_use>`) is text. When that tag's blocks are no calls, the
 * next tag the content holds is tried, in the order they are written.
 */
export function detectToolCallTags(content: string): Detection | undefined {
  const fixed = CALL_TAGS.map((tag) => [content.indexOf(tag[0]), tag] as const);
  const prefixed = prefixedCallTagsIn(content)
    .filter(({ tag }) => !CALL_TAGS.some(([open]) => open === tag[0]))
    .map(({ at, tag }) => [at, tag] as const);
  const written = [...fixed, ...prefixed]
    .filter(([at]) => at >= 0)
    .sort((left, right) => left[0] - right[0]);
  for (const [, [open, close]] of written) {
    const found = detectTagBlocks(content, open, close, TAG_WRAPPERS[open]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Tags whose block may hold a JSON value (see `jsonBlock`): the stream reads those values to find where the block ends. */
export const JSON_BODY_TAGS: readonly string[] = [...CALL_TAGS.map(([open]) => open), "<function_call>", "[TOOL_CALL]"];

/** The older Claude XML: `<function_calls><invoke><tool_name>…</tool_name><parameters>…</parameters></invoke>`. */
export const detectElementInvokes = (content: string): Detection | undefined => detectTagBlocks(content, ELEMENT_INVOKE, "</invoke>", "<function_calls>");
export const ELEMENT_INVOKE = "<invoke>";

/** MiniMax-M2's inline `[TOOL_CALL] {"tool": …, "args": {…}} [/TOOL_CALL]` blocks. */
export const detectMiniMaxTags = (content: string): Detection | undefined => detectTagBlocks(content, "[TOOL_CALL]", "[/TOOL_CALL]");

/** Every `<function_call>` block: the same bodies under another tag, as some fine-tunes write them. */
export const detectFunctionCallTags = (content: string): Detection | undefined => detectTagBlocks(content, "<function_call>", "</function_call>");

/**
 * `<function=name>{…}</function>` (also `name{`, `name,{`, `name={`): the closer right after the object,
 * when one inside its strings would otherwise end it early.
 */
function jsonCloserAt(content: string, start: number): number | undefined {
  const nameEnd = start + "<function=".length + readName(content, start + "<function=".length).length;
  const objectAt = skipBracketedCallId(content, skipWhitespace(content, content[nameEnd] === ">" || content[nameEnd] === "," || content[nameEnd] === "=" ? nameEnd + 1 : nameEnd));
  if (content[objectAt] !== "{") return undefined;
  return closerAfterJson(content, objectAt, [FUNCTION_CLOSE])?.[0];
}

/** A call block's closing tag, under a model's prefix or none (`</tool_call>`, `</seed:tool_call>`, `</longcat_tool_call>`). */
const BLOCK_CLOSE = /<\/[\w:.-]{0,30}tool_call>/g;
/** Its opening tag. */
const BLOCK_OPEN = /<[\w:.-]{0,30}tool_call>/;

/** Where the first call block's closing tag after `from` starts, and its length. */
function blockCloseAfter(content: string, from: number): { at: number; length: number } | undefined {
  BLOCK_CLOSE.lastIndex = from;
  const found = BLOCK_CLOSE.exec(content);
  return found === null ? undefined : { at: found.index, length: found[0].length };
}

/** Whether every `<parameter=` in `text` is closed. */
const balancedParameters = (text: string): boolean => text.split(PARAMETER_OPEN).length === text.split("</parameter>").length;

/** `<function=…>` blocks outside any `<tool_call>` (Groq's Llama format, bare Qwen3-Coder). */
export function detectFunctionTags(content: string): Detection | undefined {
  if (!content.includes("<function=")) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let position = 0;
  while (calls.length <= MAX_CALLS) {
    const start = content.indexOf("<function=", position);
    if (start < 0) break;
    const following = content.indexOf("<function=", start + 1);
    const limit = following < 0 ? content.length : following;
    const firstClose = jsonCloserAt(content, start) ?? content.indexOf("</function>", start);
    // A closer inside a value the call goes on to close is the value's text (see closer-in-parameter.ts).
    const closeAt = firstClose < 0 ? firstClose : (functionCloseAfterValue(content, start, firstClose) ?? firstClose);
    // Neither `</function>` nor the block's opener written: the block's closer ends the call (`<function=f> </tool_call>`,
    // also under a model's prefix, `</seed:tool_call>`), not one inside a parameter's value still open.
    const block = closeAt >= 0 && closeAt < limit ? undefined : blockCloseAfter(content, start);
    const blockClose = block?.at ?? -1;
    const closedByBlock = block !== undefined && blockClose < limit && !BLOCK_OPEN.test(content.slice(0, start)) && balancedParameters(content.slice(start, blockClose));
    const end = closedByBlock
      ? blockClose
      : closeAt >= 0 && closeAt < limit
        ? closeAt + "</function>".length
        : (unclosedCallEnd(content.slice(start, limit), start) ?? limit);
    const call = functionTagCall(content.slice(start, end), closedByBlock);
    if (call === undefined) return undefined;
    calls.push(call);
    const spanEnd = closedByBlock ? blockClose + block.length : end;
    spans.push([start, spanEnd]);
    position = spanEnd;
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}

/** `<parameter=name>` calls (see `parameterNamedCall`) the content opens with, outside any `<tool_call>`, each to its `</function>`. */
export function detectParameterNamedCalls(content: string): Detection | undefined {
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let start = skipWhitespace(content, 0);
  while (calls.length <= MAX_CALLS && PARAMETER_NAMED.test(content.slice(start, start + 300))) {
    const closeAt = content.indexOf("</function>", start);
    const end = closeAt < 0 ? content.length : closeAt + "</function>".length;
    const call = parameterNamedCall(content.slice(start, end), false);
    if (call === undefined) return undefined;
    calls.push(call);
    spans.push([start, end]);
    start = skipWhitespace(content, end);
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
