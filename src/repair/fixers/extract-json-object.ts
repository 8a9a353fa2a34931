// Calling the function with: {"a":1} → {"a":1}; {"a":1} This should work. → {"a":1}; Use `x[0]`: {"a":1} → {"a":1}; cb({"a":1}); → {"a":1}; Read {file}: {"a":1}. → {"a":1}; Here:\n{"a":1}\n``` → {"a":1}; [CONTENT] {"a":1} [/CONTENT] → {"a":1}; Use `{"a":1}`. → {"a":1}
import { parseJson } from "../../json.ts";
import { objectEnd } from "../json-tokens.ts";
import { blankBracketNotes, blankLabelTags, blankMarkdownLinks, blankProseBraces, blankSpans, type CodeSpan, codeSpans, hasLabelKey, holdsObject } from "../prose-code.ts";
import type { TextFixer } from "../types.ts";

/** A bracket or a key means the text around the object is more JSON, not prose. */
const JSON_LIKE_HEAD = /[{}[\]]|"\s*:/;
const JSON_LIKE_TAIL = /[{[]|"\s*:/;
/**
 * The object as a call's one argument (`cb(`, `json.dumps(`, `(`): a JSONP callback or call expression around the
 * arguments, its names those of code or of tools (`repo_browser.open-file(`: a tool's name may hold a hyphen).
 */
const CALL_OPEN = /^\s*(?:[\p{L}_$][\p{L}\p{N}_$-]*(?:\.[\p{L}_$][\p{L}\p{N}_$-]*)*\s*)?\(\s*$/u;
// `\s*;?\s*` would try every split of a long run of space: quadratic on hostile text.
const CALL_CLOSE = /^\s*\)\s*(?:;\s*)?$/;
/** A comma after the object, then a quote or a colon: more members (`}, "b": 2}`), not a sentence after it. */
const MEMBERS_AFTER = /^\s*,[^]*["':]/;
/** A closing fence alone after the object (its opening fence before the prose, or lost): syntax. */
const FENCE_AFTER = /^\s*(?:`{3,}|~{3,})\s*$/;
/** Code before the object (an assignment, a call, a fence naming a language other than JSON): the block is code, not prose around the arguments. */
const CODE_BEFORE = /[=();]|(?:`{3,}|~{3,})[ \t]*(?!json\b)[\w+-]/i;
/** A bare key and its colon ending the text after the object (`} key:`): a member whose value was cut, not prose. */
const KEY_AFTER = /^\s*[\p{L}_$][\p{L}\p{N}_$-]*\s*:\s*$/u;
/** A line that opens with a bare lowercase key and its colon (`date_id: 3`): a member written without braces, not prose. */
const KEY_LINE = /^[ \t]*[a-z_$][\w$-]*[ \t]*:/m;
/** The object as the value of a bare lowercase key on its line (`min_file: {`). */
const KEY_BEFORE = /(?:^|\n)[ \t]*[a-z_$][\w$-]*[ \t]*:[ \t]*$/;
/** A bare lowercase key and its colon, all the text before the object (`query_tab: {`). */
const KEY_ONLY = /^\s*[a-z_$][\w$-]*[ \t]*:\s*$/;
/** A bare lowercase key, its colon and a quote its line does not close before the brace (`tab: "{`, `tab: " {`): the brace is that string value's text. */
const QUOTED_VALUE_BEFORE = /(?:^|\n)[ \t]*[a-z_$][\w$-]*[ \t]*:[ \t]*(?:"(?:[^"\\\n]|\\.)*|'(?:[^'\\\n]|\\.)*)$/;
/** Only quotes and closers after the object, a closer among them: brackets and quotes typed once too often. */
const STRAY_CLOSERS_AFTER = /^[\s"']*[}\]][\s"'}\]]*$/;
/**
 * One JSON value of its own beside the object, nothing else (`{"a": 1} "Rome"`, `{"a": 1} true`, `null {"a": 1}`): the
 * text holds two top-level values, and which one the arguments are, or whether they were meant joined, is a guess.
 * A string or a literal word (JSON's or Python's); numbers and brackets are refused below as no prose.
 */
const LONE_VALUE_AFTER = /^\s*(?:"(?:[^"\\\n]|\\.)+"|true|false|null|True|False|None)\s*$/;
const LONE_LITERAL_BEFORE = /^\s*(?:true|false|null|True|False|None)\s*$/;
/** A sentence's end after the object: `… with {"a": 1}.` */
const SENTENCE_END = /^\s*[.!?]\s*$/;

/** The object's first brace and its end, and the text its surroundings are judged on. */
interface Found {
  readonly start: number;
  /** `undefined` when the object was cut. */
  readonly end: number | undefined;
  readonly around: string;
  /** `around` before the prose braces were blanked. */
  readonly code: string;
  /** The labels of asides looked past (see `blankProseBraces`). */
  readonly labels: readonly string[];
}

