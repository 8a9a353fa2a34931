/**
 * A wrong repair is worse than none. For random schemas and random values
 * that satisfy them, each realistic corruption of the serialised value must
 * come back from the engine (default fixers) as exactly the value, or not be
 * repaired at all: never as another valid value.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../../src/repair/engine.ts";
import type { RepairOutcome } from "../../../src/repair/types.ts";
import { canonical } from "../../../scripts/corpus.ts";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = Record<string, unknown>;

const WORDS = ["file", "path", "name", "user", "max", "min", "count", "limit", "query", "mode", "ca", "bundle", "start", "date", "id", "url", "tag", "tab"];

/** snake_case names of one or two words, distinct once case and separators are ignored. */
const propertyNames = fc
  .uniqueArray(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 2 }).map((words) => words.join("_")), {
    minLength: 1,
    maxLength: 5,
    selector: (name) => name.replaceAll("_", ""),
  })
  .filter((names) => names.every((name) => name.length > 0));

/** Text a model writes in values: spaces, quotes, backslashes, colons, commas, brackets, Markdown. */
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("a b", "C:\\Users\\a b\\x.txt", 'say "hi" to Bob', "it's", "see [x](http://a.example)", "a, b: c", "{not json}", "line\nbreak", "100", "true", ""),
);

const enumMembers = fc.uniqueArray(fc.constantFrom("red", "Green", "BLUE", "dark_grey", "in progress", "x"), {
  minLength: 2,
  maxLength: 4,
  selector: (member) => member.toLowerCase().replace(/[\s_-]/g, ""),
});

interface Property {
  readonly schema: Schema;
  readonly value: fc.Arbitrary<Json>;
}

const scalarProperty: fc.Arbitrary<Property> = fc.oneof(
  fc.constant({ schema: { type: "string" }, value: text }),
  fc.constant({ schema: { type: "integer" }, value: fc.integer({ min: -100_000, max: 100_000 }) }),
  fc.constant({ schema: { type: "number" }, value: fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((n) => !Object.is(n, -0)) }),
  fc.constant({ schema: { type: "boolean" }, value: fc.boolean() }),
  enumMembers.map((members) => ({ schema: { type: "string", enum: members }, value: fc.constantFrom(...members) })),
  fc.constant({ schema: { type: "array", items: { type: "string" } }, value: fc.array(text, { maxLength: 3 }) }),
  fc.constant({ schema: { type: "array", items: { type: "integer" } }, value: fc.array(fc.integer({ min: 0, max: 999 }), { maxLength: 3 }) }),
  // Items with similar keys, one optional: a cut or a dropped key inside them must not pass for a shorter list.
  fc.constant({
    schema: {
      type: "array",
      items: { type: "object", properties: { file_path: { type: "string" }, file_name: { type: "string" } }, required: ["file_path"], additionalProperties: false },
    },
    value: fc.array(fc.record({ file_path: text, file_name: text }, { requiredKeys: ["file_path"] }), { maxLength: 2 }),
  }),
);

interface ObjectCase {
  readonly schema: Schema;
  readonly value: fc.Arbitrary<Record<string, Json>>;
}

function objectCase(property: fc.Arbitrary<Property>): fc.Arbitrary<ObjectCase> {
  return fc
    .tuple(propertyNames, fc.array(property, { minLength: 5, maxLength: 5 }), fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), fc.boolean())
    .map(([names, properties, requiredFlags, closed]) => {
      const schemaProperties: Record<string, unknown> = {};
      const required: string[] = [];
      const values: Record<string, fc.Arbitrary<Json>> = {};
      names.forEach((name, index) => {
        schemaProperties[name] = properties[index]!.schema;
        values[name] = properties[index]!.value;
        if (requiredFlags[index]) required.push(name);
      });
      const optional = names.filter((name) => !required.includes(name));
      return {
        schema: { type: "object", properties: schemaProperties, required, additionalProperties: !closed },
        value: fc.record(values, { requiredKeys: [...required, ...optional.slice(0, 1)] }) as fc.Arbitrary<Record<string, Json>>,
      };
    });
}

/** Objects whose properties may themselves be objects, one level down. */
const schemaAndValue: fc.Arbitrary<{ schema: Schema; value: Record<string, Json> }> = objectCase(
  fc.oneof({ weight: 5, arbitrary: scalarProperty }, { weight: 1, arbitrary: objectCase(scalarProperty).map((inner) => ({ schema: inner.schema, value: inner.value })) }),
).chain(({ schema, value }) => value.map((generated) => ({ schema, value: generated })));

interface Style {
  readonly quote: '"' | "'";
  readonly python: boolean;
  readonly bareKeys: boolean;
}

function quoteString(textValue: string, quote: '"' | "'"): string {
  const json = JSON.stringify(textValue);
  if (quote === '"') return json;
  return `'${json.slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`;
}

