/**
 * Realistic corruptions of a valid call's arguments, each knowing the value a
 * right repair gives (or that no repair is right). Shared by the property
 * tests that run them over random flat schemas and over composed ones
 * (unions, mixins, `$ref`s).
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Schema = Record<string, unknown>;

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
export interface Corrupted {
  readonly text: string;
  readonly expected?: Record<string, Json>;
  /** No repair is right: the text does not say what the model meant. */
  readonly refuse?: true;
  /** The value the text stands for when the corruption rewrote a value as well (a lossless repair gives it). */
  readonly meant?: Record<string, Json>;
}

export type Corruption = (value: Record<string, Json>, schema: Schema) => Corrupted | undefined;

export const corruptions: Record<string, Corruption> = {
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
  "a key missing its opening quote, a later string ending in a comma": (value, schema) => {
    const properties = schema["properties"] as Record<string, Schema>;
    const keys = Object.keys(value);
    const key = keys.slice(1).find((name) => typeof value[name] === "string" && properties[name]?.["type"] === "string" && properties[name]["enum"] === undefined);
    if (key === undefined) return undefined;
    const meant = { ...value, [key]: `${value[key] as string},` };
    const textValue = JSON.stringify(meant);
    const at = textValue.search(/[{,]"[A-Za-z_]\w*":/);
    return at === -1 ? undefined : { text: textValue.slice(0, at + 1) + textValue.slice(at + 2), meant };
  },
  "a chat-template token as the last string, the final brace dropped": (value, schema) => {
    const properties = schema["properties"] as Record<string, Schema>;
    const key = Object.keys(value).at(-1);
    if (key === undefined || typeof value[key] !== "string" || properties[key]?.["type"] !== "string" || properties[key]["enum"] !== undefined) return undefined;
    const meant = { ...value, [key]: Object.keys(value).length % 2 === 0 ? "<tool_call>" : "see <|im_end|> here" };
    return { text: JSON.stringify(meant).slice(0, -1), meant };
  },
  "stray words after a list that is a member": (value) => {
    const key = Object.keys(value).find((name) => Array.isArray(value[name]));
    return key === undefined ? undefined : { text: withMemberWritten(value, key, (item) => `${JSON.stringify(item)} COMMENT`), expected: value };
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
export const libraryCorruptions: Record<string, Corruption> = {
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
    // A string holding '": ' would get its space swapped too; compact JSON has that text only inside strings.
    if (JSON.stringify(value).includes('": ')) return undefined;
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
