/**
 * A declared tool's name in call markup no reader knows: each model family
 * invents its own (`<|call_start|>name{…}<|call_end|>`, `--- CALL --- nc://name {…}`,
 * `[FN_REQUEST] name {…} [/FN_REQUEST]`), and a model served without its
 * parser writes it as text. Markup holding a known format's marker
 * (`<tool_call>`, `[TOOL_REQUEST]`) is that format's first: read here only where
 * its reader read no declared tool, and then only a declared name after it, never
 * a whole JSON call (that body is the format's). Read only when
 * nothing but markup frames the call: special tokens (`<|word|>`, `<word>`,
 * `</word>`, `[WORD]`, `<｜word｜>`, `<word:word>`), rules (`---`), a URI
 * scheme before the name (`nc://`), `:` `=` `|` and space, at most one word
 * that only says "call" or "arguments" (`function`, `args`, `json`; `to=`
 * naming the recipient); then one
 * JSON object (or one in parentheses) whose keys the tool declares, with the
 * types they take, or with no name in the markup a whole JSON call, or a JSON
 * list of whole calls (`<|FunctionCallBegin|>[{"name": …, "parameters": {…}}]`,
 * as Seed models write theirs); then only closing markup up to the line's end. Anything
 * else (a sentence word, an HTML tag, prose after the call on its line) and
 * it is text: the format is a guess, so the frame must leave no other reading.
 */
import type { ToolDefinition } from "../types.ts";
import { parseKeepingNumbers, isJsonObject } from "../../json.ts";
import { declaredProperties, shallowAccepts } from "../schema-shape.ts";
import { ownValue } from "../json-pointer.ts";
import { stripNamespaces } from "../name-resolution.ts";
import { MAX_CALLS, type Detection, type RawCall } from "./raw-call.ts";
import { BracketScanner, skipWhitespace } from "./scan.ts";
import { MARKERS } from "./call-markers.ts";
import { callsFromJson } from "./json-calls.ts";
import { endsWithReasoningClose } from "./foreign-fence.ts";

/** Sentence punctuation a call may follow on its line, glued (`Sure.<|call|>…`). */
const SENTENCE_ENDS = ".!?:;,。！？：；，";

/** The most characters of markup before the name, and between the name and its object. */
const MAX_HEAD = 160;
const MAX_BETWEEN = 64;
/** The longest special token (`<|tool_calls_section_begin|>` is 28). */
const MAX_TOKEN = 64;
/** The most line breaks the markup may hold before the object. */
const MAX_HEAD_BREAKS = 2;
/** The most closing tokens after the object. */
const MAX_CLOSERS = 8;

/** Characters a special token's inside may hold: no space, no quote, no bracket. */
const TOKEN_CHAR = /[\p{L}\p{N}_|｜▁:/.=!-]/u;
const LETTER = /\p{L}/u;
const LOWER = /\p{Ll}/u;
const WORD_CHAR = /[\w.-]/;
const NAME_START = /[A-Za-z_]/;
/** Lines of rule characters (`---`, `===`, `~~~`), three or more. */
const RULE_CHARS = "-=~";
/** Punctuation that sets markup apart (`:`, `=`, `|`, `->`, `=>`, `>>`). */
const PUNCTUATION = ":=|>";

/**
 * Tags of HTML and Markdown's inline markup: text around a call in one
 * (`<p>`, `<code>`) is a page or an example, never a call's frame.
 */
const HTML_TAGS = new Set(
  "a abbr b big blockquote body br caption cite code dd del details div dl dt em figcaption figure footer h1 h2 h3 h4 h5 h6 head header hr html i img ins kbd li main mark nav ol p pre q s samp section small span strong sub summary sup table tbody td tfoot th thead tr tt u ul var".split(" "),
);
/** Reasoning tags: what follows one is thought, read as reasoning elsewhere. */
const REASONING_TAGS = new Set(["think", "thinking", "thought", "reasoning", "analysis", "reflection"]);
/** Words that name an example in a tag (`<example>`, `<sample_output>`, `[TEMPLATE]`): what it frames is shown, not called. */
const EXAMPLE_WORD = /example|sample|demo|template|illustration|expected/;
/** The one word that may stand before the name: it says what follows is a call. */
const CALL_WORDS = new Set(["function", "call", "tool", "fn", "func", "invoke", "tool_call", "function_call", "toolcall", "tool_use", "action", "use"]);
/** The one word that may stand between the name and its object: it says the arguments follow. */
const ARGUMENT_WORDS = new Set(["args", "arguments", "json", "input", "params", "parameters"]);
/**
 * Words of a chat template's turns and a tool's results (`[INST]`, `<|im_start|>`, `<start_of_turn>`,
 * `<|observation|>`, `<tool_response>`, `[RESULT]`): what such a token frames is a turn or a result, not a call.
 * So do Gemma 4's channel tokens (`<|channel>thought…<channel|>`): after `<channel|>` the answer opens its line.
 */
