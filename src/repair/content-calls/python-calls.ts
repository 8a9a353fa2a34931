/**
 * Pythonic calls, as Llama 3.2/4 and LFM2 templates ask for them:
 * `[get_weather(city="Paris", days=3), get_time(tz='UTC')]`.
 * A small recursive-descent reader of Python literals, bounded in depth,
 * keyword arguments only (positional ones would need a guess at the names).
 */
import type { JsonObject } from "../../json.ts";
import { defineOwn } from "../json-pointer.ts";
import type { RawCall } from "./raw-call.ts";
import { MAX_CALLS } from "./raw-call.ts";

const MAX_DEPTH = 32;

class PythonReader {
  readonly text: string;
  position: number;

  constructor(text: string, start: number) {
    this.text = text;
    this.position = start;
  }

  skipSpace(): void {
    while (this.position < this.text.length && /\s/.test(this.text[this.position]!)) this.position++;
  }

  eat(char: string): boolean {
    this.skipSpace();
    if (this.text[this.position] !== char) return false;
    this.position++;
    return true;
  }

  identifier(dotted: boolean): string | undefined {
    this.skipSpace();
    const start = this.position;
    const allowed = dotted ? /[\w.]/ : /\w/;
    while (this.position < this.text.length && this.position - start < 128 && allowed.test(this.text[this.position]!)) this.position++;
    const name = this.text.slice(start, this.position);
    return /^[A-Za-z_]/.test(name) ? name : undefined;
  }

  string(): string | undefined {
    const quote = this.text[this.position];
    if (quote !== '"' && quote !== "'") return undefined;
    let result = "";
    for (let index = this.position + 1; index < this.text.length; index++) {
      const char = this.text[index]!;
      if (char === quote) {
        this.position = index + 1;
        return result;
      }
      if (char !== "\\") {
        result += char;
        continue;
      }
      const next = this.text[++index];
      if (next === undefined) return undefined;
      if (next === "u" && /^[0-9a-fA-F]{4}$/.test(this.text.slice(index + 1, index + 5))) {
        result += String.fromCharCode(parseInt(this.text.slice(index + 1, index + 5), 16));
        index += 4;
      } else {
        result += ({ n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", "0": "\0" } as Record<string, string>)[next] ?? next;
      }
    }
    return undefined;
  }

  number(): number | undefined {
    const match = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.position, this.position + 64));
    if (match === null) return undefined;
    this.position += match[0].length;
    const value = Number(match[0]);
    return Number.isFinite(value) ? value : undefined;
  }

  /** A Python (or JSON) literal; `undefined` when there is none. */
  literal(depth: number): { value: unknown } | undefined {
    if (depth > MAX_DEPTH) return undefined;
    this.skipSpace();
    const char = this.text[this.position];
    if (char === '"' || char === "'") {
      const value = this.string();
      return value === undefined ? undefined : { value };
    }
    if (char === "[" || char === "(") return this.sequence(char === "[" ? "]" : ")", depth);
    if (char === "{") return this.dict(depth);
    if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) {
      const value = this.number();
      return value === undefined ? undefined : { value };
    }
    const word = this.identifier(false);
    const constants: Record<string, unknown> = { True: true, False: false, None: null, true: true, false: false, null: null };
    return word !== undefined && Object.hasOwn(constants, word) ? { value: constants[word] } : undefined;
  }

  sequence(close: string, depth: number): { value: unknown[] } | undefined {
    this.position++;
    const items: unknown[] = [];
    while (!this.eat(close)) {
      if (items.length > 0 && !this.eat(",")) return undefined;
      if (this.eat(close)) break; // trailing comma
      const item = this.literal(depth + 1);
      if (item === undefined) return undefined;
      items.push(item.value);
    }
    return { value: items };
  }

  dict(depth: number): { value: JsonObject } | undefined {
    this.position++;
    const result: JsonObject = {};
    let first = true;
    while (!this.eat("}")) {
      if (!first && !this.eat(",")) return undefined;
      if (this.eat("}")) break;
      first = false;
      this.skipSpace();
      const key = this.string();
      if (key === undefined || !this.eat(":")) return undefined;
      const value = this.literal(depth + 1);
      if (value === undefined) return undefined;
      defineOwn(result, key, value.value);
    }
    return { value: result };
  }

  /** `name(key=value, …)`. */
  call(): RawCall | undefined {
    const name = this.identifier(true);
    if (name === undefined || !this.eat("(")) return undefined;
    const args: JsonObject = {};
    let first = true;
    while (!this.eat(")")) {
      if (!first && !this.eat(",")) return undefined;
      if (this.eat(")")) break;
      first = false;
      const key = this.identifier(false);
      if (key === undefined || !this.eat("=")) return undefined;
      const value = this.literal(1);
      if (value === undefined || Object.hasOwn(args, key)) return undefined;
      defineOwn(args, key, value.value);
    }
    return { name, arguments: { kind: "json", value: args } };
  }
}

/**
 * The whole of `text` read as one Python (or JSON) literal: `True`, `None`,
 * `{'a': 1}`, `['x', 'y']`. `undefined` when anything else is left over.
 */
export function readPythonLiteral(text: string): { value: unknown } | undefined {
  const reader = new PythonReader(text, 0);
  const literal = reader.literal(0);
  if (literal === undefined) return undefined;
  reader.skipSpace();
  return reader.position === text.length ? literal : undefined;
}

/**
 * The list of calls `[f(a=1), g()]` starting at `start` (bare `f(a=1)` when
 * `bracketed` is false), with the index just past it; `undefined` when the
 * text there is anything else.
 */
export function readPythonCalls(text: string, start: number, bracketed = true): { calls: RawCall[]; end: number } | undefined {
  const reader = new PythonReader(text, start);
  if (!bracketed) {
    const call = reader.call();
    return call === undefined ? undefined : { calls: [call], end: reader.position };
  }
  if (!reader.eat("[")) return undefined;
  const calls: RawCall[] = [];
  while (!reader.eat("]")) {
    if (calls.length > 0 && !reader.eat(",")) return undefined;
    if (calls.length >= MAX_CALLS) return undefined;
    const call = reader.call();
    if (call === undefined) return undefined;
    calls.push(call);
  }
  return calls.length > 0 ? { calls, end: reader.position } : undefined;
}
