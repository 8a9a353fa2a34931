/**
 * Corruptions of a call's arguments text, each knowing the exact value a
 * correct repair yields (or `null` when any repair would be a guess).
 * An operator returns `undefined` when it does not apply to the value.
 */
import type { Random } from "./random.ts";
import type { GeneratorTool } from "./schemas.ts";
import { jsonWith, pythonLiteral, topLevelMembers } from "./serialize.ts";
import type { Json } from "./values.ts";

export interface OperatorInput {
  readonly tool: GeneratorTool;
  readonly value: { [key: string]: Json };
  readonly random: Random;
}

export interface Corruption {
  readonly class: string;
  readonly emitted: string | null;
  readonly raw: unknown;
  readonly expected: { [key: string]: Json } | null;
  readonly note: string;
}

export type Operator = (input: OperatorInput) => Corruption | undefined;
type Schema = Record<string, unknown>;

const propertiesOf = (tool: GeneratorTool) => (tool.parameters.properties ?? {}) as Record<string, Schema>;
const requiredOf = (tool: GeneratorTool) => new Set((tool.parameters.required ?? []) as string[]);
const closed = (tool: GeneratorTool) => tool.parameters.additionalProperties === false;
const call = (input: OperatorInput, cls: string, raw: unknown, note: string, expected: Corruption["expected"] = input.value): Corruption => ({
  class: cls,
  emitted: input.tool.name,
  raw,
  expected,
  note,
});
const without = (value: { [key: string]: Json }, key: string) => Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));

/** JSON with Python's words for literals, strings left as JSON. */
function withPythonWords(value: Json): string {
  if (value === null) return "None";
  if (value === true) return "True";
  if (value === false) return "False";
  if (Array.isArray(value)) return `[${value.map(withPythonWords).join(", ")}]`;
  if (typeof value === "object") return `{${Object.entries(value).map(([key, member]) => `${JSON.stringify(key)}: ${withPythonWords(member)}`).join(", ")}}`;
  return JSON.stringify(value);
}
const hasLiteral = (value: Json): boolean =>
  value === null || typeof value === "boolean" || (typeof value === "object" && Object.values(value).some(hasLiteral));