const TURN_WORDS = new Set(["user", "system", "human", "inst", "sys", "im", "turn", "bos", "eos", "observation", "response", "result", "results", "output", "ipython", "channel"]);
const turnOrResult = (inner: string): boolean => inner.toLowerCase().split(/[^a-z]+/).some((piece) => TURN_WORDS.has(piece));

/**
 * Whether a known format's marker opens at `at` (`<tool_call>`, `[TOOL_CALLS]`, `<|python_tag|>`): the text
 * is read by that format's reader first (see `readCalls`), so here the marker may only frame a declared name.
 */
function knownMarkerAt(text: string, at: number): boolean {
  return MARKERS.some((marker) => text.startsWith(marker, at));
}

/** Words a closing token may hold: it ends the call or the turn. */
const END_WORDS = ["end", "eot", "eom", "stop", "done", "close", "finish", "return"];

type Read<T> = T | "wait" | "no";

interface Token {
  readonly end: number;
  /** What is between the brackets. */
  readonly inner: string;
  /** In angle brackets (`<…>`): an XML-style tag may be one. */
  readonly angle?: true;
}

/** A special token at `at` (`<…>` or `[…]`), or `no` when the bracket opens anything else. */
function readToken(text: string, at: number): Read<Token> {
  const close = text[at] === "<" ? ">" : "]";
  // A token in doubled angle brackets (`<<TOOL>>`, `<</TOOL>>`, as Llama 2's `<<SYS>>`): its inside between them.
  const doubled = close === ">" && text[at + 1] === "<";
  if (doubled && at + 2 >= text.length) return "wait";
  const from = doubled ? at + 2 : at + 1;
  for (let index = from; index < text.length; index++) {
    const char = text[index]!;
    if (char === close) {
      const inner = text.slice(from, index);
      if (!LETTER.test(inner) || !specialInside(inner, close)) return "no";
      if (doubled) {
        if (index + 1 >= text.length) return "wait";
        return text[index + 1] === ">" ? { end: index + 2, inner } : "no";
      }
      return close === ">" ? { end: index + 1, inner, angle: true } : { end: index + 1, inner };
    }
    if (index - at > MAX_TOKEN || !TOKEN_CHAR.test(char)) return "no";
  }
  return text.length - at > MAX_TOKEN ? "no" : "wait";
}

/**
 * Whether a token's inside reads as call markup: not an HTML tag, not a
 * reasoning tag; in square brackets, no lowercase word alone (`[x]`, `[note]`
 * are a checkbox and a label), only upper case or words joined by `_` `|` `:` `/`.
 */
function specialInside(inner: string, close: string): boolean {
  const bare = inner.replace(/^[/|｜!]+|[/|｜]+$/g, "").toLowerCase();
  if (HTML_TAGS.has(bare) || REASONING_TAGS.has(bare) || EXAMPLE_WORD.test(bare)) return false;
  if (close === ">") return true;
  return !LOWER.test(inner) || /[_|:/]/.test(inner);
}

/**
 * The declared tool a token's last piece names (`<|get_weather|>`, `<tool:get_weather>`, `<invoke=get_weather>`).
 * A name alone in brackets (`[get_weather]`, `<get_weather>`) is another format's (LM Studio's, Cline's) or a label.
 */
function nameInToken(inner: string, names: readonly string[]): string | undefined {
  if (!/[|｜:=/▁]/.test(inner)) return undefined;
  const pieces = inner.split(/[|｜:=/▁]/).filter((piece) => piece !== "");
  const last = pieces.at(-1);
  return last !== undefined && names.includes(last) ? last : undefined;
}

