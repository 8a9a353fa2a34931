/**
 * The readings the parse families give of one argument text: the text as one
 * object, as several objects in a row, or as a bare value of the one required
 * property. Each reading names the families it needed; none is validated
 * here (the pipeline does that, and accepts only what the schema accepts).
 */
import { braceAfterUnquotedText, isJsonNumberText } from "../json-tokens.ts";
import { defineOwn, ownValue } from "../json-pointer.ts";
import type { JsonObject } from "../../json.ts";
import type { ParserFamily } from "../types.ts";
import { parseBareValue } from "./parse-bare-value.ts";
import { literalSpelling, parseLiteralSpellings } from "./parse-literal-spellings.ts";
import { isNoValueWord } from "../elided-values.ts";
import { parseSeveralObjects } from "./parse-several-objects.ts";
import { Reader, keyAhead, opensQuoted } from "./reader.ts";
import { parseOpeningBrace } from "./parse-opening-brace.ts";
import { parseParameterTags, readParameterTags } from "./parse-parameter-tags.ts";
import type { Place } from "./reader.ts";
import { declaredKeysOf, mayAdmit, propertySchemaOf } from "./schema-guide.ts";
import { guideSchema } from "./guide-schema.ts";
import { readString } from "./read-string.ts";
import { readObject, readValue } from "./tolerant-parser.ts";
import { foldIdentifier } from "../similarity.ts";

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
/** An object's first member, or a fence or its `json` line: a quoted text holding one holds arguments. */
const WRAPPED_ARGUMENTS = /\{\s*["'`]?[\p{L}\p{N}_$-]+["'`]?\s*:|```|^\s*'*json\s*$/mu;

/** Family sets read at most, the enabled one included: each contested family refused is one more. */
const MAX_FAMILY_SETS = 12;

/**
 * Every reading the enabled `families` give of `text` for `schema` (`finishReason`: the upstream's, when known;
 * `numberEndGuess`: see `Reader.numberEndGuess`; `toolName`: the call's tool, for a call element written around the arguments), and those
 * they give once a family that made a contested choice is refused (see
 * `Reader.contest`): a family decides only where no other family reads the
 * text otherwise. Readings that differ are all returned for the caller to
 * weigh; it picks none of them when both keep what the model wrote.
 */
export function readArguments(
  text: string,
  schema: unknown,
  families: readonly ParserFamily[],
  finishReason?: string | null,
  numberEndGuess?: string,
  toolName?: string,
): Reading[] {
  if (text.length > MAX_TEXT || families.length === 0) return [];
  const guide = guideSchema(schema);
  const lossy = new Set(families.filter((family) => family.class === "lossy").map((family) => family.name));
  if (numberEndGuess !== undefined) lossy.add(numberEndGuess);
  const readings: Reading[] = [];
  const queue: ReadonlySet<string>[] = [new Set(families.map((family) => family.name))];
  const seen = new Set<string>([setKey(queue[0]!)]);
  for (let enabled = queue.shift(); enabled !== undefined; enabled = queue.shift()) {
    const found = readingsWith(text, guide, enabled, lossy, finishReason, numberEndGuess, toolName);
    for (const reading of found.readings) if (!readings.some((other) => sameReading(other, reading))) readings.push(reading);
    for (const name of found.contested) {
      const refused = new Set([...enabled].filter((other) => other !== name));
      if (seen.has(setKey(refused)) || seen.size >= MAX_FAMILY_SETS) continue;
      seen.add(setKey(refused));
      queue.push(refused);
    }
  }
  return readings;
}

const setKey = (names: ReadonlySet<string>): string => [...names].sort().join();

function sameReading(one: Reading, other: Reading): boolean {
  return one.parsers.join() === other.parsers.join() && JSON.stringify(one.value) === JSON.stringify(other.value);
}

/** The readings of `text` with the families `enabled` (one object, several in a row, a bare value), and the families contested in them. */
function readingsWith(
  text: string,
  schema: unknown,
  enabled: ReadonlySet<string>,
  lossy: ReadonlySet<string>,
  finishReason: string | null | undefined,
  numberEndGuess: string | undefined,
  toolName: string | undefined,
): { readings: Reading[]; contested: Set<string> } {
  const readings: Reading[] = [];
  const contested = new Set<string>();
  const reading = (value: unknown, reader: Reader, shape?: string): void => {
    const parsers = shape === undefined ? [...reader.used] : [shape, ...reader.used];
    readings.push({ value, parsers, lossy: parsers.some((name) => lossy.has(name)) });
    for (const name of reader.contested) contested.add(name);
  };
  const whole = new Reader(text, enabled, finishReason, numberEndGuess);
  const object = readWhole(whole, schema);
  if (object !== undefined && whole.used.size > 0) reading(object, whole);
  // A contested choice that led nowhere leaves the other family's reading to try.
  if (object === undefined) for (const name of whole.contested) contested.add(name);
  if (enabled.has(parseOpeningBrace.name)) {
    const braced = new Reader(`{${text.trimStart()}`, enabled, finishReason, numberEndGuess);
    const value = startsWithDeclaredKey(braced, schema) ? readWhole(braced, schema) : undefined;
    if (value !== undefined) reading(value, braced, parseOpeningBrace.name);
  }
  if (enabled.has(parseSeveralObjects.name)) {
    const several = new Reader(text, enabled, finishReason, numberEndGuess);
    for (const value of readSeveral(several, schema)) reading(value, several, parseSeveralObjects.name);
  }
  if (enabled.has(parseParameterTags.name)) {
    const value = readParameterTags(text, schema, toolName);
    if (value !== undefined) readings.push({ value, parsers: [parseParameterTags.name], lossy: lossy.has(parseParameterTags.name) });
  }
  if (enabled.has(parseBareValue.name)) {
    const bare = new Reader(text.trim(), enabled);
    const value = readBare(bare, schema);
    if (value !== undefined) reading(value, bare, parseBareValue.name);
  }
  return { readings, contested };
}

/** Whether the text after the added `{` opens with a key the schema declares, and its `:`. */
function startsWithDeclaredKey(reader: Reader, schema: unknown): boolean {
  if (reader.text[1] === "{" || declaredKeysOf(schema) === undefined) return false;
  return keyAhead(reader, 1, schema, "declared") !== undefined;
}

function readWhole(reader: Reader, schema: unknown): unknown {
  const start = reader.skip(0, true);
  // `[{…}]`: the arguments in a list of one, which unwrap-envelope takes them out of once read.
  if (reader.text[start] === "[" && reader.skip(start + 1, true) === reader.text.indexOf("{", start)) {
    const list = readValue(reader, start, { type: "array", items: schema }, ROOT, 0);
    if (list === undefined || reader.skip(list.end, true) !== reader.text.length || !Array.isArray(list.value) || list.value.length !== 1) return undefined;
    return list.value;
  }
  if (reader.text[start] !== "{") return undefined;
  const object = readObject(reader, start, schema, ROOT, 0);
  if (object === undefined || reader.skip(object.end, true) !== reader.text.length) return undefined;
  return object.value;
}

/** Two or more objects, each whole, separated by space or commas; `[]` otherwise. */
function readSeveral(reader: Reader, schema: unknown): unknown[] {
  // `{"a": x}{}`: a brace right after unquoted text may be the text's own (`x}{`): where one object ends is a guess.
  if (braceAfterUnquotedText(reader.text)) return [];
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

/**
 * Whether `key` is the one property `schema` declares and it is free text: a string with no enum,
 * const, pattern or format to say which strings it means. Then a bare sentence can only be its value.
 */
function onlyFreeText(schema: unknown, key: string): boolean {
  const declared = declaredKeysOf(schema);
  if (declared === undefined || declared.size !== 1 || !declared.has(key)) return false;
  const target = propertySchemaOf(schema, key);
  if (ownValue(target, "type") !== "string") return false;
  return ["enum", "const", "pattern", "format"].every((keyword) => ownValue(target, keyword) === undefined);
}

/**
 * Whether an unquoted text opens with a declared key written as an assignment or a flag (`city=Paris`,
 * `--city Paris`, `file_path=a.txt` for `path`): its value is the rest, and taking the whole text as the value sends the key too.
 */
function namesDeclaredKey(text: string, schema: unknown): boolean {
  const opening = /^([\p{L}_][\p{L}\p{N}_.-]{0,63})[ \t]*=(?!=)/u.exec(text) ?? /^--?([\p{L}_][\p{L}\p{N}_.-]{0,63})[ \t=]/u.exec(text);
  if (opening === null) return false;
  const key = foldIdentifier(opening[1]!);
  const declared = declaredKeysOf(schema);
  // The key in another spelling or with a word more (`file_path=` for `path`) is still the key.
  return declared !== undefined && [...declared].some((name) => foldIdentifier(name) !== "" && key.includes(foldIdentifier(name)));
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
  if (text[0] === '"' || text[0] === "'" || opensQuoted(reader, 0)) {
    const string = readString(reader, 0, ROOT, "value");
    if (string === undefined || string.end !== text.length || !mayAdmit(target, "string")) return undefined;
    // Quotes around an object or a fence (`{"a": 1}` in backticks, a fence in triple quotes) wrap the arguments, not a value.
    if (WRAPPED_ARGUMENTS.test(string.text)) return undefined;
    value = string.text;
  } else if (isJsonNumberText(text)) {
    value = Number(text);
    if (!mayAdmit(target, Number.isInteger(value) ? "integer" : "number")) return undefined;
  } else if (isNoValueWord(text)) {
    // `undefined`, `NaN`: no value was written, as text or anything else.
    return undefined;
  } else if (literalSpelling(text) !== undefined) {
    // A literal is never text; only a boolean is a value to wrap.
    const literal = literalSpelling(text)!.value;
    const spelled = /^(?:true|false)$/.test(text) || reader.has(parseLiteralSpellings.name);
    if (typeof literal !== "boolean" || !spelled || !mayAdmit(target, "boolean")) return undefined;
    value = literal;
  } else {
    // One short line that reads as a value, not a `key: value` pair. No structure either: brackets,
    // quotes, backticks or tags mean JSON or markup gone wrong, not a value.
    if (text.length > MAX_BARE || /[\n\r]|^[\p{L}\p{N}_$-]+\s*:(?!\\)|[{}[\]"`<>]/u.test(text)) return undefined;
    // `city=Paris`, `--city Paris`: a declared key and its value, not a value that spells the key.
    if (namesDeclaredKey(text, schema)) return undefined;
    // Words with spaces between them, or a sentence, are prose as likely as a value, unless a path, or
    // the tool takes nothing but one free-text string (LangChain's single-input tools, a search query).
    const sentence = /[.!?](?:\s|$)/u.test(text) || (/\s/.test(text) && !/[\\/]/.test(text));
    if (sentence && (!onlyFreeText(schema, key) || /^[\p{L}\p{N}_$-]+\s*=/u.test(text))) return undefined;
    // `Here are the arguments: What is X?`: a lead-in or a label before the value, or part of it? A guess either way.
    if (/[\p{L}\p{N}]:\s/u.test(text)) return undefined;
    if (!mayAdmit(target, "string")) return undefined;
    value = text;
  }
  const object: JsonObject = {};
  defineOwn(object, key, value);
  return object;
}