/** JSON as a model may write it: single quotes, Python literals, bare keys. */
function write(value: Json, style: Style): string {
  if (value === null) return style.python ? "None" : "null";
  if (typeof value === "boolean") return style.python ? (value ? "True" : "False") : String(value);
  if (typeof value === "number") return JSON.stringify(value);
  if (typeof value === "string") return quoteString(value, style.quote);
  if (Array.isArray(value)) return `[${value.map((item) => write(item, style)).join(", ")}]`;
  const members = Object.entries(value).map(([key, item]) => `${style.bareKeys ? key : quoteString(key, style.quote)}: ${write(item, style)}`);
  return `{${members.join(", ")}}`;
}

const plain: Style = { quote: '"', python: false, bareKeys: false };

/** `file_path` → `filePath`. */
const camel = (key: string): string => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

function mapFirstKey(value: Record<string, Json>, change: (key: string, item: Json) => [string, Json]): Record<string, Json> | undefined {
  const keys = Object.keys(value);
  const index = keys.findIndex((key) => change(key, value[key]!)[0] !== key || change(key, value[key]!)[1] !== value[key]);
  if (index === -1) return undefined;
  return Object.fromEntries(keys.map((key, at) => (at === index ? change(key, value[key]!) : [key, value[key]!])));
}

/** Whether a string item of some list holds a double quote. */
function quoteInListItem(value: Json): boolean {
  if (Array.isArray(value)) return value.some((item) => (typeof item === "string" ? item.includes('"') : quoteInListItem(item)));
  return typeof value === "object" && value !== null && Object.values(value).some(quoteInListItem);
}

/** `changed` when the schema does not declare it (then it is a misspelling, not another key), else `key`. */
function undeclaredOr(schema: Schema, key: string, changed: string): string {
  return Object.hasOwn(schema["properties"] as Schema, changed) ? key : changed;
}

/** A corruption: the text a model sent, and the value a right repair gives (`value` itself, unless it says otherwise). */
interface Corrupted {
  readonly text: string;
  readonly expected?: Record<string, Json>;
  /** No repair is right: the text does not say what the model meant. */
  readonly refuse?: true;
  /** The value the text stands for when the corruption rewrote a value as well (a lossless repair gives it). */
  readonly meant?: Record<string, Json>;
}

type Corruption = (value: Record<string, Json>, schema: Schema) => Corrupted | undefined;