/** A word (or a namespaced name) at `at`: its end; `wait` while the text ends inside it. */
function wordEnd(text: string, at: number): Read<number> {
  let end = at;
  while (end < text.length && end - at <= 128 && WORD_CHAR.test(text[end]!)) end++;
  if (end - at > 128) return "no";
  if (end >= text.length) return "wait";
  // A rule glued to the word (`function---`), or a sentence's period, is not part of it: no name ends so.
  while (end > at + 1 && (text[end - 1] === "-" || text[end - 1] === ".")) end--;
  return end;
}

/** The declared tool a written name is: itself, or under a namespace (`functions.get_weather`). */
function declaredName(written: string, names: readonly string[]): string | undefined {
  if (names.includes(written)) return written;
  const stripped = stripNamespaces(written);
  return stripped !== written && names.includes(stripped) ? stripped : undefined;
}

export interface GenericHead {
  readonly name: string;
  /** XML-style tags the markup opened and did not close before the object (`<tool_use>`, `<arguments>`). */
  readonly openTags: readonly string[];
  /** Where the object's `{` is. */
  readonly open: number;
  /** The object is in parentheses: `)` must follow it. */
  readonly parens: boolean;
  /** No name in the markup: the object is a whole JSON call naming the tool itself (`<call>{"name": …, "arguments": {…}}</call>`). */
  readonly envelope?: true;
  /** With `envelope`: a JSON list of whole calls, each naming its tool (`<|FunctionCallBegin|>[{…}, {…}]`); `open` is its `[`. */
  readonly list?: true;
}

/**
 * The markup, the declared name and what stands before its object, from
 * `at`: the head of a call in unknown markup. `wait` while more text could
 * still make one; `no` as soon as it cannot.
 */
export function readGenericHead(text: string, at: number, names: readonly string[]): Read<GenericHead> {
  let index = at;
  let markup = 0;
  let words = 0;
  let breaks = 0;
  let afterToken = false;
  /** The token just read is a declared tool's name alone (`[get_weather]`, `<get_weather>`). */
  let namedAlone = false;
  /**
   * A known format's marker opened the markup (`<tool_call>`, `[TOOL_REQUEST]`, `<|function_call|>`): its
   * reader read nothing there, so its own body is not what follows. Only a declared name then its
   * object may: not a whole JSON call (that body is the format's, its reader's refusal stands).
   */
  let known = false;
  /** The rule character of the token just read: a word then a run of it frames the word as a rule does (`=====  sep ==`). */
  let ruleChar: string | undefined;
  const tags: string[] = [];
  while (index - at <= MAX_HEAD) {
    if (index >= text.length) return "wait";
    const char = text[index]!;
    if (char === " " || char === "\t") {
      index++;
      continue;
    }
    if (char === "\n" || char === "\r") {
      if (markup === 0 || (char === "\n" && ++breaks > MAX_HEAD_BREAKS)) return "no";
      index++;
      continue;
    }
    // Markup then an object at once: a whole JSON call, its name inside it, is the frame's call (the object decides).
    // Not after a declared name alone in brackets (`[get_weather]`): that is LM Studio's head or a label, not markup.
    if (char === "{" && markup > 0 && words === 0) return namedAlone || known ? "no" : { name: "", openTags: tags, open: index, parens: false, envelope: true };
    // Or a JSON list of whole calls at once (`[{"name": …}, …]`), each naming its tool: read only if every item is a call.
    if (char === "[" && markup > 0 && words === 0) {
      const item = skipWhitespace(text, index + 1);
      if (item >= text.length) return "wait";
      if (text[item] === "{") return namedAlone || known ? "no" : { name: "", openTags: tags, open: index, parens: false, envelope: true, list: true };
    }
    if (char === "<" || char === "[") {
      const token = readToken(text, index);
      if (typeof token === "string") return token;
      if (turnOrResult(token.inner)) return "no";
      // A frame opens with an opener: a closing token first (`</thinker>`) ends something else.
      if (markup === 0 && closes(token.inner)) return "no";
      const marker = knownMarkerAt(text, index);
      known ||= marker;
      const named = marker ? undefined : nameInToken(token.inner, names);
      if (named !== undefined) return readBetween(text, token.end, named, tags);
      namedAlone = declaredName(token.inner, names) !== undefined;
      trackTag(tags, token);
      markup++;
      afterToken = true;
      ruleChar = undefined;
      index = token.end;
      continue;
    }
    if (RULE_CHARS.includes(char)) {
      const rule = readRule(text, index);
      if (rule === "wait") return "wait";
      if (rule === "no") {
        // A dash or two after markup (`->`, `=`) sets apart as punctuation does; alone, it opens a list item.
        if (markup === 0 || char === "~") return "no";
        while (text[index] === char) index++;
        continue;
      }
      if (turnOrResult(rule.inner)) return "no";
      const named = nameInToken(rule.inner, names);
      if (named !== undefined) return readBetween(text, rule.end, named, tags);
      markup++;
      afterToken = true;
      ruleChar = char;
      index = rule.end;
      continue;
    }
    if (PUNCTUATION.includes(char)) {
      if (markup === 0) return "no";
      index++;
      continue;
    }
    // A word first is prose (or a name alone, which other readers read): markup opens the call.
    if (!NAME_START.test(char) || markup === 0) return "no";
    const end = wordEnd(text, index);
    if (typeof end === "string") return end;
    const word = text.slice(index, end);
    // `nc://name`: a URI scheme before the name, markup on its own.
    if (text.startsWith("://", end) || (end + 3 > text.length && "://".startsWith(text.slice(end)))) {
      if (end + 3 > text.length) return "wait";
      const nameEnd = wordEnd(text, end + 3);
      if (typeof nameEnd === "string") return nameEnd;
      const name = declaredName(text.slice(end + 3, nameEnd), names);
      return name === undefined ? "no" : readBetween(text, nameEnd, name, tags);
    }
    const name = declaredName(word, names);
    if (name !== undefined) return readBetween(text, end, name, tags);
    if (ruleChar !== undefined) {
      let after = end;
      while (text[after] === " ") after++;
      const run = runEnd(text, after, ruleChar);
      if (run >= text.length) return "wait";
      if (run - after >= 2) {
        index = run;
        continue;
      }
    }
    ruleChar = undefined;
    // One word that says a call follows (`function`, `CALL` between rules), or `to=` naming the recipient
    // (`<|BEGIN_OF_FUNCTION_CALL|>to=name:`, as Functionary's first template writes it): more is a sentence.
    const recipient = word === "to" && text[end] === "=";
    const calls = recipient || CALL_WORDS.has(word.toLowerCase()) || (afterToken && !LOWER.test(word) && word.length >= 2);
    if (++words > 1 || !calls) return "no";
    afterToken = false;
    index = end;
  }
  return "no";
}

