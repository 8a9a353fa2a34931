/**
 * Pythonic calls, as Llama 3.2/4 and LFM2 templates ask for them:
 * `[get_weather(city="Paris", days=3), get_time(tz='UTC')]`.
 * A small recursive-descent reader of Python literals, bounded in depth,
 * keyword arguments only (positional ones would need a guess at the names).
 *
 * A string ends at its first quote that what follows continues validly
 * (`, key=` or `)` in a call, `,` or the closer in a list); earlier quotes
 * are text the model left unescaped (`command='sed -n '1,5p' f.py'`), by
 * parse-inner-quotes' rule and with its refusals.
 */
import type { JsonObject } from "../../json.ts";
import { defineOwn } from "../json-pointer.ts";
import { decodePythonString } from "../parsers/parse-python-prefixes.ts";
import { doubledInWord, firstInnerCloses, strayItemAtEnd, unpairedQuotes } from "../parsers/read-string.ts";
import type { RawCall } from "./raw-call.ts";
import { MAX_CALLS } from "./raw-call.ts";
import { readObjectCallList } from "./object-call-list.ts";

const MAX_DEPTH = 32;

/**
 * How the text after a value continues it: `2` validly, to the end of what
 * is read; `1` up to a bare call's `)`, with other text after it (a caller
 * may take the call and leave that text); `0` not at all.
 */
type Follows = (at: number) => 0 | 1 | 2;