const corruptions: Record<string, Corruption> = {
  "trailing comma": (value) => ({ text: JSON.stringify(value).replace(/}$/, ",}") }),
  "single quotes": (value) => ({ text: write(value, { ...plain, quote: "'" }) }),
  "python literals": (value) => ({ text: write(value, { ...plain, python: true }) }),
  "unquoted keys": (value) => ({ text: write(value, { ...plain, bareKeys: true }) }),
  "code fence": (value) => ({ text: `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`` }),
  "special tokens": (value) => ({ text: `<|python_tag|>${JSON.stringify(value)}<|eom_id|>` }),
  "prose around": (value) => ({ text: `Here are the arguments: ${JSON.stringify(value)}\nLet me know if you need more.` }),
  comments: (value) => ({ text: JSON.stringify(value, null, 1).replace("{\n", "{\n // the call\n").replace(/\n}$/, " /* done */\n}") }),
  "missing comma": (value) => {
    const textValue = JSON.stringify(value, null, 1);
    const at = textValue.indexOf(',\n "');
    return at === -1 ? undefined : { text: textValue.slice(0, at) + textValue.slice(at + 1) };
  },
  "the root's closing brace typed for a line's comma": (value) => {
    const textValue = JSON.stringify(value, null, 1);
    const at = textValue.indexOf(',\n "');
    if (at === -1) return undefined;
    const moved = `${textValue.slice(0, at)}}${textValue.slice(at + 1)}`;
    // Its own `}` kept, or left out too (the `}` moved).
    return { text: Object.keys(value).length % 2 === 0 ? moved : moved.replace(/\n}$/, "") };
  },
  "double encoding": (value) => ({ text: JSON.stringify(JSON.stringify(value)) }),
  "escaped without its outer quotes": (value) => ({ text: JSON.stringify(JSON.stringify(value)).slice(1, -1) }),
  envelope: (value) => ({ text: JSON.stringify({ name: "tool", arguments: value }) }),
  "OpenAI envelope with string arguments": (value) => ({ text: JSON.stringify({ type: "function", function: { name: "functions.tool", arguments: JSON.stringify(value) } }) }),
  "string-typed number": (value) => {
    const changed = mapFirstKey(value, (key, item) => [key, typeof item === "number" ? String(item) : item]);
    return changed === undefined ? undefined : { text: JSON.stringify(changed) };
  },
  "enum case": (value, schema) => {
    const properties = schema["properties"] as Record<string, Schema>;
    const changed = mapFirstKey(value, (key, item) => [key, Array.isArray(properties[key]?.["enum"]) && typeof item === "string" ? item.toUpperCase() : item]);
    return changed === undefined ? undefined : { text: JSON.stringify(changed) };
  },
  "key style": (value) => {
    const changed = mapFirstKey(value, (key, item) => [key.includes("_") ? camel(key) : key[0]!.toUpperCase() + key.slice(1), item]);
    return changed === undefined ? undefined : { text: JSON.stringify(changed) };
  },
  "kebab-case key": (value) => {
    const changed = mapFirstKey(value, (key, item) => [key.replaceAll("_", "-"), item]);
    return changed === undefined ? undefined : { text: JSON.stringify(changed) };
  },
  // Not inside a list: `["a", "b " c"]` is read as the items `b ` and `c` (a missing comma and opening quote), as
  // JSON repair libraries read it, and is one string with an unescaped quote just as well.
  // Only an escaped quote: in `\\"` the backslash is escaped and the quote closes the string.
  "unescaped inner quotes": (value) =>
    quoteInListItem(value) ? undefined : { text: JSON.stringify(value).replace(/(?<!\\)((?:\\\\)*)\\"/g, '$1"') },
  // Only where the backslashes have one reading: `\n` or `\/` written raw would mean something else.
  "raw backslashes in single quotes": (value) => {
    const written = write(value, { ...plain, quote: "'" });
    const raw = written.replaceAll("\\\\", "\\");
    return /\\\\/.test(written) && /\\[\\/bfnrtu"']/.test(raw) ? undefined : { text: raw };
  },
  "unquoted string values": (value) => ({
    // Spaces inside only: an unquoted value's ends are not recoverable.
    text: JSON.stringify(value).replace(/:"([A-Za-z](?:[A-Za-z ]*[A-Za-z])?)"/g, ": $1"),
  }),
  "fence, single quotes and a trailing comma": (value) => ({ text: `\`\`\`\n${write(value, { ...plain, quote: "'" }).replace(/}$/, ",}")}\n\`\`\`` }),
  "doubled quotes around a value": (value) => {
    const textValue = JSON.stringify(value);
    // The first string value that holds no quote or backslash, found string by string: `:"` inside a string opens none.
    const strings = [...textValue.matchAll(/"(?:[^"\\]|\\.)*"/g)];
    const found = strings.find((match, at) => at > 0 && textValue[match.index - 1] === ":" && !/[\\"]/.test(match[0].slice(1, -1)) && match[0].length > 2);
    return found === undefined ? undefined : { text: `${textValue.slice(0, found.index)}"${found[0]}"${textValue.slice(found.index + found[0].length)}` };
  },
  "object closed early and continued": (value) => {
    const textValue = JSON.stringify(value);
    const at = textValue.indexOf(',"');
    return at === -1 ? undefined : { text: `${textValue.slice(0, at)}}${textValue.slice(at)}` };
  },
  "missing closing quote before the next member": (value) => {
    const textValue = JSON.stringify(value);
    const at = textValue.search(/[^\\]","[^"\\]*":/);
    return at === -1 ? undefined : { text: `${textValue.slice(0, at + 1)}, ${textValue.slice(at + 3)}` };
  },
  "stray token between members": (value) => {
    const textValue = JSON.stringify(value);
    const at = textValue.search(/,"[^"\\]*":/);
    return at === -1 ? undefined : { text: `${textValue.slice(0, at + 1)} <|eot_id|> ${textValue.slice(at + 1)}`, expected: value };
  },
  "array continued in new brackets": (value, schema) => {
    const properties = schema["properties"] as Record<string, Schema>;
    const key = Object.keys(value).find((name) => Array.isArray(value[name]) && (value[name] as Json[]).length >= 2);
    // A declared array property left out may be what the new brackets were meant for: no single reading.
    if (key === undefined || Object.keys(properties).some((name) => name !== key && properties[name]?.["type"] === "array" && !(name in value))) return undefined;
    const items = (value[key] as Json[]).map((item) => JSON.stringify(item));
    const reopened = `[${items.slice(0, 1).join(",")}], [${items.slice(1).join(",")}]`;
    return { text: `{${Object.entries(value).map(([name, item]) => `${JSON.stringify(name)}:${name === key ? reopened : JSON.stringify(item)}`).join(",")}}` };
  },
  "string value missing its opening quote": (value) => {
    const textValue = JSON.stringify(value);
    const changed = textValue.replace(/:"([A-Za-z](?:[A-Za-z ,.]*[A-Za-z.])?)"/, ':$1"');
    return changed === textValue ? undefined : { text: changed.replace(/}$/, ",}") };
  },
  "typographic quotes": (value) => ({ text: JSON.stringify(value).replace(/"((?:[^"\\]|\\.)*)"/g, (_match, body: string) => `“${body}”`) }),
  "typographic single quotes around keys": (value) => ({
    text: JSON.stringify(value).replace(/"((?:[^"\\]|\\.)*)"(:?)/g, (match, body: string, colon: string) => (colon === ":" ? `‘${body}’:` : match)),
  }),
  "final brace dropped, commas too": (value) => ({ text: JSON.stringify(value, null, 1).replace(/,\n/g, "\n").replace(/\n?}$/, "") }),
  "last string's closing quote lost before the final brace": (value, schema) => {
    const keys = Object.keys(value);
    const key = keys.at(-1)!;
    const property = (schema["properties"] as Record<string, Schema>)[key];
    if (typeof value[key] !== "string" || property?.["type"] !== "string" || property["enum"] !== undefined) return undefined;
    // Free text with paired unescaped quotes (the family's evidence); a space before the brace is layout, not text.
    const last = `${(value[key] as string).replace(/["\\\n{}]/g, "").trim()} "quoted" word`.trim();
    const others = JSON.stringify(Object.fromEntries(keys.slice(0, -1).map((name) => [name, value[name]!])));
    return { text: `${others.slice(0, -1)}${keys.length > 1 ? "," : ""}${JSON.stringify(key)}:"${last}}`, meant: { ...value, [key]: last } };
  },
  "commas left out between a list's numbers": (value) => {
    const textValue = numbersWithoutCommas(value);
    return textValue === JSON.stringify(value) ? undefined : { text: textValue };
  },
  "a list written in braces": (value) => {
    const key = Object.keys(value).find((name) => Array.isArray(value[name]) && (value[name] as Json[]).length > 0);
    return key === undefined ? undefined : { text: withMemberWritten(value, key, (item) => `{${JSON.stringify(item).slice(1, -1)}}`) };
  },
  "an object's members written in square brackets": (value) => {
    const key = Object.keys(value).find((name) => typeof value[name] === "object" && value[name] !== null && !Array.isArray(value[name]) && Object.keys(value[name]!).length > 0);
    return key === undefined ? undefined : { text: withMemberWritten(value, key, (item) => `[${JSON.stringify(item).slice(1, -1)}]`) };
  },
  "a list's closing bracket left out before the next member": (value) => {
    const keys = Object.keys(value);
    const key = keys.slice(0, -1).find((name) => Array.isArray(value[name]) && (value[name] as Json[]).length > 0 && (value[name] as Json[]).every((item) => typeof item !== "object"));
    return key === undefined ? undefined : { text: withMemberWritten(value, key, (item) => JSON.stringify(item).slice(0, -1)) };
  },
  "a nested object's closing brace typed as a bracket": (value) => {
    const keys = Object.keys(value);
    const key = keys.slice(0, -1).find((name) => typeof value[name] === "object" && value[name] !== null && !Array.isArray(value[name]) && Object.keys(value[name]!).length > 0);
    return key === undefined ? undefined : { text: withMemberWritten(value, key, (item) => `${JSON.stringify(item).slice(0, -1)}]`) };
  },
  "missing colon": (value) => {
    const textValue = JSON.stringify(value);
    const at = textValue.search(/[{,]"[^"\\]*":/);
    return at === -1 ? undefined : { text: textValue.slice(0, at + 1) + textValue.slice(at + 1).replace(/":/, '" ') };
  },
  "key missing its opening quote": (value) => {
    const textValue = JSON.stringify(value);
    const at = textValue.search(/[{,]"[A-Za-z_]\w*":/);
    return at === -1 ? undefined : { text: textValue.slice(0, at + 1) + textValue.slice(at + 2) };
  },
  "MongoDB type around a value": (value) => {
    const textValue = JSON.stringify(value);
    const changed = textValue.replace(/:("(?:[^"\\]|\\.)*"|-?\d+)(?=[,}])/, (_match, inner: string) => `:${inner.startsWith('"') ? "ObjectId" : "NumberLong"}(${inner})`);
    return changed === textValue ? undefined : { text: changed };
  },
  "line comment before the final brace": (value) => ({ text: JSON.stringify(value).replace(/}$/, " # as asked }") }),
  "layout line breaks written as escapes": (value) => ({ text: JSON.stringify(value, null, 2).replaceAll("\n", "\\n") }),
  "Python triple quotes around a string value": (value) => ({
    text: JSON.stringify(value).replace(/:"((?:[^"\\]|\\.)*)"/, (match, body: string) => {
      const raw = body.replace(/\\(.)/g, (pair, char: string) => (char === '"' ? '"' : char === "n" ? "\n" : pair));
      return /^[ \t]*\r?\n/.test(raw) || raw.includes('"""') || raw.endsWith('"') ? match : `:"""${raw}"""`;
    }),
  }),
  "a string value written as a Markdown code block": (value) => ({
    // A member's line of the pretty-printed JSON (a whole key, then a string): never the inside of a string.
    text: JSON.stringify(value, null, 1).replace(/^(\s*"(?:[^"\\]|\\.)*": )"((?:[^"\\]|\\.)*)"/m, (match, key: string, body: string) => {
      const code = JSON.parse(`"${body}"`) as string;
      const lines = code.split("\n").filter((line) => line.trim() !== "");
      const indented = lines.length > 0 && lines.every((line) => /^[ \t]/.test(line));
      return indented || code.includes("`") || code.includes("\r") ? match : `${key}\`\`\`\n${code}\n\`\`\``;
    }),
  }),
  "a string value split in two joined by +": (value) => ({
    text: JSON.stringify(value).replace(/:"((?:[^"\\]|\\.)+)"/, (match, body: string) => {
      const half = Math.floor(body.length / 2);
      return body.includes("\\") || half === 0 ? match : `:"${body.slice(0, half)}" + "${body.slice(half)}"`;
    }),
  }),
  "NaN-like literal case": (value) => ({ text: JSON.stringify(value).replace(/:(true|false|null)/g, (_match, literal: string) => `:${literal.toUpperCase()}`) }),
  // Too far from the declared name to rename, too close to drop as an extra key: the value is the declared key's.
  "two letters of a key swapped": (value, schema) => {
    const changed = mapFirstKey(value, (key, item) => [undeclaredOr(schema, key, key.length >= 4 ? `${key.slice(0, 1)}${key[2]}${key[1]}${key.slice(3)}` : key), item]);
    return changed === undefined ? undefined : { text: JSON.stringify(changed) };
  },
  "a word of a key left out": (value, schema) => {
    const changed = mapFirstKey(value, (key, item) => [undeclaredOr(schema, key, key.includes("_") ? key.slice(key.indexOf("_") + 1) : key), item]);
    return changed === undefined ? undefined : { text: JSON.stringify(changed) };
  },
  "arguments under an unknown key": (value) => ({ text: JSON.stringify({ tool_input: value }) }),
  "cut inside an array item": (value) => {
    const textValue = JSON.stringify(value);
    const at = structuralIndexOf(textValue, '[{"');
    return at === -1 ? undefined : { text: textValue.slice(0, at + 6), refuse: true };
  },
  "truncation after a member": (value) => {
    const keys = Object.keys(value);
    if (keys.length < 2) return undefined;
    const kept = Object.fromEntries(keys.slice(0, -1).map((key) => [key, value[key]!]));
    const cut = JSON.stringify(value).slice(0, JSON.stringify(kept).length - 1);
    return { text: `${cut}, "${keys.at(-1)!.slice(0, 2)}`, expected: kept };
  },
};