/** The first object of `around` (the text, its code maybe blanked out), ending where it ends in `text`. */
function objectIn(text: string, around: string): Found | undefined {
  const prose = blankProseBraces(blankLabelTags(blankBracketNotes(blankMarkdownLinks(around))));
  const start = prose.text.indexOf("{");
  return start === -1 ? undefined : { start, end: objectEnd(text, start), around: prose.text, code: around, labels: prose.labels };
}

/**
 * Code in the prose before the object (`x[0]`, a fenced example) is looked
 * past, unless it could be arguments itself. A block after it may be content
 * meant for it (a file to write), so that is never looked past.
 */
function locate(text: string): Found | undefined {
  const spans = codeSpans(text);
  const inline = spans === undefined ? undefined : inlineObject(text, spans);
  if (inline !== undefined) return inline;
  if (spans !== undefined && !spans.some(holdsObject)) {
    const found = objectIn(text, blankSpans(text, spans));
    const end = found?.end ?? text.length;
    // Backticks inside the object's strings are no code in prose: the text as it is.
    if (found !== undefined && !spans.some((span) => (span.end > found.start && span.start < end) || (span.block && span.start >= end))) return found;
  }
  return objectIn(text, text);
}

/**
 * The object as the one inline code span of a sentence (`` Use `{"a": 1}`. ``):
 * its backticks are syntax, the sentence around it prose. Other code before
 * it is looked past as above; a block after it is not.
 */
function inlineObject(text: string, spans: readonly CodeSpan[]): Found | undefined {
  const holding = spans.filter(holdsObject);
  const span = holding[0];
  if (holding.length !== 1 || span === undefined || span.block) return undefined;
  const body = span.body.trim();
  if (!body.startsWith("{") || objectEnd(body, 0) !== body.length) return undefined;
  if (spans.some((other) => other.block && other.start > span.start)) return undefined;
  const ticks = (span.end - span.start - span.body.length) / 2;
  const around = blankSpans(text, spans.filter((other) => other !== span));
  const unticked = around.slice(0, span.start) + " ".repeat(ticks) + around.slice(span.start + ticks, span.end - ticks) + " ".repeat(ticks) + around.slice(span.end);
  const found = objectIn(text, unticked);
  return found !== undefined && found.start > span.start && found.start < span.end ? found : undefined;
}

/**
 * The open object from `start` up to a closing fence that ends the text, when
 * no fence is inside the object's text; else `undefined`.
 */
function beforeClosingFence(text: string, start: number): string | undefined {
  const trimmed = text.trimEnd();
  const mark = trimmed.at(-1);
  if (mark !== "`" && mark !== "~") return undefined;
  let at = trimmed.length;
  while (at > 0 && trimmed[at - 1] === mark) at--;
  if (trimmed.length - at < 3 || trimmed.includes(mark.repeat(3), start) && trimmed.indexOf(mark.repeat(3), start) < at) return undefined;
  const body = trimmed.slice(start, at).trimEnd();
  return body.length > 1 ? body : undefined;
}

/**
 * The object between double quotes its own quotes were left unescaped in (`"{"a": 1}"`; the closing quote lost, or
 * a fence after it): JSON text put in a string without escaping, which no string reading undoes.
 */