/** `name=` (not `==`): the next keyword argument. */
const KEYWORD = /^[A-Za-z_]\w{0,127}\s*=(?!=)/;
/** `, name='`: a keyword argument with a quoted value, inside a string read past its first quote. */
const SWALLOWED_KEYWORD = /,\s*[A-Za-z_]\w{0,127}\s*=\s*["']/;
/** `name:` (not `::`): the next argument of a call written `name(key: value)`. */
const COLON_KEYWORD = /^[A-Za-z_]\w{0,127}\s*:(?!:)/;
/**
 * Words that, unquoted after a key's colon, are a signature's type (`city: string`,
 * `path: Path`), not a value.
 */
const TYPE_WORDS = new Set(["string", "str", "int", "integer", "number", "float", "double", "bool", "boolean", "list", "array", "dict", "object", "any", "none", "null", "undefined", "void", "path", "date", "datetime", "text", "url", "uri", "email", "bytes", "tuple", "set", "optional", "union", "record"]);
/** What may open the next item of a list, tuple or set. */
const ITEM_START = /^(?:["'\d[{(+-]|[rRuUfF]{1,2}["']|(?:True|False|None|true|false|null)(?!\w))/;
/** The next call of a list: `name(` (a hyphen inside a name, as MCP tools are named: `get-weather(`). */
const NEXT_CALL = /^[A-Za-z_][\w.-]{0,127}\s*\(/;

/**
 * A number in a call's arguments whose spelling its value does not give back
 * (`02134`, `1.50`, `12345678901234567890`): a string property's value may be
 * the digits as written, so the arguments go on as JSON text holding them.
 */
class SpelledNumber {
  readonly text: string;
  readonly value: number;

  constructor(text: string, value: number) {
    this.text = text;
    this.value = value;
  }

  /** Told apart from the same value spelled otherwise, and from a string, when a set drops repeated items. */
  toJSON(): string {
    return `\u0000${this.text}`;
  }
}

/** The JSON text of `value`, each spelled number written as the model wrote it. */
function spelledJson(value: unknown): string {
  if (value instanceof SpelledNumber) return value.text;
  if (Array.isArray(value)) return `[${value.map(spelledJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${spelledJson(item)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function holdsSpelled(value: unknown): boolean {
  if (value instanceof SpelledNumber) return true;
  if (Array.isArray(value)) return value.some(holdsSpelled);
  return value !== null && typeof value === "object" && Object.values(value).some(holdsSpelled);
}

class PythonReader {
  readonly text: string;
  position: number;
  /** Inside a call's arguments: numbers keep a spelling their value does not give back. */
  keepSpellings = false;

  constructor(text: string, start: number) {
    this.text = text;
    this.position = start;
  }

  /** Past whitespace from `at`. */
  skip(at: number): number {
    let position = at;
    while (position < this.text.length && /\s/.test(this.text[position]!)) position++;
    return position;
  }

  skipSpace(): void {
    this.position = this.skip(this.position);
  }

  eat(char: string): boolean {
    this.skipSpace();
    if (this.text[this.position] !== char) return false;
    this.position++;
    return true;
  }

  /**
   * A key, or (`dotted`) a call's name: dots for `default_api.get_time`, and a hyphen between
   * word characters, as tool names are spelt (`get-weather`) though Python has none.
   */
  /**
   * Llama 3.1's `.call` after a built-in tool's name with space around its dot (`brave_search . call(…)`,
   * `brave_search. call(…)`), as Python reads it: the rest of the name, the position past it; `""` (the
   * position kept) when something else follows. `written` is the name read so far, its dot included if glued.
   */
  spacedCallSuffix(written: string): string {
    const start = this.position;
    // Spaces and tabs only: a line break there ends Python's statement.
    let dot = start;
    while (this.text[dot] === " " || this.text[dot] === "\t") dot++;
    const glued = written.endsWith(".");
    if (!glued && (this.text[dot] !== "." || dot === start)) return "";
    let word = glued ? start : dot + 1;
    while (this.text[word] === " " || this.text[word] === "\t") word++;
    if (!this.text.startsWith("call", word) || /\w/.test(this.text[word + 4] ?? "")) return "";
    this.position = word + 4;
    return glued ? "call" : ".call";
  }

  identifier(dotted: boolean): string | undefined {
    this.skipSpace();
    const start = this.position;
    const allowed = dotted ? /[\w.]/ : /\w/;
    while (this.position < this.text.length && this.position - start < 128) {
      const char = this.text[this.position]!;
      const hyphen = dotted && char === "-" && this.position > start && /\w/.test(this.text[this.position + 1] ?? "");
      if (!hyphen && !allowed.test(char)) break;
      this.position++;
    }
    const name = this.text.slice(start, this.position);
    return /^[A-Za-z_]/.test(name) ? name : undefined;
  }

  /** After a value in a call's arguments: `, key=` (`, key:` in a call written with colons), or `)` then what `after` accepts. */
  argumentFollows(after: Follows, keyword = KEYWORD): Follows {
    return (at) => {
      const next = this.skip(at);
      const char = this.text[next];
      if (char === ")") return after(next + 1);
      if (char !== ",") return 0;
      const item = this.skip(next + 1);
      if (this.text[item] === ")") return after(item + 1);
      return keyword.test(this.text.slice(item, item + 160)) ? 2 : 0;
    };
  }

  /**
   * An unquoted value after a key's colon (`get_weather(city: Antwerp)`), in
   * call markup only: words of letters (any script), digits, spaces, `.`, `_` and `-`, up to
   * the `,` or `)` that `follows` accepts; not a type's name (that is a signature).
   */
  colonWords(follows: Follows): { value: string } | undefined {
    this.skipSpace();
    const start = this.position;
    let end = start;
    while (end < this.text.length && end - start < 256 && /[\p{L}\p{N}_ .-]/u.test(this.text[end]!)) end++;
    const value = this.text.slice(start, end).trim();
    if (!/^\p{L}/u.test(value) || TYPE_WORDS.has(value.toLowerCase()) || follows(end) === 0) return undefined;
    this.position = end;
    return { value };
  }

  /** After an item of a list or tuple closed by `close`: `,` and an item, or the closer then what `after` accepts. */
  itemFollows(close: string, after: Follows): Follows {
    return (at) => {
      const next = this.skip(at);
      const char = this.text[next];
      if (char === close) return after(next + 1);
      if (char !== ",") return 0;
      const item = this.skip(next + 1);
      if (this.text[item] === close) return after(item + 1);
      return ITEM_START.test(this.text.slice(item, item + 8)) ? 2 : 0;
    };
  }

  /** After a dict's value: `,` and a quoted key, or `}` then what `after` accepts. */
  dictFollows(after: Follows): Follows {
    return (at) => {
      const next = this.skip(at);
      const char = this.text[next];
      if (char === "}") return after(next + 1);
      if (char !== ",") return 0;
      const key = this.skip(next + 1);
      if (this.text[key] === "}") return after(key + 1);
      return this.text[key] === '"' || this.text[key] === "'" ? 2 : 0;
    };
  }

  /** After a dict's key: its `:`. */
  readonly keyFollows: Follows = (at) => (this.text[this.skip(at)] === ":" ? 2 : 0);

  /**
   * The string opening here. It ends at its first quote that `follows`
   * accepts; with none, at its first quote, as Python reads it.
   */
  string(follows: Follows, raw = false): string | undefined {
    const open = this.position;
    const quote = this.text[open];
    if (quote !== '"' && quote !== "'") return undefined;
    if (this.text.startsWith(quote.repeat(3), open)) return this.tripleQuoted(quote, raw);
    let first = -1;
    let close = -1;
    // A quote whose call is followed by something else (`f(a='x') y')`) could end the string as well.
    let weakSkipped = false;
    // `\'` where the string could end: an escaped quote, or a backslash ending the string (`'C:\'`)?
    let escapedEnd = false;
    for (let at = open + 1; at < this.text.length; at++) {
      const char = this.text[at];
      if (char === "\\") {
        if (this.text[at + 1] === quote && follows(at + 2) === 2) escapedEnd = true;
        at++;
      } else if (char === quote) {
        if (first === -1) first = at;
        const verdict = follows(at + 1);
        if (verdict === 2) {
          close = at;
          break;
        }
        if (verdict === 1) weakSkipped = true;
      }
    }
    if (first === -1) return undefined;
    if (close === -1 || close === first) return this.finish(open, first, raw);
    const body = this.text.slice(open + 1, close);
    // Where the first quote is not the end, the same refusals as parse-inner-quotes': an unpaired quote,
    // `it''s`, a first inner quote that closes a word (`'a' 'b'`: two strings), an escaped quote that could end it,
    // a quoted item set apart at its end (`q="a", "b")`: a string with no keyword after the keyword's own).
    if (weakSkipped || escapedEnd || unpairedQuotes(body, quote) || doubledInWord(body, quote) || firstInnerCloses(body, quote) || strayItemAtEnd(body, quote)) return undefined;
    // `command=', cwd='/tmp')`: a value left at its opening quote, the string read over the next keyword argument.
    if (SWALLOWED_KEYWORD.test(body)) return undefined;
    // `'' 'x'`, `'a' "b"`: Python's strings in a row, joined (`x`), not quotes kept.
    if (/^\s*["']/.test(this.text.slice(first + 1, first + 65))) return undefined;
    return this.finish(open, close, raw);
  }

  /** `'''…'''`: Python ends it at the first unescaped triple quote. */
  tripleQuoted(quote: string, raw: boolean): string | undefined {
    const open = this.position;
    for (let at = open + 3; at < this.text.length; at++) {
      if (this.text[at] === "\\") at++;
      else if (this.text.startsWith(quote.repeat(3), at)) {
        const body = this.text.slice(open + 3, at);
        const value = raw ? body : decodePythonString(body);
        if (value !== undefined) this.position = at + 3;
        return value;
      }
    }
    return undefined;
  }

  /** The string from `open` to its closing quote at `close`, decoded unless `raw`; the reader goes past it. */
  finish(open: number, close: number, raw: boolean): string | undefined {
    const body = this.text.slice(open + 1, close);
    if (!raw && mixesEscapes(body)) return undefined;
    const value = raw ? body : decodePythonString(body);
    if (value !== undefined) this.position = close + 1;
    return value;
  }

  number(): number | SpelledNumber | undefined {
    const match = /^[-+]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.position, this.position + 64));
    if (match === null) return undefined;
    this.position += match[0].length;
    const value = Number(match[0]);
    if (!Number.isFinite(value)) return undefined;
    return this.keepSpellings && String(value) !== match[0] ? new SpelledNumber(match[0], value) : value;
  }

  /** A Python (or JSON) literal, `follows` judging what may come after it; `undefined` when there is none. */
  literal(depth: number, follows: Follows): { value: unknown } | undefined {
    if (depth > MAX_DEPTH) return undefined;
    this.skipSpace();
    const char = this.text[this.position];
    if (char === '"' || char === "'") {
      const value = this.string(follows);
      return value === undefined ? undefined : { value };
    }
    if (char === "[" || char === "(") return this.sequence(char === "[" ? "]" : ")", depth, follows);
    if (char === "{") return this.dictOrSet(depth, follows);
    if (char === "-" || char === "+" || (char !== undefined && char >= "0" && char <= "9")) {
      const value = this.number();
      return value === undefined ? undefined : { value };
    }
    const word = this.identifier(false);
    const next = this.text[this.position];
    if (word !== undefined && (next === "'" || next === '"')) return this.prefixed(word, follows);
    const constants: Record<string, unknown> = { True: true, False: false, None: null, true: true, false: false, null: null };
    return word !== undefined && Object.hasOwn(constants, word) ? { value: constants[word] } : undefined;
  }

  sequence(close: string, depth: number, follows: Follows): { value: unknown[] } | undefined {
    this.position++;
    const items: unknown[] = [];
    const itemFollows = this.itemFollows(close, follows);
    while (!this.eat(close)) {
      if (items.length > 0 && !this.eat(",")) return undefined;
      if (this.eat(close)) break; // trailing comma
      const item = this.literal(depth + 1, itemFollows);
      if (item === undefined) return undefined;
      items.push(item.value);
    }
    return { value: items };
  }

  /**
   * A string with a prefix: `r'…'` raw, `u'…'` plain, `f'…'` without a
   * placeholder (a placeholder's value is not in the text). Bytes are no text.
   */
  prefixed(prefix: string, follows: Follows): { value: string } | undefined {
    const lower = prefix.toLowerCase();
    if (!["r", "u", "f", "rf", "fr"].includes(lower)) return undefined;
    const value = this.string(follows, lower.includes("r"));
    if (value === undefined || (lower.includes("f") && /[{}]/.test(value))) return undefined;
    return { value };
  }

  /** `{…}`: a dict, or a set (`{'a', 'b'}`), which JSON writes as a list. */
  dictOrSet(depth: number, follows: Follows): { value: unknown } | undefined {
    const start = this.position;
    const dict = this.dict(depth, follows);
    if (dict !== undefined) return dict;
    // `{'a': 1, b: 2}`: a dict that did not read (a key left unquoted) is no set of one string running over its colons.
    if (this.opensDictKey(start)) return undefined;
    this.position = start;
    const set = this.sequence("}", depth, follows);
    if (set === undefined || set.value.length === 0) return undefined;
    const seen = new Set<string>();
    return { value: set.value.filter((item) => !seen.has(JSON.stringify(item)) && seen.add(JSON.stringify(item))) };
  }

  /** Whether the `{` at `start` opens with a quoted string whose first closing quote is followed by a `:`: a dict's first key. */
  opensDictKey(start: number): boolean {
    const open = this.skip(start + 1);
    const quote = this.text[open];
    if (quote !== '"' && quote !== "'") return false;
    const close = this.text.indexOf(quote, open + 1);
    return close >= 0 && this.text[this.skip(close + 1)] === ":";
  }

  dict(depth: number, follows: Follows): { value: JsonObject } | undefined {
    this.position++;
    const result: JsonObject = {};
    const valueFollows = this.dictFollows(follows);
    let first = true;
    while (!this.eat("}")) {
      if (!first && !this.eat(",")) return undefined;
      if (this.eat("}")) break;
      first = false;
      this.skipSpace();
      const key = this.string(this.keyFollows);
      if (key === undefined || !this.eat(":")) return undefined;
      const value = this.literal(depth + 1, valueFollows);
      if (value === undefined) return undefined;
      defineOwn(result, key, value.value);
    }
    return { value: result };
  }

  /**
   * `name(key=value, …)`, or `name(key: value, …)` as Gemma and TypeScript-minded
   * models write it (one separator for the whole call); `after` judges what may
   * follow its `)`. `unquotedAfterColon`: the call sits in call markup, where a
   * colon's value may be unquoted words (see `colonWords`).
   */
  call(after: Follows, unquotedAfterColon = false): RawCall | undefined {
    const written = this.identifier(true);
    const name = written === undefined ? undefined : written + this.spacedCallSuffix(written);
    if (name === undefined || !this.eat("(")) return undefined;
    this.keepSpellings = true;
    const args: JsonObject = {};
    const follows = { "=": this.argumentFollows(after), ":": this.argumentFollows(after, COLON_KEYWORD) };
    let separator: "=" | ":" | undefined;
    let first = true;
    while (!this.eat(")")) {
      if (!first && !this.eat(",")) return undefined;
      if (this.eat(")")) break;
      first = false;
      const key = this.identifier(false);
      if (key === undefined) return undefined;
      this.skipSpace();
      const written = this.text[this.position];
      if ((written !== "=" && written !== ":") || (separator !== undefined && written !== separator) || this.text[this.position + 1] === written) return undefined;
      separator = written;
      this.position++;
      const valueStart = this.position;
      let value = this.literal(1, follows[separator]);
      if (value === undefined && separator === ":" && unquotedAfterColon) {
        this.position = valueStart;
        value = this.colonWords(follows[separator]);
      }
      if (value === undefined || Object.hasOwn(args, key)) return undefined;
      defineOwn(args, key, value.value);
    }
    return { name, arguments: holdsSpelled(args) ? { kind: "text", text: spelledJson(args) } : { kind: "json", value: args } };
  }
}