/** The object as JSON, the value of `key` written by `write`. */
function withMemberWritten(value: Record<string, Json>, key: string, written: (item: Json) => string): string {
  return `{${Object.entries(value).map(([name, item]) => `${JSON.stringify(name)}:${name === key ? written(item) : JSON.stringify(item)}`).join(",")}}`;
}

/** JSON with the commas between a list's numbers left out (`[1 2]`). */
function numbersWithoutCommas(value: Json): string {
  if (Array.isArray(value)) {
    const numbers = value.length > 1 && value.every((item) => typeof item === "number");
    return `[${value.map(numbersWithoutCommas).join(numbers ? " " : ",")}]`;
  }
  if (typeof value === "object" && value !== null) return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${numbersWithoutCommas(item)}`).join(",")}}`;
  return JSON.stringify(value);
}

/** Where `needle` first starts outside a string of the JSON `text` (a string value may hold `[{"` too). */
function structuralIndexOf(text: string, needle: string): number {
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inString) {
      if (char === "\\") index++;
      else if (char === '"') inString = false;
    } else if (text.startsWith(needle, index)) return index;
    else if (char === '"') inString = true;
  }
  return -1;
}

/** JSON with each number written by `number` and each string body (keys included) by `body`. */
function writeWith(value: Json, how: { number?: (n: number) => string; body?: (json: string) => string }): string {
  if (typeof value === "number") return how.number?.(value) ?? JSON.stringify(value);
  if (typeof value === "string") return `"${(how.body ?? ((json: string) => json))(JSON.stringify(value).slice(1, -1))}"`;
  if (Array.isArray(value)) return `[${value.map((item) => writeWith(item, how)).join(",")}]`;
  if (typeof value === "object" && value !== null) return `{${Object.entries(value).map(([key, item]) => `${writeWith(key, how)}:${writeWith(item, how)}`).join(",")}}`;
  return JSON.stringify(value);
}