/** After the name: markup and at most one word that says the arguments follow, then `{` or `({`. */
function readBetween(text: string, from: number, name: string, tags: string[]): Read<GenericHead> {
  let index = from;
  let words = 0;
  let breaks = 0;
  while (index - from <= MAX_BETWEEN) {
    if (index >= text.length) return "wait";
    const char = text[index]!;
    if (char === "{") return { name, openTags: tags, open: index, parens: false };
    if (char === "(") {
      const open = skipWhitespace(text, index + 1);
      if (open >= text.length) return "wait";
      return text[open] === "{" ? { name, openTags: tags, open, parens: true } : "no";
    }
    if (char === " " || char === "\t" || char === "\r") {
      index++;
      continue;
    }
    if (char === "\n") {
      if (++breaks > MAX_HEAD_BREAKS) return "no";
      index++;
      continue;
    }
    if (char === "<" || char === "[") {
      const token = readToken(text, index);
      if (typeof token === "string") return token;
      if (turnOrResult(token.inner) || knownMarkerAt(text, index)) return "no";
      // A tag here only closes one the head opened (`<name>…</name>`); one it opens (`<args>`) sets apart, as a token does.
      if (token.inner.startsWith("/")) trackTag(tags, token);
      index = token.end;
      continue;
    }
    if (PUNCTUATION.includes(char) || char === "-") {
      index++;
      continue;
    }
    if (!NAME_START.test(char)) return "no";
    const end = wordEnd(text, index);
    if (typeof end === "string") return end;
    if (++words > 1 || !ARGUMENT_WORDS.has(text.slice(index, end).toLowerCase())) return "no";
    index = end;
  }
  return "no";
}

/** An XML-style tag's name (`tool_use` of `<tool_use>` or `</tool_use>`); `undefined` for other tokens (`<|call|>`). */
const XML_TAG = /^\/?([\p{L}_][\w.-]*)$/u;

/**
 * Opens a tag token's tag on `tags`, or closes the last one it names and the ones opened inside it: a token
 * that stands alone (`<sep>`, `<args>` between the name and its object) is never closed, and the element
 * around it closes it too.
 */