export function objectInUnescapedQuotes(text: string): string | undefined {
  const start = /^\s*"(?=\{)/.exec(text)?.[0].length;
  const end = start === undefined ? undefined : objectEnd(text, start);
  if (end === undefined) return undefined;
  const tail = text.slice(end).replace(/^"/, "");
  // A string escaped as it should be (`"{'a': 1}"`) is the decoder's.
  return (tail.trim() === "" || FENCE_AFTER.test(tail)) && parseJson(text) === undefined ? text.slice(start, end) : undefined;
}

export const extractJsonObject: TextFixer = {
  name: "extract-json-object",
  purpose: "Take the single top-level JSON object out of prose before or after it (a closing fence alone after it included), looking past code shown in the prose before it (or the inline code the object is written in), braces that are no JSON (`{path}`, an aside), label tags (`[CONTENT]`), a log line's time stamp (`[12:00:01]`) and citation marks after a word (`see [1]`), or out of a call around it (`cb({...})`); quotes typed after it are dropped (not after an empty string that ends it: `{\"a\": \"\"}\"\"}` may hold a `}` in doubled quotes), closers typed after it left to `repair-json-syntax`; an object put between double quotes with its own quotes left unescaped (`\"{\"a\": 1}\"`, the closing quote lost or a fence after it) is that object.",
  class: "lossless",
  stage: "text",
  fix(text) {
    const quoted = objectInUnescapedQuotes(text);
    if (quoted !== undefined) return quoted;
    const found = locate(text);
    if (found === undefined) return undefined;
    const { start, end, around, code, labels } = found;
    const head = around.slice(0, start);
    if (JSON_LIKE_HEAD.test(head)) return undefined;
    // A fenced block after the object may be content meant for it (a file to write): never dropped.
    if (end !== undefined && codeSpans(text)?.some((span) => span.block && span.start >= end) === true) return undefined;
    // A cut object keeps its end: close-truncated decides what can be kept of it.
    const tail = end === undefined ? "" : around.slice(end);
    if (JSON_LIKE_TAIL.test(tail) || MEMBERS_AFTER.test(tail) || KEY_AFTER.test(tail)) return undefined;
    if (LONE_VALUE_AFTER.test(tail) || LONE_LITERAL_BEFORE.test(head)) return undefined;
    // `min_file: {…}` with another `key: value` line before or after it: members written without the root's braces
    // (Hjson, YAML), the object one member's value; taking it alone would drop the others.
    if (KEY_BEFORE.test(head) && (KEY_LINE.test(head.replace(KEY_BEFORE, "")) || KEY_LINE.test(tail))) return undefined;
    // `query_tab: {…}` alone: a label before the arguments, or the one member written without the root's braces; the
    // schema decides (see afterUndeclaredLabel; the parse families read the member where its key is declared).
    if (KEY_ONLY.test(head)) return undefined;
    // `tab: "{"`, `tab: " {"`, `query: 'see {x}'`: a member written without the root's braces, the brace inside its quoted
    // value; the object is text inside that string, taking it drops the member (the parse families read it).
    if (QUOTED_VALUE_BEFORE.test(head)) return undefined;
    // An object left open right before a closing fence (`{"a": "b"```): the fence ended the answer, not a cut.
    if (end === undefined && head.trim() === "") return beforeClosingFence(text, start);
    if (code.slice(0, start).trim() === "" && code.slice(end ?? code.length).trim() === "") return undefined;
    if (hasLabelKey(text.slice(start, end), labels)) return undefined;
    if (SENTENCE_END.test(tail)) return text.slice(start, end).trim();
    if (FENCE_AFTER.test(tail)) return CODE_BEFORE.test(head) ? undefined : text.slice(start, end).trim();
    // A JavaScript statement's `;` after the object, nothing else: syntax.
    if (/^\s*;\s*$/.test(tail)) return text.slice(start, end).trim();
    // An empty string closing the object right before quotes after it (`{"a": ""}""}`): doubled quotes around a value
    // that holds the closer (`""}""` is `}`), or stray ones: which, is a guess.
    if (end !== undefined && /""\s*$/.test(text.slice(start, end - 1)) && /^\s*"/.test(tail)) return undefined;
    // Stray quotes after it, none before (`{}""`): syntax. Quotes on both sides are a JSON string's.
    if (head.trim() === "" && /^[\s"']+$/.test(tail)) return text.slice(start, end).trim();
    // Stray quotes and closers after it (`{…}"}`), no quote right before it: the quotes go, the closers stay for
    // repair-json-syntax, which takes them as typed once too often only where no other closer could be the misplaced one.
    if (end !== undefined && STRAY_CLOSERS_AFTER.test(tail) && !/["']\s*$/.test(head)) {
      const kept = (text.slice(start, end) + tail.replace(/["'\s]/g, "")).trim();
      return kept === text ? undefined : kept;
    }
    // The call's `)` only after its opening `(`: another argument or a second call is not this.
    if (CALL_CLOSE.test(tail)) return CALL_OPEN.test(head) ? text.slice(start, end).trim() : undefined;
    // Prose after the object has a word in it and no closer: `}76304591e+144}`
    // is a value the object did not end at, stray closers are syntax.
    if (tail.trim() !== "" && (!/\p{L}{2}/u.test(tail) || /[}\]]/.test(tail))) return undefined;
    return end === undefined ? (beforeClosingFence(text, start) ?? text.slice(start).trim()) : text.slice(start, end).trim();
  },
};

/**
 * The text after a bare lowercase label and its colon (`args: {…}`) when the label is no key the root
 * declares: a label before the arguments, as prose would write it. A declared key makes the object
 * that member's value (`query_tab: {…}`), which the parse families read.
 */
export function afterUndeclaredLabel(text: string, declared: ReadonlySet<string>): string | undefined {
  const brace = text.indexOf("{");
  if (brace === -1 || !KEY_ONLY.test(text.slice(0, brace))) return undefined;
  const label = text.slice(0, brace).trim().slice(0, -1).trimEnd();
  if (declared.has(label)) return undefined;
  const rest = text.slice(brace);
  return extractJsonObject.fix(rest, {}) ?? rest;
}