/** A string body's escapes `\n` and `\t` written as the raw characters (an escaped backslash stays). */
const rawControls = (json: string) => json.replace(/\\(.)/g, (pair, char: string) => (char === "n" ? "\n" : char === "t" ? "\t" : pair));

/** Whether some string (key or value) holds a character that needs an escape. */
function needsEscapes(value: Json): boolean {
  if (typeof value === "string") return JSON.stringify(value).slice(1, -1) !== value;
  if (Array.isArray(value)) return value.some(needsEscapes);
  return typeof value === "object" && value !== null && Object.entries(value).some(([key, item]) => needsEscapes(key) || needsEscapes(item));
}

/** The first top-level member whose value is free text (the schema declares a string with no enum). */
function freeTextKey(value: Record<string, Json>, schema: Schema): string | undefined {
  const properties = schema["properties"] as Record<string, Schema>;
  return Object.keys(value).find((key) => properties[key]?.["type"] === "string" && properties[key]["enum"] === undefined);
}

/** The object as JSON, the value of `key` written as `written` (raw text). */
const withRaw = (value: Record<string, Json>, key: string, written: string) => withMemberWritten(value, key, () => written);

/** A number as JSON5, Python or JavaScript may spell it: `5.`, `.5`, `+3`, `0x1F`, `1_000`. */
function numberSpelling(n: number): string {
  const json = JSON.stringify(n);
  if (json.includes("e")) return json;
  if (Number.isInteger(n) && n >= 1000) return json.replace(/\B(?=(\d{3})+$)/g, "_");
  if (Number.isInteger(n) && n > 0) return n % 2 === 0 ? `0x${n.toString(16).toUpperCase()}` : `+${json}`;
  if (Number.isInteger(n)) return `${json}.`;
  if (Math.abs(n) < 1) return json.replace("0.", ".");
  return n > 0 ? `+${json}` : json;
}