function trackTag(tags: string[], token: Token): void {
  if (token.angle !== true) return;
  const { inner } = token;
  const tag = XML_TAG.exec(inner)?.[1];
  if (tag === undefined) return;
  if (!inner.startsWith("/")) tags.push(tag);
  else {
    const open = tags.lastIndexOf(tag);
    if (open >= 0) tags.length = open;
  }
}

/** Whether a token closes a call or a turn: `</…>`, `[/…]`, `<|/…|>`, or one holding an end word. */
function closes(inner: string): boolean {
  if (/^[|｜]?\//.test(inner)) return true;
  const pieces = inner.toLowerCase().split(/[^a-z]+/);
  return pieces.some((piece) => END_WORDS.includes(piece));
}

/** Where the run of `char` from `at` ends (bounded). */
function runEnd(text: string, at: number, char: string): number {
  let end = at;
  while (end < text.length && text[end] === char && end - at < MAX_TOKEN) end++;
  return end;
}

/**
 * A rule at `at`: one word framed by two runs of the same rule character
 * (`--- CALL ---`, `== sep ==`), the word its inside; or a run of three or
 * more alone (`---`), its inside empty.
 */
function readRule(text: string, at: number): Read<Token> {
  const char = text[at]!;
  const run = runEnd(text, at, char);
  if (run >= text.length) return "wait";
  const plain: Read<Token> = run - at >= 3 ? { end: run, inner: "" } : "no";
  if (run - at < 2) return plain;
  let index = run;
  while (text[index] === " ") index++;
  const wordStart = index;
  while (index < text.length && index - wordStart <= 32 && /\w/.test(text[index]!)) index++;
  if (index >= text.length) return "wait";
  const word = text.slice(wordStart, index);
  if (word === "" || index - wordStart > 32) return plain;
  while (text[index] === " ") index++;
  if (index >= text.length) return "wait";
  const close = runEnd(text, index, char);
  if (close >= text.length) return "wait";
  return close - index >= 2 ? { end: close, inner: word } : plain;
}

/** A rule (`---`, `--- END ---`) at `at`: its end, or -1; `wait` while the text ends in one. */
function ruleEnd(text: string, at: number): number | "wait" {
  const char = text[at];
  if (char === undefined || !RULE_CHARS.includes(char)) return -1;
  const rule = readRule(text, at);
  return typeof rule === "string" ? (rule === "wait" ? "wait" : -1) : rule.end;
}

/**
 * After the object (and its `)`): closing markup, then the line's end; on
 * the lines after, only lines of closing tokens or rules go with the call.
 * Another call's head may follow on the line (`{…}<|call|>b{…}`): the call
 * ends before it. The end of the call's markup; `wait` while the text ends
 * where more could decide (`final`: the text is whole, its end is the line's).
 */
export function readGenericTail(text: string, from: number, names: readonly string[], final: boolean): Read<number> {
  let index = from;
  let end = from;
  const tokenStarts: number[] = [];
  // The call's own line.
  for (;;) {
    while (text[index] === " " || text[index] === "\t") index++;
    if (index >= text.length) return final ? end : "wait";
    const char = text[index]!;
    if (char === "\n" || char === "\r") break;
    if (tokenStarts.length >= MAX_CLOSERS) return "no";
    if (char === "<" || char === "[") {
      const token = readToken(text, index);
      if (token === "wait") return final ? "no" : "wait";
      if (token === "no") return nextCallAt(text, tokenStarts, names, final);
      tokenStarts.push(index);
      index = end = token.end;
      continue;
    }
    const rule = ruleEnd(text, index);
    if (rule === "wait") return final ? "no" : "wait";
    if (rule < 0) return nextCallAt(text, tokenStarts, names, final);
    tokenStarts.push(index);
    index = end = rule;
  }
  // The lines after: closing tokens alone on theirs.
  for (let lines = 0; lines < MAX_CLOSERS; lines++) {
    let at = skipWhitespace(text, index);
    if (at >= text.length) return final ? end : "wait";
    let read = 0;
    while (at < text.length && text[at] !== "\n") {
      if (text[at] === " " || text[at] === "\t" || text[at] === "\r") {
        at++;
        continue;
      }
      const rule = RULE_CHARS.includes(text[at]!) ? readRule(text, at) : "no";
      if (rule === "wait") return final ? end : "wait";
      if (rule !== "no" && (rule.inner === "" || closes(rule.inner))) {
        at = rule.end;
        read++;
        continue;
      }
      if (text[at] !== "<" && text[at] !== "[") return end;
      const token = readToken(text, at);
      if (token === "wait") return final ? end : "wait";
      if (token === "no" || !closes(token.inner)) return end;
      at = token.end;
      read++;
    }
    if (at >= text.length && !final) return "wait";
    if (read === 0) return end;
    end = at;
    index = at;
  }
  return end;
}

/** Words after the object on its line: the call ends before a token that opens another call there, else it is prose. */
function nextCallAt(text: string, tokenStarts: readonly number[], names: readonly string[], final: boolean): Read<number> {
  for (const start of tokenStarts) {
    const head = readGenericHead(text, start, names);
    if (head === "wait") return final ? "no" : "wait";
    if (head !== "no") return start;
  }
  return "no";
}

/**
 * Whether `value` is arguments the tool takes: an object of properties it
 * declares, its required ones among them, each of a type (enum, const) its
 * schema admits. Read from a frame no format vouches for, the arguments
 * must say by themselves that they are this tool's.
 */
export function fitsTool(value: unknown, tool: ToolDefinition): boolean {
  if (!isJsonObject(value)) return false;
  const properties = declaredProperties(tool.parameters) ?? {};
  const required = ownValue(tool.parameters, "required");
  if (Array.isArray(required) && required.some((key) => typeof key !== "string" || !Object.hasOwn(value, key))) return false;
  return Object.entries(value).every(([key, member]) => Object.hasOwn(properties, key) && shallowAccepts(ownValue(properties, key), member) !== false);
}

/** The object at `open` and the end of its frame's own brackets (`)` after it when `parens`); `undefined` when it does not close or parse. */
function objectAt(text: string, head: GenericHead): { value: unknown; text: string; end: number } | undefined {
  const close = new BracketScanner().scan(text, head.open);
  if (close < 0) return undefined;
  let end = close;
  if (head.parens) {
    const paren = skipWhitespace(text, close);
    if (text[paren] !== ")") return undefined;
    end = paren + 1;
  }
  const written = text.slice(head.open, close);
  try {
    return { value: parseKeepingNumbers(written), text: written, end };
  } catch {
    // An apostrophe escaped as JavaScript and Python escape it (`\'`), which JSON does not: the apostrophe, one reading.
    const unescaped = written.replace(ESCAPED_APOSTROPHE, "$1'");
    if (unescaped === written) return undefined;
    try {
      return { value: parseKeepingNumbers(unescaped), text: unescaped, end };
    } catch {
      return undefined;
    }
  }
}

/** `\'` after an even run of backslashes (`\\'` is an escaped backslash, then a quote). */
const ESCAPED_APOSTROPHE = /(?<!\\)((?:\\\\)*)\\'/g;

/** The calls a list of whole JSON calls holds, each naming a declared tool with arguments it takes; `undefined` when one does not. */
function listedCalls(value: unknown, tools: readonly ToolDefinition[], names: readonly string[]): RawCall[] | undefined {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_CALLS) return undefined;
  const calls: RawCall[] = [];
  for (const item of value) {
    const enveloped = envelopedCall(item, names);
    const tool = tools.find((candidate) => candidate.name === enveloped?.name);
    if (enveloped === undefined || tool === undefined || !fitsTool(enveloped.args, tool)) return undefined;
    calls.push({ name: tool.name, arguments: { kind: "json", value: enveloped.args } });
  }
  return calls;
}

