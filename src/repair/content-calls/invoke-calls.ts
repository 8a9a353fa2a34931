/**
 * Calls written as `<invoke name="get_weather"><parameter name="city">Paris</parameter></invoke>`:
 * MiniMax M2 (inside `<minimax:tool_call>`), the XML format older Claude
 * prompts taught (inside `<function_calls>`), DeepSeek V3.2's DSML
 * (`<｜DSML｜invoke name=…>`, inside `<｜DSML｜function_calls>`), and the same
 * with `<function name=…>` (Doubao Seed) or `<param name=…>` (MiniCPM; MiniCPM5 may wrap them
 * in `<arguments>` or lose the space before `name=`), and
 * Gemini 3's `<call_record tool="read">` around the same parameters, and
 * Step3's `<steptml:invoke name=…>` (inside `<｜tool_call_begin｜>…<｜tool_call_end｜>`), and
 * Glimmer's ATEM `<atem:invoke name=…>` (inside `<atem:function_calls>`), and
 * GigaChat 3.5's GCML, DSML's markup under its own name (`<｜GCML｜invoke name=…>`
 * inside `<｜GCML｜tool_calls>`);
 * read by structure, so any one namespace prefix (Claude's, leaked through
 * gateways) or DSML bar spelling is read, the same prefix on every element.
 * Values are text (or one whole CDATA section, verbatim), typed from the
 * tool's schema as Qwen3-Coder's are; a call element holding a JSON object
 * instead takes it as the arguments, and a `<function_calls>` block holding
 * JSON calls, or OLMo 3's Python calls one a line, is read with its tags.
 */