/**
 * The whole of `text` read as one Python (or JSON) literal: `True`, `None`,
 * `{'a': 1}`, `['x', 'y']`. `undefined` when anything else is left over.
 */
export function readPythonLiteral(text: string): { value: unknown } | undefined {
  const reader = new PythonReader(text, 0);
  const literal = reader.literal(0, (at) => (reader.skip(at) === text.length ? 2 : 0));
  if (literal === undefined) return undefined;
  reader.skipSpace();
  return reader.position === text.length ? literal : undefined;
}

/**
 * The list of calls `[f(a=1), g()]` starting at `start` (bare `f(a=1)` when
 * `bracketed` is false), with the index just past it; `undefined` when the
 * text there is anything else. A list whose calls each hold the arguments
 * object, `[f({"a": 1})]`, is read as that object (see `object-call-list.ts`).
 */
export function readPythonCalls(text: string, start: number, bracketed = true, unquotedAfterColon = false): { calls: RawCall[]; end: number } | undefined {
  if (!bracketed) {
    const reader = new PythonReader(text, start);
    const call = reader.call((at) => statementFollows(text, at), unquotedAfterColon);
    return call === undefined ? undefined : { calls: [call], end: reader.position };
  }
  return readPythonList(text, start) ?? readObjectCallList(text, start);
}