/** The calls in unknown markup at `start` (one, or a list's), and where their markup ends. */
function genericCallAt(content: string, start: number, tools: readonly ToolDefinition[], names: readonly string[]): { calls: RawCall[]; end: number; leftOpen: boolean } | undefined {
  const head = readGenericHead(content, start, names);
  if (typeof head === "string") return undefined;
  const object = objectAt(content, head);
  const calls = object === undefined ? undefined : callsOfHead(head, object, tools, names);
  if (object === undefined || calls === undefined) return undefined;
  // A line break after the whole text ends a token or a rule the text ends in.
  const end = readGenericTail(`${content}\n`, object.end, names, true);
  if (typeof end === "string") return undefined;
  const tags = [...head.openTags];
  for (const closer of content.slice(object.end, end).matchAll(/<(\/[\p{L}_][\w.-]*)>/gu)) trackTag(tags, { end: 0, inner: closer[1]!, angle: true });
  // A token that ends the call or the turn after the object (`<|end|>`, `[/CALL]`) closes its frame, whatever tag
  // opened it; an XML-style closer (`</arguments>`) closes only its own element, as tracked above.
  if (closingTokenIn(content, object.end, end)) tags.length = 0;
  return { calls, end: Math.min(end, content.length), leftOpen: tags.length > 0 };
}