import type { Detection, RawArguments, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { CDATA_OPEN, indexOutsideCdata, valueCloseAt } from "./cdata.ts";
import { findJsonEnd, skipWhitespace } from "./scan.ts";
import { payloadAt } from "./marked-calls.ts";
import { markerAt } from "./call-markers.ts";
import { readCodeCalls } from "./code-calls.ts";
import { closerAfterBlockCalls, MAX_CLOSERS } from "./closer-after-block-calls.ts";
import { closerFollowedByWords, insideParameterValue, invokeCloseAfterValue } from "./closer-in-invoke-parameter.ts";
import { paddedLine } from "./value-edges.ts";
import { lastValueBeforeCallEnd, valueBeforeNextKey, type HoldsFormatTag } from "./token-tag-values.ts";

/**
 * The tag prefixes of the family: none (MiniMax, Claude), DeepSeek's DSML with
 * the bars servers print it with; DeepSeek V4.1 Flash also writes the bars
 * doubled with a space after, `<｜｜DSML｜｜ invoke name="read">`.
 */
const PREFIXES = ["", "｜DSML｜", "|DSML|", "‖DSML‖", "｜｜DSML｜｜", "｜｜DSML｜｜ ", "｜GCML｜", "|GCML|"];
/** A call's element and a parameter's, by how models spell them. */
const CALL_ELEMENTS = ["invoke", "function", "call_record"];
/** The attribute naming the tool: `name`, or Gemini's `tool` on its `<call_record>`. */
const nameAttribute = (element: string): string => (element.endsWith("call_record") ? "tool" : "name");
const PARAMETER_ELEMENTS = ["parameter", "param"];
/**
 * MiniCPM's parameter element. Its parsers read each value as JSON when it parses (a string written `"Beijing"`
 * is `Beijing`), the rest of the family keeps a string's text: a string value written as one JSON string reads two
 * ways there, as in GLM's tags (see read-leading-calls.ts).
 */
const MINICPM_PARAMETER = "param";
/** The call element's name attribute and its `=`, a space before it or not (`name = "get_time"`). */
const EQUALS = ["=", " ="];
/**
 * The space between an unprefixed element's name and its attribute as
 * MiniCPM's tokenizer leaves it when a server skips its decoding: the
 * byte-level piece for a space (`<function\u0120name="…">`), or nothing
 * (`<functionname="…">`). No other markup is spelt so.
 */
const LOST_SPACES = ["\u0120", ""];
/** The gap at `at` before an attribute: spaces, or (`lost`) one byte-level space piece or none. */
function afterGap(text: string, at: number, lost: boolean): number {
  if (!lost) return at;
  return text[at] === "\u0120" ? at + 1 : at;
}
/** Step3 prefixes its invoke and parameter elements; it has no other element of the family. */
const STEP3_INVOKE = "<steptml:invoke";
const STEP3_PREFIX = "steptml:";
/** Glimmer's ATEM: the same elements with the `atem:` prefix, only `invoke` and `parameter`. */
const ATEM_INVOKE = "<atem:invoke";
/** Step3's call tokens around its invokes (fullwidth bars, underscores: not DeepSeek's `▁`). */
export const STEP3_TOKENS = { callsBegin: "<｜tool_calls_begin｜>", callsEnd: "<｜tool_calls_end｜>", callBegin: "<｜tool_call_begin｜>", callEnd: "<｜tool_call_end｜>", sep: "<｜tool_sep｜>" };
/**
 * The names of DSML's wrapper: V3.2's and V4's, V4.1's `calls`, and the
 * misspellings DeepSeek V4 writes (`toolcalls`, `tool`), closed by any of them.
 */
const DSML_WRAPPER_NAMES = ["function_calls", "tool_calls", "calls", "toolcalls", "tool"];
/** Wrappers around a turn's invokes, by prefix (`<｜｜DSML｜｜ calls>` with the spaced one). */
export const INVOKE_WRAPPERS = ["minimax:tool_call", "function_calls", "atem:function_calls", "dots_function_call", ...PREFIXES.slice(1).flatMap((prefix) => DSML_WRAPPER_NAMES.map((name) => `${prefix}${name}`))];
/** The closers of a wrapper: its own, and for a barred prefix's any of the family's names under that prefix. */
function wrapperClosers(wrapper: string): string[] {
  const prefix = PREFIXES.slice(1).find((candidate) => DSML_WRAPPER_NAMES.some((name) => wrapper === `${candidate}${name}`));
  return prefix === undefined ? [`</${wrapper}>`] : DSML_WRAPPER_NAMES.map((name) => `</${prefix}${name}>`);
}
/** The prefix of the invokes inside a wrapper opened with `marker` (`<｜DSML｜function_calls>`: `｜DSML｜`); `undefined` for any other marker. */
export function wrappedInvokePrefix(marker: string): string | undefined {
  const wrapper = INVOKE_WRAPPERS.find((candidate) => marker === `<${candidate}>`);
  if (wrapper === undefined) return undefined;
  if (wrapper === "atem:function_calls") return "atem:";
  return PREFIXES.slice(1).find((candidate) => DSML_WRAPPER_NAMES.some((name) => wrapper === `${candidate}${name}`)) ?? "";
}
/** Wrappers another family opens with (its hold-back entry is its own), seen around these calls too. */
const OTHER_WRAPPERS = ["seed:tool_call", "tool_call", "tool_calls"];
/** The openings the stream hold-back waits on, each closing at its `</…>`. */
export const INVOKE_OPENINGS: readonly (readonly [string, readonly string[]])[] = [
  ...INVOKE_WRAPPERS.map((wrapper): [string, string[]] => [`<${wrapper}>`, wrapperClosers(wrapper)]),
  ...PREFIXES.flatMap((prefix) => CALL_ELEMENTS.flatMap((element) => EQUALS.map((equals): [string, string[]] => [`<${prefix}${element} ${nameAttribute(element)}${equals}`, [`</${prefix}${element}>`]]))),
  // MiniCPM's tags as some servers print them: the space a byte-level piece (`Ġ`), or lost.
  ...CALL_ELEMENTS.flatMap((element) => LOST_SPACES.map((gap): [string, string[]] => [`<${element}${gap}${nameAttribute(element)}=`, [`</${element}>`]])),
  [`${ATEM_INVOKE} name=`, ["</atem:invoke>"]],
  // Step3's invokes open at its call tokens only: the header between them and the invoke is checked.
  [STEP3_TOKENS.callsBegin, [STEP3_TOKENS.callsEnd]],
  [STEP3_TOKENS.callBegin, [STEP3_TOKENS.callEnd]],
];

const MAX_PARAMETERS = MAX_CALLS * 4;


/** Attributes naming the call itself, which a call element may carry after its name. */
const ID_ATTRIBUTES = ["id", "call_id", "tool_call_id"];

/**
 * An attribute value's quotes: straight, or the typographic pair a model (or
 * the text's renderer) may write (`name=“get_pages”`), closed by its own
 * closer; a value that holds another quote mark reads two ways and is not read.
 */
const ATTRIBUTE_QUOTES: Readonly<Record<string, string>> = { '"': '"', "'": "'", "“": "”" };
const TYPOGRAPHIC_QUOTE = /["“”]/;

/**
 * `name="value"` at `at` (spaces before it skipped; with `lost`, a byte-level
 * space piece or none too): the value and where the attribute ends. Spaces
 * around the `=` (`name = "get_time"`, as DeepSeek V4 writes it) are layout,
 * as an XML reader takes them.
 */
function attribute(text: string, at: number, name: string, lost = false): { value: string; end: number } | undefined {
  const start = afterGap(text, skipWhitespace(text, at), lost);
  if (!text.startsWith(name, start)) return undefined;
  const equals = skipWhitespace(text, start + name.length);
  if (text[equals] !== "=") return undefined;
  const open = skipWhitespace(text, equals + 1);
  const closer = ATTRIBUTE_QUOTES[text[open] ?? ""];
  if (closer === undefined) return undefined;
  const valueStart = open + 1;
  const close = text.indexOf(closer, valueStart);
  if (close < 0 || close - valueStart > 256) return undefined;
  const value = text.slice(valueStart, close);
  if (closer === "”" && TYPOGRAPHIC_QUOTE.test(value)) return undefined;
  return { value, end: close + 1 };
}

/**
 * A tag's attributes from `at` up to its `>`, each of `keys` once, in any
 * order (DeepSeek V4 writes `string="true" name="city"`), with or without
 * spaces between them; the first may follow a lost space (`lost`). The
 * values and where the tag ends, or `undefined` for any other attribute.
 */
function tagAttributes(text: string, at: number, keys: readonly string[], lost: boolean): { values: Map<string, string>; end: number } | undefined {
  const values = new Map<string, string>();
  let position = at;
  for (;;) {
    const next = skipWhitespace(text, position);
    if (text[next] === ">") return { values, end: next };
    const found = keys.filter((key) => !values.has(key)).map((key) => [key, attribute(text, position, key, lost && values.size === 0)] as const).find(([, read]) => read !== undefined);
    if (found === undefined) return undefined;
    values.set(found[0], found[1]!.value);
    position = found[1]!.end;
  }
}

/** The parameter element opening at `at` (`<parameter` or `<param`, a space after it, or with `lost` a lost one before `name=`), or `undefined`. */
function parameterOpen(body: string, at: number, prefix: string, lost: boolean): string | undefined {
  return PARAMETER_ELEMENTS.map((element) => `<${prefix}${element}`).find((open) => {
    if (!body.startsWith(open, at)) return false;
    const next = at + open.length;
    return /\s/.test(body[next] ?? "") || (lost && body.startsWith("name=", afterGap(body, next, true)));
  });
}

/** MiniCPM5 may wrap its parameters in `<arguments>…</arguments>`. */
const ARGUMENTS_WRAPPER = ["<arguments>", "</arguments>"] as const;

/**
 * A parameter's value from `start` to its `close`, as written (templates of
 * this family write values inline: a newline inside the tags is the model's
 * own). A CDATA section is kept as it is, to be read verbatim when the value
 * is typed; a closer inside it is text.
 */
function parameterValue(body: string, start: number, close: string, prefix: string, lost: boolean): { text: string; end: number; closed: true } | undefined {
  const first = valueCloseAt(body, start, close);
  if (first < 0) return undefined;
  const end = closerFollowedByWords(body, start, first, close, `<${prefix}param`, (at) => at >= body.length || parameterOpen(body, at, prefix, lost) !== undefined);
  return { text: body.slice(start, end), end, closed: true };
}

/** A parameter element's attributes: its name, and DSML's string flag. */
const PARAMETER_ATTRIBUTES = ["name", "string"];

/**
 * The last parameter's value when its closer was left out right before the
 * invoke's (`…>Paris\n</｜DSML｜invoke>`, `…>Paris</invoke>`): the rest of the
 * body, the line break before the invoke's closer being layout. A value that
 * held the invoke's closer as text would leave the call open, so the value
 * ends there whatever the tags are (as Qwen3-Coder's ends at `</function>`).
 * Only where the invoke is a call's for sure (`framed`): under DSML's prefix,
 * in a block of the family (`<minimax:tool_call>`, `<function_calls>`, …) or
 * Step3's call tokens; and not when more markup follows (where the value ends
 * would be a guess; unprefixed, any `<`) or the value would end in space.
 */
function lastValueUnclosed(body: string, start: number, prefix: string, framed: boolean): { text: string; end: number; closed: false } | undefined {
  if (!isBarred(prefix) && !framed) return undefined;
  const text = lastValueBeforeCallEnd(body.slice(start), holdsPrefixedTag(prefix));
  return text === undefined ? undefined : { text, end: body.length, closed: false };
}

/**
 * A tag under `prefix` (unprefixed: any `<`), which leaves where a value with its closer left out ends a guess;
 * under DSML's (or GCML's) prefix also the family's tags without it (`UTC</parameter>`: the closer written
 * without its prefix, or plain markup in a value whose own closer was left out).
 */
const holdsPrefixedTag =
  (prefix: string): HoldsFormatTag =>
  (text) =>
    text.includes(`<${prefix}`) || text.includes(`</${prefix}`) || (isBarred(prefix) && UNPREFIXED_TAGS.some((tag) => text.includes(tag)));
const UNPREFIXED_TAGS = [...PARAMETER_ELEMENTS, ...CALL_ELEMENTS].flatMap((element) => [`<${element}`, `</${element}`]);

/** Whether the prefix is DSML's (or GCML's), whose bars mark its tags as the model's own markup. */
const isBarred = (prefix: string): boolean => BARRED_WORDS.some((word) => prefix.includes(word));

/**
 * A value that ran into the next parameter's opening. Under DSML's prefix,
 * whose tags are the model's special tokens and not text it quotes, that is
 * a closer left out (DeepSeek V4 does so): the value ends at the opening, as
 * for every format whose tags are tokens (see token-tag-values.ts). Under any
 * other prefix the value may be markup quoted in it: not read.
 */
function valueBeforeNextParameter(body: string, start: number, value: { text: string; end: number; closed: boolean }, prefix: string): { text: string; end: number; closed: boolean } | undefined {
  if (value.text.trimStart().startsWith(CDATA_OPEN)) return value;
  const nextAt = Math.min(...PARAMETER_ELEMENTS.map((element) => value.text.indexOf(`<${prefix}${element}`)).filter((at) => at >= 0));
  if (nextAt === Infinity || parameterOpen(body, start + nextAt, prefix, false) === undefined) return value;
  if (!isBarred(prefix)) return undefined;
  const text = valueBeforeNextKey(value.text, nextAt, holdsPrefixedTag(prefix));
  return text === undefined ? undefined : { text, end: start + nextAt, closed: false };
}

/** The parameters of one call body, and those marked `string="false"` (JSON); `undefined` when its markup is broken. */
function readParameters(
  body: string,
  prefix: string,
  lost: boolean,
  lastMayBeOpen = true,
  framed = false,
): { params: [string, string][]; jsonKeys: Set<string>; textKeys: Set<string>; padded: string[]; paramTags: boolean } | undefined {
  const params: [string, string][] = [];
  let paramTags = false;
  const jsonKeys = new Set<string>();
  const textKeys = new Set<string>();
  const padded: string[] = [];
  let position = skipWhitespace(body, 0);
  while (position < body.length) {
    const open = parameterOpen(body, position, prefix, lost);
    if (open === undefined || params.length >= MAX_PARAMETERS) return undefined;
    if (open.endsWith(`<${prefix}${MINICPM_PARAMETER}`)) paramTags = true;
    // DSML, GCML and Seed say whether the value is a string: `string="false"` marks JSON (`"hello"` is `hello`, `null` is null).
    const tag = tagAttributes(body, position + open.length, PARAMETER_ATTRIBUTES, lost);
    const name = tag?.values.get("name");
    const flag = tag?.values.get("string");
    // The flag is markup dropped with the call: a value other than true or false would be words lost.
    if (tag === undefined || name === undefined || name === "" || /[<>]/.test(name) || (flag !== undefined && flag !== "true" && flag !== "false")) return undefined;
    const close = `</${open.slice(1)}>`;
    const written = parameterValue(body, tag.end + 1, close, prefix, lost) ?? (lastMayBeOpen ? lastValueUnclosed(body, tag.end + 1, prefix, framed) : undefined);
    const value = written === undefined ? undefined : valueBeforeNextParameter(body, tag.end + 1, written, prefix);
    if (value === undefined) return undefined;
    // MiniMax's and DeepSeek's parsers trim a value, their templates write it inline; Claude's namespaced markup keeps it (see value-edges.ts).
    if ((prefix === "" || isBarred(prefix)) && paddedLine(value.text)) padded.push(name);
    params.push([name, value.text]);
    if (flag === "false") jsonKeys.add(name);
    if (flag === "true") textKeys.add(name);
    position = skipWhitespace(body, value.end + (value.closed ? close.length : 0));
  }
  return { params, jsonKeys, textKeys, padded, paramTags };
}

/** The call element at `start` (on `<`): its call and where it ends; `lost`: its tags may have lost their spaces (MiniCPM). */
function callAt(content: string, start: number, open: string, lost: boolean): { call: RawCall; end: number } | undefined {
  const name = attribute(content, start + open.length, nameAttribute(open), lost);
  if (name === undefined || !TOOL_NAME.test(name.value)) return undefined;
  // The call's own id after its name (`<invoke name="f" call_id="1">`) holds no argument; any other attribute may.
  const idEnd = ID_ATTRIBUTES.map((key) => attribute(content, name.end, key)).find((id) => id !== undefined)?.end ?? name.end;
  const tagEnd = skipWhitespace(content, idEnd);
  // A call without arguments written self-closing, as DeepSeek's DSML template writes one: `<｜DSML｜invoke name="submit"/>`.
  if (content[tagEnd] === "/" && content[tagEnd + 1] === ">") return { call: { name: name.value, arguments: { kind: "params", params: [] } }, end: tagEnd + 2 };
  if (content[tagEnd] !== ">") return undefined;
  const close = `</${open.slice(1)}>`;
  const element = CALL_ELEMENTS.find((candidate) => open.endsWith(candidate)) ?? "";
  const prefix = open.slice(1, open.length - element.length);
  // A closer inside a CDATA section of a value is the value's text (`<![CDATA[see </invoke>]]>`).
  const firstOwn = indexOutsideCdata(content, close, tagEnd);
  // The closer inside one of the values closes nothing (see closer-in-invoke-parameter.ts).
  const own = firstOwn < 0 ? firstOwn : (invokeCloseAfterValue(content, tagEnd + 1, firstOwn, close, prefix, open) ?? firstOwn);
  const wrapperEnds = isBarred(prefix) ? dsmlWrapperEnds(prefix) : openWrapperEnds(content, start);
  const leftOut = wrapperEnds.length > 0 ? invokeEndLeftOut(content, tagEnd, prefix, element, wrapperEnds) : -1;
  // DeepSeek V4 and MiniMax M2 may leave the invoke's closer out before the next invoke or the wrapper's closer.
  const closed = own >= 0 && (leftOut < 0 || own < leftOut);
  const closeAt = closed ? own : leftOut;
  if (closeAt < 0) return undefined;
  const end = closed ? closeAt + close.length : closeAt;
  const body = content.slice(tagEnd + 1, closeAt).trim();
  // Hermes-style models put the JSON arguments inside the element instead: `<function name="f">{"a": 1}</function>`.
  if (body.startsWith("{")) {
    return findJsonEnd(body, 0) === body.length ? { call: { name: name.value, arguments: { kind: "text", text: body } }, end } : undefined;
  }
  const [wrapOpen, wrapClose] = ARGUMENTS_WRAPPER;
  const inner = body.startsWith(wrapOpen) && body.endsWith(wrapClose) ? body.slice(wrapOpen.length, -wrapClose.length) : content.slice(tagEnd + 1, closeAt);
  // With the invoke's closer left out, its last parameter must be closed: two closers missing leave where the call ends a guess.
  const framed = prefix === STEP3_PREFIX ? content.lastIndexOf(STEP3_TOKENS.callBegin, start) >= 0 : openWrapperEnds(content, start).length > 0;
  const read = readParameters(inner, prefix, lost, closed, framed);
  if (read === undefined || (!closed && read.params.length === 0)) return undefined;
  // A parameter written once per item is a list, for a property that takes one (`<parameter name="tag">a</parameter><parameter name="tag">b</parameter>`).
  const args: RawArguments = {
    kind: "params",
    params: read.params,
    repeatedAsList: true,
    ...(read.paramTags ? { quotedStringsDoubtful: true } : {}),
    ...(read.jsonKeys.size === 0 ? {} : { jsonKeys: read.jsonKeys }),
    ...(read.textKeys.size === 0 ? {} : { textKeys: read.textKeys }),
    // A string padded on both sides reads two ways; a number or a boolean there is typed all the same.
    ...(read.padded.length === 0 ? {} : { openText: read.padded }),
  };
  return { call: { name: name.value, arguments: args }, end };
}

/** The closers of DSML's (or GCML's) wrappers under `prefix`, any of the family's names. */
const dsmlWrapperEnds = (prefix: string): string[] => [...new Set([prefix, prefix.trimEnd()])].flatMap((each) => DSML_WRAPPER_NAMES.map((name) => `</${each}${name}>`));

/**
 * The closer of the unbarred wrapper open around the call at `start` (`<minimax:tool_call>`, `<function_calls>`, …):
 * markup that only follows a finished call, so it ends a call whose own closer was left out. With no wrapper opened
 * before the call, a wrapper's closer after it (its opener lost) ends it as well. None otherwise.
 */
function openWrapperEnds(content: string, start: number): string[] {
  const before = content.slice(0, start);
  const wrappers = INVOKE_WRAPPERS.filter((wrapper) => !isBarred(wrapper));
  const open = wrappers.filter((wrapper) => before.lastIndexOf(`<${wrapper}>`) > before.lastIndexOf(`</${wrapper}>`));
  if (open.length > 0 || wrappers.some((wrapper) => before.includes(`<${wrapper}>`))) return open.map((wrapper) => `</${wrapper}>`);
  // The wrapper's opener lost, no wrapper before the call at all: its closer after the call still only follows a finished one.
  return wrappers.map((wrapper) => `</${wrapper}>`).filter((closer) => content.includes(closer, start));
}

/**
 * Where an invoke whose closer the model left out ends: at the next invoke
 * of its prefix or the closer of its wrapper (`wrapperEnds`), whichever comes
 * first; -1 when neither follows.
 */
function invokeEndLeftOut(content: string, from: number, prefix: string, element: string, wrapperEnds: readonly string[]): number {
  const markers = [`<${prefix}${element} `, ...wrapperEnds];
  // One inside a value that goes on and closes is the value's text (see closer-in-invoke-parameter.ts).
  for (let search = from, tried = 0; tried < MAX_CLOSERS; tried++) {
    let at = Infinity;
    let length = 0;
    for (const marker of markers) {
      const found = indexOutsideCdata(content, marker, search);
      if (found >= 0 && found < at) [at, length] = [found, marker.length];
    }
    if (at === Infinity) return -1;
    if (!insideParameterValue(content, from, at, length, prefix)) return at;
    search = at + length;
  }
  return -1;
}

/**
 * Step3's tokens around its calls, as spans: the call tokens, and the header
 * Step3 may write before an invoke (`function<｜tool_sep｜>edit_file`), whose
 * name must be the invoke's. `undefined` when a header is something else.
 */
function step3Spans(content: string, calls: readonly RawCall[], starts: readonly number[]): [number, number][] | undefined {
  const spans: [number, number][] = [];
  for (const [index, start] of starts.entries()) {
    const beginAt = content.lastIndexOf(STEP3_TOKENS.callBegin, start);
    const previousEnd = index === 0 ? -1 : content.lastIndexOf("</steptml:invoke>", start);
    if (beginAt < 0 || beginAt < previousEnd) continue;
    const header = content.slice(beginAt + STEP3_TOKENS.callBegin.length, start);
    const named = /^\s*(?:function<｜tool_sep｜>\s*(?:([\w.:-]+)\s*)?)?$/.exec(header);
    if (named === null || (named[1] !== undefined && named[1] !== "" && named[1] !== calls[index]!.name)) return undefined;
    spans.push([beginAt, start]);
  }
  for (const token of Object.values(STEP3_TOKENS)) {
    for (let at = content.indexOf(token); at >= 0; at = content.indexOf(token, at + 1)) spans.push([at, at + token.length]);
  }
  return spans;
}

/** A namespace prefix, `word:`: Claude's `antml:`, Step3's `steptml:`, ATEM's `atem:`, or any other. */
const NAMESPACE = "[A-Za-z][\\w-]{0,31}:";
/**
 * DSML's prefix (or GigaChat's GCML), its bars written `｜`, `|` or `‖`, one
 * or two, a space after them or not; also with the bars lost on either side,
 * as DeepSeek's web model writes it (`<DSML｜invoke`, `<DSMLinvoke`).
 */
const DSML = "[｜|‖]{0,2}(?:DSML|GCML)[｜|‖]{0,2} ?";
/** The words between DSML's bars: DeepSeek's, and GigaChat 3.5's for the same markup. */
const BARRED_WORDS = ["DSML", "GCML"];
/** A prefixed call element's opening: a namespace on `invoke`, DSML's on any call element. */
const PREFIXED_OPEN = new RegExp(`<(?:(${NAMESPACE})(invoke) (name) ?=|(${DSML})(invoke|function|call_record) (name|tool) ?=)`, "gu");
/** Markup of the family with a prefix; one left outside the calls read (a closer whose prefix differs) makes the reading doubtful. */
const PREFIXED_TAG = new RegExp(`</?(?:${NAMESPACE}|${DSML})(?:function_calls|tool_calls|invoke|parameter)\\b`, "gu");
/** The wrappers a prefix adds: `<function_calls>`, `<|DSML|tool_calls>`. */
const WRAPPER_NAMES = { namespace: ["function_calls", "tool_calls"], dsml: DSML_WRAPPER_NAMES };

/** The opening of the content's call elements: unprefixed ones first (as MiniMax and Claude write them), else the first prefixed one. */
function callOpen(content: string): string | undefined {
  const plain = CALL_ELEMENTS.map((element) => `<${element}`).find((open) => [" ", ...LOST_SPACES].some((gap) => EQUALS.some((equals) => content.includes(`${open}${gap}${nameAttribute(open)}${equals}`))));
  if (plain !== undefined) return plain;
  for (const found of content.matchAll(PREFIXED_OPEN)) {
    const [prefix, element, name] = found[1] === undefined ? [found[4]!, found[5]!, found[6]!] : [found[1], found[2]!, found[3]!];
    if (name === nameAttribute(element)) return `<${prefix}${element}`;
  }
  return undefined;
}

/** The wrapper tokens stripped with the calls; DSML's opening also with a stray bar before its `>`, or its `>` lost before the line's end. */
function wrapperTokens(prefix: string): string[] {
  const own = prefix === "" ? [] : (prefix.endsWith(":") ? WRAPPER_NAMES.namespace : WRAPPER_NAMES.dsml).map((name) => `${prefix}${name}`);
  return [...new Set([...INVOKE_WRAPPERS, ...OTHER_WRAPPERS, ...own])].flatMap((wrapper) => [`<${wrapper}>`, `</${wrapper}>`, ...(BARRED_WORDS.some((word) => wrapper.includes(word)) ? [`<${wrapper}|>`, `<${wrapper}｜>`, `<${wrapper}\n`, `<${wrapper} >`] : [])]);
}

/** Every call element of the content (a wrapper's tokens go with them); `undefined` when one is broken. */
export function detectInvokes(content: string): Detection | undefined {
  const open = callOpen(content);
  if (open === undefined) return detectWrappedJson(content);
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  const lost = CALL_ELEMENTS.includes(open.slice(1));
  const heads = (lost ? [" ", ...LOST_SPACES] : [" "]).flatMap((gap) => EQUALS.map((equals) => `${open}${gap}${nameAttribute(open)}${equals}`));
  // Markup written inside a CDATA section is the section's text: no call starts or ends there.
  const nextHead = (from: number): number => Math.min(...heads.map((head) => indexOutsideCdata(content, head, from)).map((at) => (at < 0 ? Infinity : at)));
  for (let start = nextHead(0); start !== Infinity && calls.length <= MAX_CALLS; start = nextHead(start + 1)) {
    const found = callAt(content, start, open, lost);
    if (found === undefined) return undefined;
    calls.push(found.call);
    spans.push([start, found.end]);
  }
  if (open === STEP3_INVOKE) {
    const step3 = step3Spans(content, calls, spans.map(([start]) => start));
    if (step3 === undefined) return undefined;
    spans.push(...step3);
  }
  const element = CALL_ELEMENTS.find((candidate) => open.endsWith(candidate)) ?? "";
  for (const token of wrapperTokens(open.slice(1, open.length - element.length))) {
    for (let at = indexOutsideCdata(content, token, 0); at >= 0; at = indexOutsideCdata(content, token, at + 1)) spans.push([at, at + token.length]);
  }
  const inSpan = (at: number): boolean => spans.some(([start, end]) => at >= start && at < end);
  if ([...content.matchAll(PREFIXED_TAG)].some((tag) => !inSpan(tag.index))) return undefined;
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}

/** `<function_calls>` (or a namespaced one) holding JSON calls instead of invokes. */
const JSON_WRAPPER = new RegExp(`<((?:${NAMESPACE})?function_calls)>`, "u");

/**
 * A block's calls: JSON calls, or (OLMo 3's format) Python calls one a line,
 * `get_time(tz="UTC")`, read as a ```tool_code block's are.
 */
function wrappedPayload(upToClose: string, bodyStart: number): { calls: RawCall[]; end: number } | undefined {
  if (/^[{[]/.test(upToClose[bodyStart] ?? "")) return payloadAt(upToClose, bodyStart);
  if (!/[A-Za-z_]/.test(upToClose[bodyStart] ?? "")) return undefined;
  const calls = readCodeCalls(upToClose.slice(bodyStart), false);
  return calls === undefined ? undefined : { calls, end: upToClose.length };
}

/**
 * Every such block of the content, each its own span (prose between two is judged as any format's, see
 * `call-groups.ts`); `undefined` when one holds anything but calls.
 */
function detectWrappedJson(content: string): Detection | undefined {
  const found = JSON_WRAPPER.exec(content);
  if (found === null) return undefined;
  const [open, close] = [found[0], `</${found[1]!}>`];
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  for (let start = content.indexOf(open); start >= 0 && calls.length <= MAX_CALLS; start = content.indexOf(open, start + 1)) {
    const bodyStart = skipWhitespace(content, start + open.length);
    const reads = (at: number) => wrappedPayload(content.slice(0, at), bodyStart);
    const readsWhole = (at: number): boolean => {
      const read = reads(at);
      return read !== undefined && skipWhitespace(content, read.end) === at;
    };
    // The closer inside one of the calls' strings closes nothing (see closer-after-block-calls.ts).
    const closeAt = closerAfterBlockCalls(content, bodyStart, open, close, readsWhole) ?? content.indexOf(close, bodyStart);
    const payload = closeAt < 0 ? undefined : reads(closeAt);
    if (payload === undefined || skipWhitespace(content, payload.end) !== closeAt) return undefined;
    calls.push(...payload.calls);
    spans.push([start, closeAt + close.length]);
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}

/** What a prefix may open, by its kind: the stream holds these back. */
const OPENED = {
  namespace: ["invoke name=", ...WRAPPER_NAMES.namespace.map((name) => `${name}>`)],
  dsml: [...["invoke name", "function name", "call_record tool"].flatMap((head) => EQUALS.map((equals) => `${head}${equals}`)), ...WRAPPER_NAMES.dsml.flatMap((name) => [`${name}>`, `${name}|>`, `${name}｜>`, `${name}\n`, `${name} >`])],
};
const BAR = /[｜|‖]/u;
/**
 * Padding a DSML prefix may carry between its `<`, bars and word (`<｜▁｜▁DSML▁｜▁｜ invoke`, `< | DSML | invoke`):
 * a space, SentencePiece's `▁` that a server decoding the tokens one by one leaves, zero-width characters. At most
 * `MAX_PREFIX_PAD` in one gap. See `padded-dsml.ts`, which reads the calls of such markup.
 */
export const PREFIX_PADS = " ▁\u200b\u200c\u200d\u2060\ufeff";
export const MAX_PREFIX_PAD = 2;
const PAD_CHARS = new Set(PREFIX_PADS);

/** Past at most `MAX_PREFIX_PAD` padding characters from `at`. */
function skipPads(text: string, at: number): number {
  let end = at;
  while (end < text.length && end - at < MAX_PREFIX_PAD && PAD_CHARS.has(text[end]!)) end++;
  return end;
}

/** The prefix at `from` (after `<`): its text and kind, `"wait"` when the text ends inside it, else `"no"`. */
function readPrefix(text: string, from: number): { prefix: string; kind: "namespace" | "dsml" } | "wait" | "no" {
  // Padding right after `<` only before DSML's bars or word (`< | DSML | invoke`).
  const start = skipPads(text, from);
  if (start >= text.length) return "wait";
  // The word with its leading bars lost (`<DSML｜invoke`, `<DSMLinvoke`).
  const bare = BARRED_WORDS.map((word) => markerAt(text, start, word));
  if (bare.includes("yes")) return barredPrefix(text, from, start);
  if (bare.includes("wait")) return "wait";
  if (start > from && !BAR.test(text[start]!)) return "no";
  if (/[A-Za-z]/.test(text[from] ?? "")) {
    let end = from + 1;
    while (end < text.length && end - from < 32 && /[\w-]/.test(text[end]!)) end++;
    if (end >= text.length) return "wait";
    return text[end] === ":" ? { prefix: text.slice(from, end + 1), kind: "namespace" } : "no";
  }
  const barsEnd = bars(text, start);
  if (barsEnd === start) return "no";
  const dsmlAt = skipPads(text, barsEnd);
  if (dsmlAt >= text.length) return "wait";
  const words = BARRED_WORDS.map((word) => markerAt(text, dsmlAt, word));
  if (!words.includes("yes")) return words.includes("wait") ? "wait" : "no";
  return barredPrefix(text, from, dsmlAt);
}

/** Where a run of at most two bars from `at` ends, padding between them (not after the last). */
function bars(text: string, at: number): number {
  let end = at;
  for (let count = 0; count < 2; count++) {
    const next = count === 0 ? end : skipPads(text, end);
    if (next >= text.length || !BAR.test(text[next]!)) break;
    end = next + 1;
  }
  return end;
}

/** A DSML-style prefix from `from` whose word starts at `wordAt`: the bars after the word (none or up to two), then a space or not. */
function barredPrefix(text: string, from: number, wordAt: number): { prefix: string; kind: "dsml" } | "wait" {
  const wordEnd = wordAt + 4;
  const padded = skipPads(text, wordEnd);
  // Padding after the word belongs to the prefix only before a bar (`DSML▁｜`); else it is the space before the element.
  if (padded >= text.length) return "wait";
  const after = BAR.test(text[padded]!) ? bars(text, padded) : bars(text, wordEnd);
  // Padding up to the end of the text: another bar may still come.
  if (skipPads(text, after) >= text.length) return "wait";
  return { prefix: text.slice(from, text[after] === " " ? after + 1 : after), kind: "dsml" };
}

/**
 * A prefixed opening of the family at `at` (`<invoke name=`,
 * `<|DSML|function_calls|>`, any namespace or DSML spelling): where it ends
 * and the closer its block ends at; `"wait"` while the text may still become
 * one. The stream hold-back asks it for the openings no fixed marker spells.
 */
export function readPrefixedOpening(text: string, at: number): { after: number; prefix: string; closers: string[] } | "wait" | "no" {
  if (text[at] !== "<") return "no";
  if (at + 1 >= text.length) return "wait";
  const read = readPrefix(text, at + 1);
  if (typeof read === "string") return read;
  // Step3's invokes open at its call tokens, which are fixed markers (the header between is checked).
  if (`<${read.prefix}invoke` === STEP3_INVOKE) return "no";
  // A DSML prefix without its space may still get one.
  const from = at + 1 + read.prefix.length;
  if (from >= text.length) return "wait";
  let waiting = false;
  for (const opened of OPENED[read.kind]) {
    const found = markerAt(text, from, opened);
    if (found === "wait") waiting = true;
    if (found !== "yes") continue;
    const name = /^[\w]+/.exec(opened)![0];
    // A DSML wrapper may be closed under another of its names (`<｜DSML｜toolcalls>` … `</｜DSML｜tool_calls>`).
    const names = read.kind === "dsml" && WRAPPER_NAMES.dsml.includes(name) ? WRAPPER_NAMES.dsml : [name];
    const bare = read.prefix.trimEnd();
    return { after: from + opened.length, prefix: read.prefix, closers: [...new Set([read.prefix, bare].flatMap((prefix) => names.map((each) => `</${prefix}${each}>`)))] };
  }
  return waiting ? "wait" : "no";
}
