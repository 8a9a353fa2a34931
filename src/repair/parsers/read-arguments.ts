/**
 * The readings the parse families give of one argument text: the text as one
 * object, as several objects in a row, or as a bare value of the one required
 * property. Each reading names the families it needed; none is validated
 * here (the pipeline does that, and accepts only what the schema accepts).
 */
import { defineOwn, ownValue } from "../json-pointer.ts";
import type { JsonObject } from "../../json.ts";
import type { ParserFamily } from "../types.ts";
import { parseBareValue } from "./parse-bare-value.ts";
import { literalSpelling, parseLiteralSpellings } from "./parse-literal-spellings.ts";
import { parseSeveralObjects } from "./parse-several-objects.ts";
import { Reader } from "./reader.ts";
import type { Place } from "./reader.ts";
import { mayAdmit, propertySchemaOf } from "./schema-guide.ts";
import { readString } from "./read-string.ts";
import { readObject } from "./tolerant-parser.ts";

/** One way to read the text, and the families that reading needed. */
export interface Reading {
  readonly value: unknown;
  readonly parsers: readonly string[];
  readonly lossy: boolean;
}

/** Longer texts are left to the other stages: the parsers' look-ahead is not linear. */
const MAX_TEXT = 64 * 1024;
/** Several objects beyond this are a list, not a glitch. */
const MAX_OBJECTS = 8;
/** A bare unquoted string longer than this, on several lines, or of several words, is prose, not a value. */
const MAX_BARE = 200;
const ROOT: Place = { container: "root", schema: undefined };
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** Every reading the enabled `families` give of `text` for `schema`. */
export function readArguments(text: string, schema: unknown, families: readonly ParserFamily[]): Reading[] {
  if (text.length > MAX_TEXT || families.length === 0) return [];
  const enabled = new Set(families.map((family) => family.name));
  const lossy = new Set(families.filter((family) => family.class === "lossy").map((family) => family.name));
  const reading = (value: unknown, used: Iterable<string>): Reading => {
    const parsers = [...used];
    return { value, parsers, lossy: parsers.some((name) => lossy.has(name)) };
  };
  const readings: Reading[] = [];
  const whole = new Reader(text, enabled);
  const object = readWhole(whole, schema);
  if (object !== undefined && whole.used.size > 0) readings.push(reading(object, whole.used));
  if (enabled.has(parseSeveralObjects.name)) {
    const several = new Reader(text, enabled);
    const objects = readSeveral(several, schema);
    for (const value of objects) readings.push(reading(value, [parseSeveralObjects.name, ...several.used]));
  }
  if (enabled.has(parseBareValue.name)) {
    const bare = new Reader(text.trim(), enabled);
    const value = readBare(bare, schema);
    if (value !== undefined) readings.push(reading(value, [parseBareValue.name, ...bare.used]));
  }
  return readings;
}

function readWhole(reader: Reader, schema: unknown): unknown {
  const start = reader.skip(0, true);
  if (reader.text[start] !== "{") return undefined;
  const object = readObject(reader, start, schema, ROOT, 0);
  if (object === undefined || reader.skip(object.end, true) !== reader.text.length) return undefined;
  return object.value;
}

/** Two or more objects, each whole, separated by space or commas; `[]` otherwise. */
function readSeveral(reader: Reader, schema: unknown): unknown[] {
  const values: unknown[] = [];
  let at = reader.skip(0, true);
  while (at < reader.text.length) {
    if (reader.text[at] === ",") {
      at = reader.skip(at + 1, true);
      continue;
    }
    if (reader.text[at] !== "{" || values.length === MAX_OBJECTS) return [];
    const object = readObject(reader, at, schema, ROOT, 0);
    if (object === undefined) return [];
    values.push(object.value);
    at = reader.skip(object.end, true);
  }
  return values.length >= 2 ? values : [];
}

/** `"Paris"`, `Paris`, `42`, `true` as the value of the schema's one required property. */
function readBare(reader: Reader, schema: unknown): JsonObject | undefined {
  const required = ownValue(schema, "required");
  if (!Array.isArray(required) || required.length !== 1 || typeof required[0] !== "string") return undefined;
  const key = required[0];
  const target = propertySchemaOf(schema, key);
  const text = reader.text;
  if (text === "" || "{[".includes(text[0]!)) return undefined;
  let value: unknown;
  if (text[0] === '"' || text[0] === "'") {
    const string = readString(reader, 0, ROOT, "value");
    if (string === undefined || string.end !== text.length || !mayAdmit(target, "string")) return undefined;
    value = string.text;
  } else if (JSON_NUMBER.test(text)) {
    value = Number(text);
    if (!mayAdmit(target, Number.isInteger(value) ? "integer" : "number")) return undefined;
  } else if (literalSpelling(text) !== undefined) {
    // A literal is never text; only a boolean is a value to wrap.
    const literal = literalSpelling(text)!.value;
    const spelled = /^(?:true|false)$/.test(text) || reader.has(parseLiteralSpellings.name);
    if (typeof literal !== "boolean" || !spelled || !mayAdmit(target, "boolean")) return undefined;
    value = literal;
  } else {
    // One short line that reads as a value, not a sentence or a `key: value` pair.
    // No structure either: brackets, quotes, backticks or tags mean JSON or markup gone wrong, not a
    // value; and words with spaces between them are a sentence as likely as a value, unless a path.
    if (text.length > MAX_BARE || /[\n\r]|[.!?](?:\s|$)|^[\p{L}\p{N}_$-]+\s*:(?!\\)|[{}[\]"`<>]/u.test(text)) return undefined;
    if (/\s/.test(text) && !/[\\/]/.test(text)) return undefined;
    if (!mayAdmit(target, "string")) return undefined;
    value = text;
  }
  const object: JsonObject = {};
  defineOwn(object, key, value);
  return object;
}