/** The calls the value after a head holds: a list's, a whole call's, or the arguments of the name in the markup. */
function callsOfHead(head: GenericHead, object: { value: unknown; text: string }, tools: readonly ToolDefinition[], names: readonly string[]): RawCall[] | undefined {
  if (head.list === true) return listedCalls(object.value, tools, names);
  if (head.envelope !== true) {
    const tool = tools.find((candidate) => candidate.name === head.name);
    return tool !== undefined && fitsTool(object.value, tool) ? [{ name: head.name, arguments: { kind: "text", text: object.text } }] : undefined;
  }
  const enveloped = envelopedCall(object.value, names);
  const tool = tools.find((candidate) => candidate.name === enveloped?.name);
  return enveloped !== undefined && tool !== undefined && fitsTool(enveloped.args, tool) ? [{ name: tool.name, arguments: { kind: "json", value: enveloped.args } }] : undefined;
}

/** Whether a special token that ends a call or a turn (`<|end|>`, `<|/call|>`, `[/CALL]`), not an XML-style tag, stands between `from` and `end`. */
function closingTokenIn(content: string, from: number, end: number): boolean {
  for (let at = from; at < end; at++) {
    if (content[at] !== "<" && content[at] !== "[") continue;
    const token = readToken(content, at);
    if (typeof token === "string" || token.end > end) continue;
    if (closes(token.inner) && !(token.angle === true && XML_TAG.test(token.inner))) return true;
    at = token.end - 1;
  }
  return false;
}

/**
 * A whole JSON call (`{"name": …, "arguments": {…}}` and the other shapes a JSON call takes) naming a declared
 * tool, its arguments an object: the name and the arguments. Only the plain shapes: the arguments beside the
 * name, a thought beside the call or an id envelope leave the object more than one reading here.
 */
function envelopedCall(value: unknown, names: readonly string[]): { name: string; args: unknown } | undefined {
  const calls = callsFromJson(value);
  const call = calls?.length === 1 ? calls[0]! : undefined;
  if (call === undefined || call.arguments.kind !== "json" || call.argumentsBesideName !== undefined || call.envelopeKeys !== undefined || call.spoken !== undefined) return undefined;
  const name = declaredName(call.name, names);
  return name === undefined ? undefined : { name, args: call.arguments.value };
}

/**
 * Whether the text after the calls goes on in markup: a special token that neither closes them nor opens
 * another (`[RESULT] {…}`, `<|observation|>`). A frame no reader knows went on past what was read: a
 * transcript with the tool's turn, or more of the format than the reading understood.
 */
function markupGoesOn(content: string, at: number): boolean {
  const char = content[at];
  if (char === "<" || char === "[") {
    const token = readToken(`${content}\n`, at);
    return typeof token !== "string" && !closes(token.inner);
  }
  if (char === undefined || !RULE_CHARS.includes(char)) return false;
  const rule = readRule(`${content}\n`, at);
  return typeof rule !== "string" && rule.inner !== "" && !closes(rule.inner);
}

/**
 * Whether the token or rule the calls opened with (`<call>`, `[TOOL_REQUEST]`, `--- CALL ---`) stands again in
 * the text after them: a block of the same markup that did not read as a call (`Then <call> hello </call>`).
 * Either it is a call left out, and the turn's calls are read all or none, or the markup frames other things
 * too, and is no call's frame for sure.
 */
function openerAgain(content: string, first: number, after: number): boolean {
  const opener = RULE_CHARS.includes(content[first] ?? "") ? readRule(`${content}\n`, first) : readToken(`${content}\n`, first);
  return typeof opener !== "string" && content.includes(content.slice(first, opener.end), after);
}

/**
 * The calls in unknown markup that `content` opens with (space before it
 * aside), one after another with only space between them: a row of one
 * turn's calls. The text after them is the holdback's to read.
 */