/** A string that reads the same unquoted: no quotes, brackets, newlines, not a number or literal word. */
const bareSafe = (text: string) =>
  text.length > 0 && text.trim() === text && !/["{}[\]\n]/.test(text) && !/^(true|false|null|none|-?\d)/i.test(text) && !/,\s*"?\w+"?\s*:/.test(text);

/** A string property any text fits: no enum, const, format or pattern to rule a reading out. */
const freeText = (schema: Schema | undefined) => schema !== undefined && ["enum", "const", "format", "pattern"].every((keyword) => schema[keyword] === undefined);

/** Free text with inner double quotes, as models write it unescaped. */
const quotedTexts = ['say "hi" to Bob', 'See [the docs]("https://example.com/a") first', 'the "fast" mode, not "safe"', 'He wrote: "done", then left'];

const camel = (key: string) => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

export const syntaxOperators: Record<string, Operator> = {
  valid: (input) => call(input, "valid", JSON.stringify(input.value), "valid arguments"),
  trailing_comma: (input) => call(input, "syntax", `${jsonWith(input.value)},}`.replace(/},}$/, ",}"), "trailing comma before the closing brace"),
  python_dict: (input) => call(input, "syntax", pythonLiteral(input.value), "Python dict repr: single quotes, escaped backslashes, True/False/None"),
  python_literals: (input) => {
    const properties = propertiesOf(input.tool);
    const flag = Object.keys(properties).find((name) => properties[name]?.type === "boolean");
    const value = flag === undefined || hasLiteral(input.value) ? input.value : { ...input.value, [flag]: input.random.chance(0.5) };
    return hasLiteral(value) ? call(input, "syntax", withPythonWords(value), "JSON with True/False/None", value) : undefined;
  },
  unquoted_keys: (input) => call(input, "syntax", jsonWith(input.value, { keyQuote: "" }), "unquoted top-level keys"),
  unquoted_values: (input) => {
    const keys = Object.entries(input.value).filter(([, member]) => typeof member === "string" && bareSafe(member));
    if (keys.length === 0) return undefined;
    const bare = new Set(keys.map(([key]) => key));
    const members = Object.entries(input.value).map(([key, member]) => `${JSON.stringify(key)}: ${bare.has(key) ? String(member) : JSON.stringify(member)}`);
    return call(input, "syntax", `{${members.join(", ")}}`, `unquoted string values (${[...bare].join(", ")})`);
  },
  unescaped_inner_quotes: (input) => {
    // Puts quoted text into a free-text string property, then leaves its inner quotes unescaped.
    const properties = propertiesOf(input.tool);
    const key = Object.keys(input.value).find((name) => properties[name]?.type === "string" && properties[name]?.enum === undefined && properties[name]?.format === undefined);
    if (key === undefined) return undefined;
    const text = input.random.pick(quotedTexts);
    const value = { ...input.value, [key]: text };
    const members = Object.entries(value).map(([name, member]) =>
      name === key ? `${JSON.stringify(name)}: "${text}"` : `${JSON.stringify(name)}: ${JSON.stringify(member)}`,
    );
    return call(input, "syntax", `{${members.join(", ")}}`, `unescaped double quotes inside "${key}"`, value);
  },
  doubled_quotes: (input) => {
    const key = Object.keys(input.value).find((name) => typeof input.value[name] === "string" && !/["\\\n]/.test(input.value[name] as string) && input.value[name] !== "");
    if (key === undefined) return undefined;
    const members = Object.entries(input.value).map(([name, member]) =>
      name === key ? `${JSON.stringify(name)}: ""${String(member)}""` : `${JSON.stringify(name)}: ${JSON.stringify(member)}`,
    );
    // `""Paris""` is Paris in doubled quotes or "Paris" with its quotes not escaped: only a schema that rules
    // the quoted text out (an enum, a format) says which.
    if (freeText(propertiesOf(input.tool)[key])) {
      return call(input, "unrecoverable", `{${members.join(", ")}}`, `doubled quotes around the free text "${key}": the text in quotes, or quoted`, null);
    }
    return call(input, "syntax", `{${members.join(", ")}}`, `doubled quotes around "${key}"`);
  },
  repeated_object: (input) => call(input, "syntax", `${JSON.stringify(input.value)}${input.random.pick(["", "\n", " "])}${JSON.stringify(input.value)}`, "the same object twice in a row"),
  comments: (input) => {
    if (Object.keys(input.value).length < 2) return undefined;
    const comment = input.random.pick([",\n  // from the user's request\n  ", ", /* checked */ ", ",\n  # required by the tool\n  "]);
    return call(input, "syntax", `{\n  ${topLevelMembers(input.value).join(comment)}\n}`, "comments between members");
  },
  missing_comma: (input) =>
    Object.keys(input.value).length < 2 ? undefined : call(input, "syntax", jsonWith(input.value, { separator: input.random.pick(["\n", " "]) }), "missing commas between members"),
  early_close: (input) => {
    const members = topLevelMembers(input.value);
    if (members.length < 2) return undefined;
    return call(input, "syntax", `{${members[0]}}, ${members.slice(1).join(", ")}}`, "object closed after its first member and continued");
  },
  prose_around: (input) => {
    const text = JSON.stringify(input.value);
    const raw = input.random.chance(0.5) ? `Sure, here are the arguments: ${text}` : `${text}\n\nI filled in what I could from your message.`;
    return call(input, "syntax", raw, "prose before or after the object");
  },
  fenced: (input) => call(input, "fencing", `\`\`\`${input.random.pick(["json", ""])}\n${JSON.stringify(input.value, null, 2)}\n\`\`\``, "arguments in a Markdown fence"),
  special_token: (input) => {
    const token = input.random.pick(["<|eot_id|>", "<|im_end|>", "</tool_call>", "<|call|>", "<｜tool▁call▁end｜>"]);
    return call(input, "special_tokens", `${JSON.stringify(input.value)}${token}`, `control token ${token} after the object`);
  },
  truncated_after_member: (input) => {
    const members = topLevelMembers(input.value, { spaced: false });
    const keys = Object.keys(input.value);
    const required = requiredOf(input.tool);
    for (let cut = keys.length - 1; cut >= 1; cut--) {
      if (![...required].every((key) => keys.slice(0, cut).includes(key) || !(key in input.value))) continue;
      // A number right at the cut may have been longer: end on a separator then.
      const lastIsNumber = typeof input.value[keys[cut - 1]!] === "number";
      const tail = input.random.pick([",", `, "${keys[cut]!.slice(0, 2)}`, ...(lastIsNumber ? [] : [""])]);
      const expected = Object.fromEntries(keys.slice(0, cut).map((key) => [key, input.value[key]!]));
      return call(input, "truncated", `{${members.slice(0, cut).join(",")}${tail}`, "cut after a complete member; later optional members lost", expected);
    }
    return undefined;
  },
  truncated_in_required_string: (input) => {
    const required = requiredOf(input.tool);
    const keys = Object.keys(input.value);
    const index = keys.findIndex((key) => required.has(key) && typeof input.value[key] === "string" && (input.value[key] as string).length >= 6);
    if (index < 0) return undefined;
    const members = topLevelMembers(input.value, { spaced: false });
    const target = members[index]!;
    let cut = target.length - 1 - Math.max(1, Math.floor((target.length - keys[index]!.length - 4) / 2));
    while (target[cut - 1] === "\\") cut--;
    return call(input, "unrecoverable", `{${[...members.slice(0, index), target.slice(0, cut)].join(",")}`, `cut inside the required string "${keys[index]}"`, null);
  },
  numbers_as_strings: (input) => {
    const key = Object.keys(input.value).find((name) => typeof input.value[name] === "number" || typeof input.value[name] === "boolean");
    if (key === undefined) return undefined;
    return call(input, "type_mismatch", JSON.stringify({ ...input.value, [key]: String(input.value[key]) }), `"${key}" sent as a string`);
  },
  enum_case: (input) => {
    const properties = propertiesOf(input.tool);
    for (const [key, member] of Object.entries(input.value)) {
      const values = properties[key]?.enum as string[] | undefined;
      if (values === undefined || typeof member !== "string") continue;
      const changed = member === member.toUpperCase() ? member.toLowerCase() : member.toUpperCase();
      if (changed === member || values.filter((item) => item.toLowerCase() === changed.toLowerCase()).length !== 1) continue;
      return call(input, "enum_case", JSON.stringify({ ...input.value, [key]: changed }), `enum "${key}" in the wrong case`);
    }
    return undefined;
  },
  key_style: (input) => {
    const declared = new Set(Object.keys(propertiesOf(input.tool)));
    for (const key of Object.keys(input.value)) {
      const renamed = key.includes("_") ? input.random.pick([camel(key), key.replaceAll("_", "-")]) : snake(key);
      if (renamed === key || declared.has(renamed)) continue;
      const raw = `{${Object.entries(input.value).map(([name, member]) => `${JSON.stringify(name === key ? renamed : name)}: ${JSON.stringify(member)}`).join(", ")}}`;
      return call(input, "wrong_field_name", raw, `"${key}" written as "${renamed}"`);
    }
    return undefined;
  },
  extra_field: (input) =>
    closed(input.tool) && !("explanation" in propertiesOf(input.tool))
      ? call(input, "extra_field", JSON.stringify({ ...input.value, explanation: "The user asked for this." }), "undeclared property added")
      : undefined,
  missing_required_with_default: (input) => {
    const properties = propertiesOf(input.tool);
    const key = [...requiredOf(input.tool)].find((name) => properties[name]?.default !== undefined);
    if (key === undefined) return undefined;
    const expected = { ...input.value, [key]: properties[key]!.default as Json };
    return call(input, "missing_required", JSON.stringify(without(input.value, key)), `required "${key}" left out; its default fills it`, expected);
  },
  missing_required: (input) => {
    const properties = propertiesOf(input.tool);
    const key = [...requiredOf(input.tool)].find((name) => properties[name]?.default === undefined && properties[name]?.enum === undefined);
    return key === undefined ? undefined : call(input, "unrecoverable", JSON.stringify(without(input.value, key)), `required "${key}" missing, no default`, null);
  },
  empty_arguments: (input) => (requiredOf(input.tool).size === 0 ? undefined : call(input, "unrecoverable", "", "empty arguments while fields are required", null)),
  bare_scalar: (input) => {
    const keys = Object.keys(input.value);
    const only = keys[0];
    if (keys.length !== 1 || only === undefined || requiredOf(input.tool).size !== 1 || typeof input.value[only] !== "string") return undefined;
    return call(input, "syntax", JSON.stringify(input.value[only]), "a bare string for the one required string property");
  },
};