/** Free text that reads the same quoteless to the end of its line (Hjson): no quote, bracket, comma, colon or comment start. */
const quoteless = (text: string) => /^[A-Za-z][A-Za-z ]*[A-Za-z]$/.test(text) && !/^(true|false|null)\b/i.test(text);

/**
 * Families JSON repair libraries document (jsonrepair, json_repair, JSON5, Hjson, dirty-json):
 * each written into a valid value, with the value a right repair gives, or `refuse` where the text does not say it.
 */
const libraryCorruptions: Record<string, Corruption> = {
  "JSONP callback around the object": (value) => ({ text: Object.keys(value).length % 2 === 0 ? `callback(${JSON.stringify(value)});` : `handleResponse(${JSON.stringify(value)})` }),
  "numbers spelt as JSON5, Python or JavaScript allow": (value) => {
    const textValue = writeWith(value, { number: numberSpelling });
    return textValue === JSON.stringify(value) ? undefined : { text: textValue };
  },
  "control characters raw inside strings": (value) => {
    const textValue = writeWith(value, { body: rawControls });
    return textValue === JSON.stringify(value) ? undefined : { text: textValue };
  },
  "a closing bracket typed once too often after the root": (value) => ({ text: `${JSON.stringify(value)}${Object.keys(value).length % 2 === 0 ? "}" : "]"}` }),
  "apostrophes escaped as in JavaScript strings": (value) => {
    const textValue = writeWith(value, { body: (json) => json.replaceAll("'", "\\'") });
    return textValue === JSON.stringify(value) ? undefined : { text: textValue };
  },
  "no-break spaces and a byte order mark between tokens": (value) => {
    const textValue = JSON.stringify(value, null, 1).replace(/^( +)/gm, (spaces: string) => "\u00a0".repeat(spaces.length)).replace(/": /g, '":\u00a0');
    return { text: `\ufeff${textValue}` };
  },
  "an ellipsis for items left out of a list": (value) => {
    const key = Object.keys(value).find((name) => Array.isArray(value[name]) && (value[name] as Json[]).length > 0);
    if (key === undefined) return undefined;
    const items = (value[key] as Json[]).map((item) => JSON.stringify(item));
    return { text: withRaw(value, key, `[${[...items, items.length % 2 === 0 ? "..." : "…"].join(", ")}]`), refuse: true };
  },
  "a key written without its value": (value, schema) => {
    const absent = Object.keys(schema["properties"] as Schema).find((name) => !(name in value));
    if (absent === undefined) return undefined;
    return { text: `${JSON.stringify(value).slice(0, -1)}${Object.keys(value).length > 0 ? "," : ""}"${absent}"}`, refuse: true };
  },
  "an unquoted URL": (value, schema) => {
    const key = freeTextKey(value, schema);
    if (key === undefined) return undefined;
    const url = Object.keys(value).length % 2 === 0 ? "https://example.com/docs/a.html?page=2&q=b#top" : "http://localhost:8080/api/v1/items";
    return { text: withRaw(value, key, url), meant: { ...value, [key]: url } };
  },
  "a regular expression literal": (value, schema) => {
    const key = freeTextKey(value, schema);
    if (key === undefined) return undefined;
    const regex = ["/ab+c/", "/^[a-z]+\\.txt$/i", "/\\d{3}-\\d{4}/g"][Object.keys(value).length % 3]!;
    return { text: withRaw(value, key, regex), meant: { ...value, [key]: regex } };
  },
  "a comma after the root object": (value) => ({ text: `${JSON.stringify(value, null, 1)},` }),
  "a code fence opened and never closed": (value) => ({ text: `\`\`\`json\n${JSON.stringify(value, null, 2)}${Object.keys(value).length % 2 === 0 ? "\n" : ""}` }),
  "a code fence closed and never opened": (value) => ({ text: `${JSON.stringify(value, null, 2)}\n\`\`\`` }),
  "the fence's language tag on its own line, no fence": (value) => ({ text: `json\n${JSON.stringify(value, null, 2)}` }),
  "undefined or Infinity where a value goes": (value) => {
    const key = Object.keys(value).find((name) => typeof value[name] === "number") ?? Object.keys(value)[0];
    if (key === undefined) return undefined;
    return { text: withRaw(value, key, typeof value[key] === "number" && Object.keys(value).length % 2 === 0 ? "-Infinity" : "undefined"), refuse: true };
  },
  "newline-delimited objects with other values": (value) => {
    const key = Object.keys(value).find((name) => typeof value[name] === "string" || typeof value[name] === "number");
    if (key === undefined) return undefined;
    const other = { ...value, [key]: typeof value[key] === "number" ? (value[key] as number) + 1 : `${value[key] as string}, again` };
    return { text: `${JSON.stringify(value)}\n${JSON.stringify(other)}`, refuse: true };
  },
  "a number written with its unit, currency or thousands separator": (value, schema) => {
    const properties = schema["properties"] as Record<string, Schema>;
    const key = Object.keys(value).find((name) => Number.isInteger(value[name]) && (value[name] as number) >= 1000 && properties[name]?.["type"] === "integer");
    if (key === undefined) return undefined;
    const n = value[key] as number;
    const written = [`${n.toLocaleString("en-US")}`, `$${n}`, `${n}%`, `${n} ms`][n % 4]!;
    return { text: withRaw(value, key, written), refuse: true };
  },
  "a URL string missing its closing quote before the next member": (value, schema) => {
    const keys = Object.keys(value);
    const key = freeTextKey(value, schema);
    if (key === undefined || keys.indexOf(key) === keys.length - 1) return undefined;
    const url = "https://example.com/docs/page?id=7";
    return { text: withRaw(value, key, `"${url}`), meant: { ...value, [key]: url } };
  },
  "the whole text escaped twice": (value) => {
    if (needsEscapes(value)) return undefined;
    const once = JSON.stringify(JSON.stringify(value)).slice(1, -1);
    return { text: Object.keys(value).length % 2 === 0 ? JSON.stringify(once).slice(1, -1) : once.replaceAll('\\"', '\\\\"') };
  },
  "Python's implicit concatenation of adjacent strings": (value) => {
    const textValue = JSON.stringify(value);
    // The first string value with no escape, found string by string: `:"` inside a string opens none.
    const strings = [...textValue.matchAll(/"(?:[^"\\]|\\.)*"/g)];
    const found = strings.find((match, at) => at > 0 && textValue[match.index - 1] === ":" && !match[0].slice(1, -1).includes("\\") && match[0].length > 3);
    if (found === undefined) return undefined;
    const body = found[0].slice(1, -1);
    const half = body.length >> 1;
    return { text: `${textValue.slice(0, found.index)}"${body.slice(0, half)}" "${body.slice(half)}"${textValue.slice(found.index + found[0].length)}` };
  },
  "a Windows folder path ending in a raw backslash": (value, schema) => {
    const key = freeTextKey(value, schema);
    if (key === undefined) return undefined;
    const path = "C:\\Users\\me\\Documents\\";
    return { text: withRaw(value, key, `"${path}"`), meant: { ...value, [key]: path } };
  },
  "Hjson: no root braces, one member a line, quoteless text": (value) => {
    const lines = Object.entries(value).map(([key, item]) => `${key}: ${typeof item === "string" && quoteless(item) ? item : JSON.stringify(item)}`);
    return { text: lines.join("\n") };
  },
  "an ellipsis for members left out, or NaN for a number": (value) => {
    const key = Object.keys(value).find((name) => typeof value[name] === "number");
    if (key !== undefined && Object.keys(value).length % 2 === 0) return { text: withRaw(value, key, "NaN"), refuse: true };
    return { text: `${JSON.stringify(value).slice(0, -1)}, ...}`, refuse: true };
  },
};

/**
 * Families held out when the rules for the others are written: their outcomes are summed by
 * `CORRUPTION_TALLY=1`, never read one by one, and gate nothing until they are promoted (a wrong repair
 * there is a finding to promote the family and fix it). None is held now: the five held while the
 * escaped-apostrophe and JSON5-number rules were written (escaped twice, implicit concatenation, a
 * Windows path ending in a backslash, Hjson, ellipsis or NaN) were measured and promoted.
 */
const HELD: ReadonlySet<string> = new Set<string>([]);

const engine = createRepairEngine();

function describeOutcome(outcome: RepairOutcome): string {
  return outcome.kind === "repaired" ? `${outcome.arguments} via ${outcome.fixers.join(", ")}` : outcome.kind;
}

/** How often each family's corruptions came back exact, refused or as another value. */
interface Tally {
  exact: number;
  refused: number;
  wrong: number;
  /** A tuned family's first wrong repair, and its first refusal, for the tally. */
  example?: string;
  refusal?: string;
}

/** `CORRUPTION_TALLY=1`: count every outcome and print the tallies instead of stopping at the first wrong repair. */
const tallyOnly = process.env["CORRUPTION_TALLY"] === "1";

describe("a corrupted valid call", () => {
  // One schema compiled per sample, every corruption applied to it: compiling dominates the cost.
  it("is repaired to exactly the value, or not repaired, whatever the corruption", () => {
    const all: Record<string, Corruption> = { ...corruptions, ...libraryCorruptions };
    const counts = new Map<string, Record<RepairOutcome["kind"], number>>();
    const tallies = new Map<string, Tally>();
    fc.assert(
      fc.property(schemaAndValue, ({ schema, value }) => {
        const tools = engine.prepareTools([{ name: "tool", parameters: schema }]);
        for (const [name, corrupt] of Object.entries(all)) {
          // Held families are measured, not gated: their outcomes are summed by the tally, never read one by one.
          if (HELD.has(name) && !tallyOnly) continue;
          const corrupted = corrupt(value, schema);
          if (corrupted === undefined) continue;
          const outcome = engine.repair({ name: "tool", arguments: corrupted.text }, tools);
          const count = counts.get(name) ?? { valid: 0, repaired: 0, failed: 0, unvalidated: 0 };
          count[outcome.kind]++;
          counts.set(name, count);
          const tally = tallies.get(name) ?? { exact: 0, refused: 0, wrong: 0 };
          tallies.set(name, tally);
          if (outcome.kind !== "repaired") {
            tally.refused++;
            if (tallyOnly && !HELD.has(name) && corrupted.refuse === undefined) tally.refusal ??= corrupted.text;
            continue;
          }
          const expected = corrupted.expected ?? corrupted.meant ?? value;
          const right =
            corrupted.refuse === undefined &&
            canonical(JSON.parse(outcome.arguments)) === canonical(expected) &&
            (corrupted.expected === undefined || outcome.lossy);
          tally[right ? "exact" : "wrong"]++;
          if (tallyOnly) {
            if (!right && !HELD.has(name)) tally.example ??= `${corrupted.text} → ${describeOutcome(outcome)}`;
            continue;
          }
          expect(corrupted.refuse, `${name}: ${corrupted.text} → ${describeOutcome(outcome)}`).toBeUndefined();
          expect(canonical(JSON.parse(outcome.arguments)), `${name}: ${corrupted.text} → ${describeOutcome(outcome)}`).toBe(canonical(expected));
          if (corrupted.expected !== undefined) expect(outcome.lossy, `${name}: ${corrupted.text}`).toBe(true);
        }
      }),
      { numRuns: 250 },
    );
    // Not a recall target: proof that every operator produced broken calls, so the property is not vacuous.
    for (const name of Object.keys(all)) {
      if (HELD.has(name)) continue;
      const count = counts.get(name);
      expect(count === undefined ? 0 : count.repaired + count.failed, `${name}: ${JSON.stringify(count)}`).toBeGreaterThan(0);
    }
    if (tallyOnly) printTallies(tallies);
    // 250 samples take 15 s on an idle core and several times that on a busy machine: a guard against a hang, not a speed check.
  }, 180_000);
});

/** The tuned families one by one, the held ones summed. */
function printTallies(tallies: Map<string, Tally>): void {
  const held: Tally = { exact: 0, refused: 0, wrong: 0 };
  const lines: string[] = [];
  for (const [name, tally] of tallies) {
    if (HELD.has(name)) for (const kind of ["exact", "refused", "wrong"] as const) held[kind] += tally[kind];
    else lines.push(`${name}: exact ${tally.exact}, refused ${tally.refused}, wrong ${tally.wrong}${tally.example === undefined ? "" : `\n    e.g. ${tally.example}`}${tally.refusal === undefined ? "" : `\n    refused: ${tally.refusal}`}`);
  }
  lines.push(`held (${HELD.size} families): exact ${held.exact}, refused ${held.refused}, wrong ${held.wrong}`);
  process.stdout.write(`${lines.join("\n")}\n`);
}