export function detectGenericMarkup(content: string, tools: readonly ToolDefinition[]): Detection | undefined {
  const names = tools.map((tool) => tool.name);
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let leftOpen = false;
  let start = skipWhitespace(content, 0);
  while (start < content.length && calls.length < MAX_CALLS) {
    const found = genericCallAt(content, start, tools, names);
    if (found === undefined || calls.length + found.calls.length > MAX_CALLS) break;
    calls.push(...found.calls);
    spans.push([start, found.end]);
    leftOpen ||= found.leftOpen;
    start = skipWhitespace(content, found.end);
  }
  if (calls.length === 0 || markupGoesOn(content, start) || openerAgain(content, spans[0]![0], start)) return undefined;
  // An XML-style tag left open with text after the calls (`<tool_use>…{…}` then an answer): the frame never closed.
  return leftOpen && start < content.length ? undefined : { calls, spans };
}

/** Characters a call in unknown markup may open with: a bracket anywhere, a rule opening a line. */
export function mayOpenGeneric(char: string, midLine: boolean): boolean {
  if (char === "<" || char === "[") return true;
  return !midLine && RULE_CHARS.includes(char);
}

/**
 * A call in unknown markup from one position of a stream, read as the text
 * grows: `advance` is `true` while it may still be one (or is one). Its "no"
 * is final, and depends only on the text, however it was cut. Whether a
 * closed call is one is asked of `confirm` (the whole-text extraction).
 */
export class GenericOpening {
  readonly #names: readonly string[];
  readonly #confirm: (text: string, end: number) => boolean;
  #verdict: "maybe" | "no" | "call" = "maybe";
  #head: GenericHead | undefined;
  #scanner: BracketScanner | undefined;
  #scanAt = 0;
  #objectEnd: number | undefined;
  #end: number | undefined;

  constructor(names: readonly string[], confirm: (text: string, end: number) => boolean) {
    this.#names = names;
    this.#confirm = confirm;
  }

  get confirmed(): boolean {
    return this.#verdict === "call";
  }

  /** Where the confirmed call's markup ends; `undefined` before. */
  get end(): number | undefined {
    return this.#end;
  }

  advance(text: string): boolean {
    if (this.#verdict === "maybe") this.#verdict = this.#read(text);
    return this.#verdict !== "no";
  }

  #read(text: string): "maybe" | "no" | "call" {
    if (this.#head === undefined) {
      const head = readGenericHead(text, skipWhitespace(text, 0), this.#names);
      if (head === "wait") return "maybe";
      if (head === "no") return "no";
      this.#head = head;
      this.#scanner = new BracketScanner();
      this.#scanAt = head.open;
    }
    if (this.#objectEnd === undefined) {
      const close = this.#scanner!.scan(text, this.#scanAt);
      if (close < 0) {
        this.#scanAt = text.length;
        return "maybe";
      }
      // The scanner is done: an object closed twice is never scanned again.
      this.#scanAt = close;
      this.#objectEnd = close;
    }
    let end = this.#objectEnd;
    if (this.#head.parens) {
      const paren = skipWhitespace(text, end);
      if (paren >= text.length) return "maybe";
      if (text[paren] !== ")") return "no";
      end = paren + 1;
    }
    const tail = readGenericTail(text, end, this.#names, false);
    if (tail === "wait") return "maybe";
    if (tail === "no" || !this.#confirm(text, tail)) return "no";
    this.#end = tail;
    return "call";
  }
}

/**
 * Whether `before`, the text up to a call read in unknown markup, runs into it: a special token right before
 * it (space apart), or a word or a sign glued to it (`<function_call>function` before `<sep>name{…}`). The
 * frame began before the reading did (`<tool_use>` then `<name>x</name><arguments>{…}`), and the call read
 * from inside it is a piece of a frame that did not read whole. A reasoning's closing tag (`</think>`) ends
 * nothing of the call's.
 */
export function frameBegunBefore(before: string): boolean {
  const last = before.at(-1);
  if (last !== undefined && !/\s/.test(last) && !SENTENCE_ENDS.includes(last) && !endsWithReasoningClose(before)) return true;
  const trimmed = before.trimEnd();
  const close = trimmed.at(-1);
  if (close !== ">" && close !== "]") return false;
  const open = trimmed.lastIndexOf(close === ">" ? "<" : "[", trimmed.length - 1);
  if (open < 0 || trimmed.length - open > MAX_TOKEN + 2) return false;
  const token = readToken(trimmed, open);
  return typeof token !== "string" && token.end === trimmed.length;
}