/** What closes a list of calls opened with `[`, and one opened with `<`. */
const LIST_CLOSERS = ["]"];
const ANGLED_CLOSERS = [">", "]"];

/**
 * The bracketed list of keyword-argument calls at `start`. Also between angle brackets, or opened with one and
 * closed with `]` (`<get_weather(city="Paris")>`), as a model asked for calls in XML writes Python ones.
 */
function readPythonList(text: string, start: number): { calls: RawCall[]; end: number } | undefined {
  const reader = new PythonReader(text, start);
  const closers = text[start] === "<" ? ANGLED_CLOSERS : LIST_CLOSERS;
  if (!reader.eat(text[start] === "<" ? "<" : "[")) return undefined;
  const calls: RawCall[] = [];
  // A call in the list is followed by the list's closer or the next call.
  const after: Follows = (at) => {
    const next = reader.skip(at);
    if (closers.includes(text[next]!)) return 2;
    return text[next] === "," && NEXT_CALL.test(text.slice(reader.skip(next + 1), next + 160)) ? 2 : 0;
  };
  while (!closers.some((closer) => reader.eat(closer))) {
    if (calls.length > 0 && !reader.eat(",")) return undefined;
    if (calls.length >= MAX_CALLS) return undefined;
    const call = reader.call(after);
    if (call === undefined) return undefined;
    calls.push(call);
  }
  return calls.length > 0 ? { calls, end: reader.position } : undefined;
}

/**
 * After a bare call's `)`: `2` when its statement ends there (the text or its line ends, or `;`, `)` of
 * `print(…)` or a closing token follows), `0` before a quote (no call ends glued to one), else `1`.
 */
function statementFollows(text: string, at: number): 0 | 1 | 2 {
  let next = at;
  while (text[next] === " " || text[next] === "\t") next++;
  if (next === text.length || "\r\n;)<".includes(text[next]!)) return 2;
  return text[next] === "'" || text[next] === '"' ? 0 : 1;
}

/**
 * `'C:\new\dir'`, `"\d+\n"`: a backslash Python keeps (`\d`) shows a writer who did not escape, so
 * `\n` may be a backslash too, where Python reads a line break. Two readings. Not when a backslash is
 * doubled: that writer was escaping.
 */
function mixesEscapes(body: string): boolean {
  if (body.includes("\\\\")) return false;
  let kept = false;
  let spelled = false;
  for (let at = body.indexOf("\\"); at !== -1; at = body.indexOf("\\", at + 2)) {
    const next = body[at + 1];
    if (next === undefined) return false;
    if ("abfnrtv01234567xuU".includes(next)) spelled = true;
    else if (!"'\"\n".includes(next)) kept = true;
  }
  return kept && spelled;
}
