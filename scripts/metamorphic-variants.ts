/**
 * Metamorphic variants of a repair case: changes that must not change the
 * right outcome (a tool or key renamed everywhere, other words inside string
 * values, other digits, other layout outside strings, another neutral prose
 * sentence, the arguments in a Markdown fence, a reasoning block before a
 * text answer or a stop token after it, Markdown emphasis around the line before
 * a call, arguments in JSON spelt another way, other spaces in prose, a chat
 * template's assistant head before a text answer, markup's attributes in single
 * quotes, other sentences of intent around a text call), and one that must change it: a text that is one call,
 * framed as an example, a format or a call not made, must stay text. Each transformation builds
 * the variant's expected value from the original's and gives up (no variant) where it cannot prove the outcome is
 * kept: the name or key also appears where it is data, a fixer matches it by
 * style, the schema constrains the value, a value holds a line break.
 * Used by scripts/metamorphic.ts (report) and test/cases/metamorphic.test.ts.
 */
import type { CorpusCase } from "../src/eval/corpus.ts";
import { isRawJson, parseKeepingNumbers } from "../src/json.ts";
import { objectsInARow } from "../src/repair/json-tokens.ts";
import { Ajv2019 } from "ajv/dist/2019.js";
import formatsModule from "ajv-formats";
import { extractToolCallsFromContent } from "../src/repair/extract-content-calls.ts";
import type { FormatsPlugin } from "ajv-formats";
import { INTENT_LEAD_INS, INTENT_TRAILERS } from "./intent-prose-bank.ts";

export interface Variant {
  readonly transform: TransformName;
  /** What was changed, for reports. */
  readonly detail: string;
  readonly testCase: CorpusCase;
}

export const transformNames = [
  "tool-rename",
  "key-rename",
  "value-words",
  "layout",
  "numbers",
  "prose",
  "envelope-order",
  "fence",
  "reasoning",
  "stop-token",
  "emphasis",
  "json-spelling",
  "prose-spaces",
  "template-head",
  "attribute-quotes",
  "intent-prose",
  "example-frame",
] as const;
export type TransformName = (typeof transformNames)[number];

type Json = unknown;

const ajv = new Ajv2019({ strict: false, logger: false, validateSchema: false });
(formatsModule as unknown as FormatsPlugin)(ajv);

/** Whether the new expected value still fits the tool's schema (a bound, a pattern or an enum it now breaks: no variant). */
function fitsSchema(testCase: CorpusCase, expected: Json): boolean {
  const key = JSON.stringify(testCase.tool.parameters ?? { type: "object" });
  let validate = validators.get(key);
  try {
    if (validate === undefined) {
      validate = ajv.compile(JSON.parse(key) as object);
      validators.set(key, validate);
    }
    return validate(JSON.parse(JSON.stringify(expected))) as boolean;
  } catch {
    return false;
  }
}
const validators = new Map<string, (data: unknown) => unknown>();

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whole occurrences: not inside a longer identifier (letters, digits, `_`, `-`). */
function identifierPattern(word: string): RegExp {
  return new RegExp(`(?<![A-Za-z0-9_\\-])${escapeRegExp(word)}(?![A-Za-z0-9_\\-])`, "g");
}

function countMatches(text: string, pattern: RegExp): number {
  return [...text.matchAll(pattern)].length;
}

/** The texts of a case the model wrote: its raw arguments (as text) and its reasoning. */
function rawText(testCase: CorpusCase): string {
  return typeof testCase.raw_arguments === "string" ? testCase.raw_arguments : JSON.stringify(testCase.raw_arguments);
}
function texts(testCase: CorpusCase): string[] {
  return [rawText(testCase), testCase.reasoning ?? "", testCase.tool_name_emitted ?? ""];
}

/** The case with its texts rewritten by `edit` (an object raw is rewritten as its JSON text and parsed back). */
function withTexts(testCase: CorpusCase, edit: (text: string) => string, editName: (name: string) => string = edit): CorpusCase {
  // An object's numbers as a client would send them: JSON.stringify and JSON.parse agree on them.
  const raw =
    typeof testCase.raw_arguments === "string" ? edit(testCase.raw_arguments) : (JSON.parse(edit(JSON.stringify(testCase.raw_arguments))) as unknown);
  const next: CorpusCase = {
    ...testCase,
    raw_arguments: raw,
    tool_name_emitted: testCase.tool_name_emitted === null ? null : editName(testCase.tool_name_emitted),
  };
  if (testCase.reasoning !== undefined) return { ...next, reasoning: edit(testCase.reasoning) };
  return next;
}

// A case's expected numbers are kept as spelt (raw JSON values): leaves, not objects.
function stringLeaves(value: Json, out: string[] = []): string[] {
  if (isRawJson(value)) return out;
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringLeaves(item, out);
  else if (typeof value === "object" && value !== null) for (const item of Object.values(value)) stringLeaves(item, out);
  return out;
}
function objectKeys(value: Json, out = new Set<string>()): Set<string> {
  if (isRawJson(value)) return out;
  if (Array.isArray(value)) for (const item of value) objectKeys(item, out);
  else if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      out.add(key);
      objectKeys(item, out);
    }
  }
  return out;
}
function mapStrings(value: Json, edit: (text: string) => string): Json {
  if (isRawJson(value)) return value;
  if (typeof value === "string") return edit(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, edit));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, edit)]));
  return value;
}
function mapKeys(value: Json, edit: (key: string) => string): Json {
  if (isRawJson(value)) return value;
  if (Array.isArray(value)) return value.map((item) => mapKeys(item, edit));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [edit(key), mapKeys(item, edit)]));
  return value;
}

/** Lower case, separators dropped: the form fixers match names and keys by. */
const styleless = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Every token of the texts (letters, digits, `_`, `-`). */
function tokens(text: string): string[] {
  return text.match(/[A-Za-z0-9_-]+/g) ?? [];
}

// Words for fresh names and keys: plain, not words the engine or a format gives a meaning.
const freshWords = ["quill", "marble", "tundra", "zephyr", "cobalt", "lumen", "orchid", "basalt", "fennel", "sorrel", "walnut", "heron", "pylon", "cedar", "garnet", "juniper"];

function splitWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .filter((part) => part !== "");
}

// ---------------------------------------------------------------------------------------------
// tool rename

/** Styles a fresh tool name is written in (no dots: a dot reads as a namespace). */
const nameStyles: ReadonlyArray<{ style: string; make: (words: string[]) => string }> = [
  { style: "snake", make: (words) => words.join("_") },
  { style: "camel", make: (words) => words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join("") },
  { style: "kebab", make: (words) => words.join("-") },
  { style: "pascal", make: (words) => words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("") },
  { style: "plain", make: (words) => words.join("") },
];

// Names a format gives a meaning of its own (Functionary's and Llama's code interpreter reads raw code for
// `python`): renamed, the text says something else.
const formatToolNames = new Set(["python", "ipython", "code_interpreter", "brave_search", "wolfram_alpha"]);

function toolRenames(testCase: CorpusCase): Variant[] {
  if (testCase.class === "unknown_tool_name") return [];
  const name = testCase.tool.name;
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(name) || formatToolNames.has(name.toLowerCase())) return [];
  const pattern = identifierPattern(name);
  const all = texts(testCase).join("\n");
  // The name as data: a value or key of the arguments, or the schema.
  if (testCase.expected !== null) {
    if (stringLeaves(testCase.expected).some((text) => text.toLowerCase().includes(name.toLowerCase()))) return [];
    if ([...objectKeys(testCase.expected)].some((key) => styleless(key) === styleless(name))) return [];
  }
  if (JSON.stringify(testCase.tool.parameters ?? {}).toLowerCase().includes(name.toLowerCase())) return [];
  // Every spelling of the name must be the exact one, standing alone (not readFile for read_file, not tool_read_file_1).
  const styleKey = styleless(name);
  const lowered = all.toLowerCase();
  const looseCount = countMatches(lowered, new RegExp(escapeRegExp(name.toLowerCase()), "g"));
  if (looseCount !== countMatches(all, pattern)) return [];
  if (tokens(all).some((token) => token !== name && styleless(token).includes(styleKey) && styleKey.length >= 3)) return [];
  if (testCase.tool_name_emitted !== null && countMatches(testCase.tool_name_emitted, pattern) !== 1) return [];
  const seed = hash(testCase.id);
  const words = [freshWords[seed % freshWords.length]!, freshWords[(seed >>> 4) % freshWords.length]!].filter((word, index, list) => list.indexOf(word) === index);
  if (words.length < 2) words.push("ledger");
  return nameStyles.flatMap(({ style, make }) => {
    const fresh = make(words);
    if (styleless(fresh) === styleKey || lowered.includes(styleless(fresh)) || lowered.includes(fresh.toLowerCase())) return [];
    const edit = (text: string) => text.replace(pattern, fresh);
    const renamed = withTexts(testCase, edit);
    const description = testCase.tool.description;
    return [
      {
        transform: "tool-rename" as const,
        detail: `${name} -> ${fresh} (${style})`,
        testCase: { ...renamed, tool: { ...testCase.tool, name: fresh, ...(description === undefined ? {} : { description: edit(description) }) } },
      },
    ];
  });
}

// ---------------------------------------------------------------------------------------------
// key rename

// Keys an envelope or a format gives a meaning: renaming them changes what the text says.
const envelopeWords = new Set(
  "name arguments args argument parameters parameter params param function functions tool tools tool_name toolname call calls input inputs action action_input type id kwargs content properties required items value values key keys data payload json object text message role result output".split(" "),
);

function schemaKeys(schema: Json, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) schemaKeys(item, out);
  else if (typeof schema === "object" && schema !== null) {
    for (const [key, item] of Object.entries(schema)) {
      if (key === "properties" && typeof item === "object" && item !== null && !Array.isArray(item)) {
        for (const [property, sub] of Object.entries(item)) {
          out.add(property);
          schemaKeys(sub, out);
        }
      } else schemaKeys(item, out);
    }
  }
  return out;
}

/** The schema with property names renamed where they are names (properties, required, dependencies), and in its prose. */
function renameSchemaKeys(schema: Json, rename: (key: string) => string, prose: (text: string) => string): Json {
  if (Array.isArray(schema)) return schema.map((item) => renameSchemaKeys(item, rename, prose));
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, item]) => {
      if (key === "properties" && typeof item === "object" && item !== null && !Array.isArray(item)) {
        return [key, Object.fromEntries(Object.entries(item).map(([property, sub]) => [rename(property), renameSchemaKeys(sub, rename, prose)]))];
      }
      if (key === "required" && Array.isArray(item)) return [key, item.map((entry) => (typeof entry === "string" ? rename(entry) : entry))];
      if ((key === "description" || key === "title") && typeof item === "string") return [key, prose(item)];
      return [key, renameSchemaKeys(item, rename, prose)];
    }),
  );
}

// A key's occurrence is a key when it is written as one: quoted or bare before `:`/`=`, an element or
// attribute name (`<path>`, `<parameter=path>`, `name="path"`, `<arg_key>path</arg_key>`).
const keyLeft = /(?:^|[\s{,("'</=>\\[])$/;
const keyRight = /^(?:\\*["'])?[ \t\r\n]*(?:[:=>]|\/>|<\/|\\*["'](?:[ \t]*>|[ \t]*\/>|[ \t]+\w+=))|^(?:\\*["'])?\s*\]/;

function isKeyOccurrence(text: string, index: number, length: number): boolean {
  return keyLeft.test(text.slice(Math.max(0, index - 2), index)) && keyRight.test(text.slice(index + length, index + length + 24));
}

function keyRenames(testCase: CorpusCase): Variant[] {
  if (testCase.class === "wrong_field_name") return [];
  const schema = testCase.tool.parameters ?? {};
  const keys = [...schemaKeys(schema)];
  const all = texts(testCase).join("\n");
  const allTokens = new Set(tokens(all));
  const lowerAll = all.toLowerCase();
  const spellings = new Map<string, string[]>();
  for (const token of allTokens) spellings.set(styleless(token), [...(spellings.get(styleless(token)) ?? []), token]);
  const expectedKeys = testCase.expected === null ? new Set<string>() : objectKeys(testCase.expected);
  const expectedStrings = testCase.expected === null ? [] : stringLeaves(testCase.expected);
  const used = new Set<string>();
  const renames = new Map<string, string>();
  const seed = hash(testCase.id);
  // A refusal may rest on what the text's other keys mean (`start_time` for `timeMin`): renamed, they mean nothing.
  if (testCase.expected === null) {
    const written = all.match(/[A-Za-z_][\w-]*(?=\\*["']?\s*[:=])/g) ?? [];
    if (written.some((token) => !keys.includes(token) && !envelopeWords.has(token.toLowerCase()))) return [];
  }
  for (const key of keys) {
    if (!/^[A-Za-z][A-Za-z_-]*$/.test(key) || /[_-]{2}|[_-]$/.test(key) || envelopeWords.has(key.toLowerCase()) || key.length < 2) continue;
    if (styleless(key) === styleless(testCase.tool.name) || identifierPattern(key).test(testCase.tool.name)) continue;
    // Another spelling of the key anywhere (filePath for file_path): a fixer may match it by style.
    if ((spellings.get(styleless(key)) ?? []).some((token) => token !== key)) continue;
    if (keys.some((other) => other !== key && styleless(other) === styleless(key))) continue;
    // The key as data.
    if (expectedStrings.some((text) => text.toLowerCase().includes(key.toLowerCase()))) continue;
    const pattern = identifierPattern(key);
    const occurrences = texts(testCase).flatMap((text) => [...text.matchAll(pattern)].map((match) => ({ text, index: match.index })));
    if (!occurrences.every(({ text, index }) => isKeyOccurrence(text, index, key.length))) continue;
    // A key the arguments hold that the text never wrote came from a fixer (a default, a rename): leave it.
    if (expectedKeys.has(key) && occurrences.length === 0) continue;
    const parts = splitWords(key);
    const freshParts = parts.map((part, index) => {
      let word = freshWords[(seed + index * 7 + renames.size * 3) % freshWords.length]!;
      // Past the list, pronounceable made-up words of the part's length (at least 4 letters).
      for (let step = 1; used.has(word) || allTokens.has(word) || lowerAll.includes(word); step++) {
        word = step < freshWords.length ? freshWords[(seed + index * 7 + renames.size * 3 + step) % freshWords.length]! : freshWord("x".repeat(Math.max(6, part.length)), seed ^ step);
      }
      used.add(word);
      return part === part.toUpperCase() ? word.toUpperCase() : part[0] === part[0]!.toUpperCase() ? word[0]!.toUpperCase() + word.slice(1) : word;
    });
    const separator = key.includes("_") ? "_" : key.includes("-") ? "-" : "";
    renames.set(key, freshParts.join(separator));
  }
  if (renames.size === 0) return [];
  const prose = (text: string) => {
    let out = text;
    for (const [key, fresh] of renames) out = out.replace(identifierPattern(key), fresh);
    return out;
  };
  const rename = (key: string) => renames.get(key) ?? key;
  const nextSchema = renameSchemaKeys(schema, rename, prose);
  // A name still in the schema is used elsewhere in it (an enum, a pattern, a $ref): give up.
  const schemaText = JSON.stringify(nextSchema);
  if ([...renames.keys()].some((key) => identifierPattern(key).test(schemaText))) return [];
  const renamed = withTexts(testCase, prose);
  return [
    {
      transform: "key-rename",
      detail: [...renames].map(([key, fresh]) => `${key} -> ${fresh}`).join(", "),
      testCase: {
        ...renamed,
        tool: { ...testCase.tool, parameters: nextSchema as CorpusCase["tool"]["parameters"] },
        expected: testCase.expected === null ? null : (mapKeys(testCase.expected, rename) as Record<string, unknown>),
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// words inside string values

// Words the engine or a format may read as more than a word.
const meaningfulWords = new Set(
  "true false null none nan infinity undefined yes no on off json yaml xml python function functions tool tools call calls name arguments parameters args params example examples sample placeholder string number integer boolean object array todo tbd etc null nil empty".split(
    " ",
  ),
);

const vowels = "aeiou";
const consonants = "bdfgklmnprstvz";

/** A word of the same length and case pattern, pronounceable, seeded. */
function freshWord(word: string, seed: number): string {
  let out = "";
  for (let index = 0; index < word.length; index++) {
    const letters = index % 2 === 0 ? consonants : vowels;
    const letter = letters[(seed >>> (index % 24)) % letters.length]!;
    const char = word[index]!;
    out += char === char.toUpperCase() ? letter.toUpperCase() : letter;
    seed = Math.imul(seed ^ (index + 1), 0x9e3779b1) >>> 0;
  }
  return out;
}

// Encoded strings: other letters may no longer decode.
const schemaConstrainsStrings = (schema: Json) => /"(?:contentEncoding|contentMediaType)"/.test(JSON.stringify(schema ?? {}));

function valueWords(testCase: CorpusCase): Variant[] {
  if (testCase.expected === null) return [];
  if (schemaConstrainsStrings(testCase.tool.parameters)) return [];
  const leaves = stringLeaves(testCase.expected);
  const words = [...new Set(leaves.flatMap((leaf) => leaf.match(/[A-Za-z]{3,}/g) ?? []))];
  const all = texts(testCase).join("\n");
  const schemaText = JSON.stringify(testCase.tool).toLowerCase();
  const keys = [...objectKeys(testCase.expected)].map((key) => key.toLowerCase());
  const expectedText = leaves.join("\n");
  const lowerAll = all.toLowerCase();
  const renames = new Map<string, string>();
  const seed = hash(testCase.id);
  for (const word of words) {
    const lower = word.toLowerCase();
    if (meaningfulWords.has(lower) || keys.some((key) => key.includes(lower)) || new RegExp(`(?<![A-Za-z])${word}(?![A-Za-z])`, "i").test(schemaText)) continue;
    const pattern = new RegExp(`(?<![A-Za-z\\\\])${word}(?![A-Za-z])`, "g");
    // Each occurrence in the text is one in a value: as many as the values hold, none after a backslash.
    if (countMatches(all, pattern) !== countMatches(expectedText, pattern)) continue;
    if (countMatches(all, new RegExp(`(?<![A-Za-z])${word}(?![A-Za-z])`, "gi")) !== countMatches(all, pattern)) continue;
    let fresh: string | undefined = freshWord(word, seed ^ hash(word));
    for (let step = 1; fresh === word || meaningfulWords.has(fresh.toLowerCase()) || lowerAll.includes(fresh.toLowerCase()) || [...renames.values()].includes(fresh); step++) {
      fresh = step > 64 ? undefined : freshWord(word, seed ^ hash(word) ^ step);
      if (fresh === undefined) break;
    }
    if (fresh !== undefined) renames.set(word, fresh);
  }
  if (renames.size === 0) return [];
  const edit = (text: string) => {
    let out = text;
    for (const [word, fresh] of renames) out = out.replace(new RegExp(`(?<![A-Za-z\\\\])${word}(?![A-Za-z])`, "g"), fresh);
    return out;
  };
  const editValue = (text: string) => {
    let out = text;
    for (const [word, fresh] of renames) out = out.replace(new RegExp(`(?<![A-Za-z])${word}(?![A-Za-z])`, "g"), fresh);
    return out;
  };
  const renamed = withTexts(testCase, edit);
  const expected = mapStrings(testCase.expected, editValue) as Record<string, unknown>;
  if (!fitsSchema(testCase, expected)) return [];
  return [
    {
      transform: "value-words",
      detail: [...renames].map(([word, fresh]) => `${word} -> ${fresh}`).join(", "),
      testCase: { ...renamed, expected },
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// layout outside strings

/** Whether the text ends inside a double-quoted string (JSON-style escapes). */
function endsInsideString(text: string): boolean {
  let inside = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inside && char === "\\") index++;
    else if (char === '"') inside = !inside;
  }
  return inside;
}

function layouts(testCase: CorpusCase): Variant[] {
  if (typeof testCase.raw_arguments !== "string") return [];
  const raw = testCase.raw_arguments;
  const out: Variant[] = [];
  const push = (detail: string, text: string) => {
    if (text !== raw) out.push({ transform: "layout", detail, testCase: { ...testCase, raw_arguments: text } });
  };
  const leaves = testCase.expected === null ? [] : stringLeaves(testCase.expected);
  // Line breaks and indentation are layout only when no value holds a line break (else they may be the value's).
  // A backslash before a line break continues a string over it (JSON5).
  const linesAreLayout =
    testCase.expected !== null &&
    ![...leaves, ...objectKeys(testCase.expected)].some((leaf) => /[\r\n\t]/.test(leaf)) &&
    !raw.includes("\r") &&
    !/\\\r?\n/.test(raw);
  // A value the text ends in (no closer after it) would take whitespace added at the end.
  const trimmedEnd = raw.trimEnd();
  const endsInValue = endsInsideString(raw) || leaves.some((leaf) => leaf.length >= 1 && trimmedEnd.endsWith(leaf.trimEnd().slice(-8)));
  if (!endsInValue) {
    if (!raw.endsWith("\n")) push("trailing newline", `${raw}\n`);
    // No spaces before the first line: four of them would make it a Markdown code block.
    push("leading and trailing whitespace", `\n${raw}  \n`);
  } else if (!/^\s/.test(raw)) push("leading whitespace", `\n${raw}`);
  // A refusal never rests on how lines end: CRLF keeps an unreadable text unreadable, whatever its values hold.
  if (testCase.expected === null && raw.includes("\n") && !raw.includes("\r")) push("CRLF line endings", raw.replace(/\n/g, "\r\n"));
  if (!linesAreLayout || !raw.includes("\n")) return out;
  push("CRLF line endings", raw.replace(/\n/g, "\r\n"));
  // Markdown gives indentation a meaning: before a fence (four spaces make it code, not a fence), and after a
  // blank line (four spaces start a code block there).
  const markdown = testCase.class === "content_embedded_call";
  const indentedBlock = markdown && /(?:^|\n)[ \t]*\n[ \t]+\S/.test(raw);
  if (!/\n[ \t]+(?:```|~~~)/.test(raw) && !indentedBlock) {
    if (/\n {2}/.test(raw)) push("indentation doubled", raw.replace(/\n( +)/g, (_match, spaces: string) => `\n${spaces}${spaces}`));
    if (/\n {2}/.test(raw)) push("indentation as tabs", raw.replace(/\n((?: {2})+)/g, (_match, spaces: string) => `\n${"\t".repeat(spaces.length / 2)}`));
    if (/\n\t/.test(raw)) push("indentation as spaces", raw.replace(/\n(\t+)/g, (_match, tabs: string) => `\n${"    ".repeat(tabs.length)}`));
    if (/\S[ \t]*\n[ \t]+\S/.test(raw)) push("indentation removed", raw.replace(/\n[ \t]+/g, "\n"));
  }
  if (/\n[ \t]*\n/.test(raw) && !indentedBlock) push("blank lines removed", raw.replace(/\n(?:[ \t]*\n)+/g, "\n"));
  // A line break next to a value written bare (`<parameter=city>\nParis\n</parameter>`) is the value's
  // edge, which formats trim once: a blank line there is part of the value. Blank lines go where lines
  // are structure: after `{`, `[` or `,`, before `}` or `]`, between two tags, before a `Label:` line.
  const tagsInValues = leaves.some((leaf) => /[<>]/.test(leaf));
  // In text that Markdown reads, a blank line before a line indented by four spaces or a tab starts a code block.
  push(
    "blank line added between structural lines",
    raw.replace(/(?<=(\S)[ \t]*)\n(?=([ \t]*)(\S)([^\n]*))/g, (match, before: string, indent: string, after: string, rest: string) =>
      markdown && (indent.includes("\t") || indent.length >= 4)
        ? match
        : "{[,".includes(before) || "}]".includes(after) || (!tagsInValues && before === ">" && after === "<") || (before !== ">" && /^[A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)?:/.test(after + rest))
        ? `\n${match}`
        : match,
    ),
  );
  // Spaces after JSON's `:` and `,` (after a closing quote, bracket or a digit), added or taken out:
  // only when no value holds a `,` or `:` that a bare value could have written.
  if (!endsInsideString(raw) && !leaves.some((leaf) => /[,:]/.test(leaf))) {
    push("spaces after JSON punctuation removed", outsideStrings(raw, (part) => part.replace(/(?<=["}\]\d][,:])[ \t]+(?=\S)/g, "")));
    push("a space after JSON punctuation", outsideStrings(raw, (part) => part.replace(/(?<=["}\]\d][,:])(?=["{[\d])/g, " ")));
  }
  return out;
}

/** `edit` applied to the parts of `text` outside its double-quoted strings. */
function outsideStrings(text: string, edit: (part: string) => string): string {
  let out = "";
  let from = 0;
  let inside = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (inside && char === "\\") index++;
    else if (char === '"') {
      // Each part outside holds the quotes around it, so a rule may look at the quote before `:`.
      out += inside ? text.slice(from, index) : edit(text.slice(from, index + 1));
      from = inside ? index : index + 1;
      inside = !inside;
    }
  }
  return out + (inside ? text.slice(from) : edit(text.slice(from)));
}

// ---------------------------------------------------------------------------------------------
// envelope member order

/** The end of the JSON value opening at `at` (`{` or `[`), past its closer; -1 when it does not close. */
function valueEnd(text: string, at: number): number {
  let depth = 0;
  let inside = false;
  for (let index = at; index < text.length; index++) {
    const char = text[index];
    if (inside) {
      if (char === "\\") index++;
      else if (char === '"') inside = false;
    } else if (char === '"') inside = true;
    else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}

/** `{"name": "t", "arguments": {…}}` written as `{"arguments": {…}, "name": "t"}`: the envelope's members in the other order. */
function envelopeOrders(testCase: CorpusCase): Variant[] {
  if (testCase.class !== "content_embedded_call" || testCase.expected === null || typeof testCase.raw_arguments !== "string") return [];
  const raw = testCase.raw_arguments;
  const head = new RegExp(`\\{(\\s*)"name"\\s*:\\s*"${escapeRegExp(testCase.tool.name)}"\\s*,(\\s*)"(arguments|parameters)"\\s*:\\s*(?=\\{)`, "g");
  let text = raw;
  let swapped = 0;
  for (const match of [...raw.matchAll(head)].reverse()) {
    const open = match.index + match[0].length;
    const end = valueEnd(raw, open);
    if (end < 0) return [];
    const close = /^\s*\}/.exec(raw.slice(end));
    if (close === null) return [];
    const rebuilt = `{${match[1]}"${match[3]}": ${raw.slice(open, end)},${match[2]}"name": "${testCase.tool.name}"${close[0]}`;
    text = text.slice(0, match.index) + rebuilt + text.slice(end + close[0].length);
    swapped++;
  }
  return swapped === 0 ? [] : [{ transform: "envelope-order", detail: `${swapped} envelope(s) with arguments first`, testCase: { ...testCase, raw_arguments: text } }];
}

// ---------------------------------------------------------------------------------------------
// numbers

/** Digit runs not stuck to a letter, `_` or another run's decimal sign: numbers as written. */
const digitRun = /(?<![A-Za-z0-9_\\])\d+(?![A-Za-z0-9_])/g;

function numbers(testCase: CorpusCase): Variant[] {
  if (testCase.expected === null) return [];
  // A default the arguments may take from the schema is not the text's number.
  if (/"default"/.test(JSON.stringify(testCase.tool.parameters ?? {}))) return [];
  if ([...schemaKeys(testCase.tool.parameters ?? {})].some((key) => /\d/.test(key))) return [];
  if (/\d/.test(testCase.tool.name) || /\d/.test(testCase.tool_name_emitted ?? "")) return [];
  const all = texts(testCase).join("\n");
  // Spellings whose digits the runs do not show: exponents, hexadecimal, binary and octal literals, escapes.
  if (/\d[eE][+-]?\d|0[xX][0-9a-fA-F]|0[bB][01]|0[oO][0-7]|\\u00[3][0-9]/i.test(all)) return [];
  const expectedText = JSON.stringify(testCase.expected);
  if (/\d[eE][+-]?\d/.test(expectedText)) return [];
  const expectedRuns = expectedText.match(digitRun) ?? [];
  if (expectedRuns.length === 0) return [];
  const textRuns = new Set(all.match(digitRun) ?? []);
  // Every number the arguments hold is one the text wrote, and short enough for a double.
  if (!expectedRuns.every((run) => textRuns.has(run) && run.length <= 15)) return [];
  if ([...textRuns].some((run) => run.length > 15)) return [];
  // A permutation of 1-9 with no fixed point; 0 stays (leading and trailing zeros keep their shape).
  const seed = hash(testCase.id);
  const shift = 1 + (seed % 8);
  const digit = (char: string) => (char === "0" ? "0" : String(((Number(char) - 1 + shift) % 9) + 1));
  const edit = (text: string) => text.replace(digitRun, (run) => [...run].map(digit).join(""));
  const renamed = withTexts(testCase, edit, (name) => name);
  const expected = parseKeepingNumbers(edit(expectedText)) as Record<string, unknown>;
  if (!fitsSchema(testCase, expected)) return [];
  return [{ transform: "numbers", detail: `digits shifted by ${shift}`, testCase: { ...renamed, expected } }];
}

// ---------------------------------------------------------------------------------------------
// prose

const neutralBefore = ["Sure, I can help with that.", "Okay, let me take care of it.", "Right away."];
const neutralAfter = ["One moment while that runs.", "I will continue once it is done."];
const sentence = "[A-Z][a-z][A-Za-z ,']{4,100}[.!]";
const leadingSentence = new RegExp(`^(\\s*)(${sentence})(?=\\s)`);
const lastSentence = new RegExp(`((?:^|[.!?]|\\n)\\s*)(${sentence})(?=\\s*$)`);
const trailingSentence = new RegExp(`(?<=[>})\\]\`]\\s*)(${sentence})(\\s*)$`);

function proses(testCase: CorpusCase): Variant[] {
  if (testCase.class !== "content_embedded_call" || testCase.expected === null || typeof testCase.raw_arguments !== "string") return [];
  const raw = testCase.raw_arguments;
  const out: Variant[] = [];
  const seed = hash(testCase.id);
  const names = [testCase.tool.name.toLowerCase(), ...[...schemaKeys(testCase.tool.parameters ?? {})].map((key) => key.toLowerCase())];
  const neutral = (found: string) => !names.some((word) => found.toLowerCase().includes(word)) && !/\b(?:tool|call|function|json|example|format|result|output|return)/i.test(found);
  const before = leadingSentence.exec(raw);
  if (before !== null && neutral(before[2]!)) {
    const replacement = neutralBefore[seed % neutralBefore.length]!;
    if (replacement !== before[2]) out.push({ transform: "prose", detail: `before: "${before[2]}" -> "${replacement}"`, testCase: { ...testCase, raw_arguments: raw.replace(leadingSentence, `$1${replacement}`) } });
  }
  // The sentence right before the call, when other prose comes before it.
  const opener = raw.search(/[<{[`]|>>>/);
  if (opener > 0) {
    const prefix = raw.slice(0, opener);
    const last = lastSentence.exec(prefix);
    if (last !== null && last.index + last[1]!.length > 0 && neutral(last[2]!) && (before === null || last.index + last[1]!.length !== before.index + before[1]!.length)) {
      const replacement = neutralBefore[(seed >>> 3) % neutralBefore.length]!;
      const start = last.index + last[1]!.length;
      if (replacement !== last[2]) {
        out.push({ transform: "prose", detail: `last before: "${last[2]}" -> "${replacement}"`, testCase: { ...testCase, raw_arguments: raw.slice(0, start) + replacement + raw.slice(start + last[2]!.length) } });
      }
    }
  }
  const after = trailingSentence.exec(raw);
  if (after !== null && neutral(after[1]!)) {
    const replacement = neutralAfter[seed % neutralAfter.length]!;
    const text = raw.slice(0, after.index) + replacement + after[2]!;
    if (replacement !== after[1]) out.push({ transform: "prose", detail: `after: "${after[1]}" -> "${replacement}"`, testCase: { ...testCase, raw_arguments: text } });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// fence

/** Classes whose outcome a fence may change: text read in its context, arguments already fenced or framed, a cut the closing fence would deny, arguments valid as sent (fenced, they need a repair). */
const fenceChanges = new Set(["content_embedded_call", "fencing", "special_tokens", "truncated", "valid"]);

/**
 * The arguments in a ```` ```json ```` fence, as models wrap them: the fence is syntax around them, so the outcome is
 * the bare arguments' (unfenced before anything else reads them). Not for objects in a row (in a fence they may be a
 * stream's snapshots: one call) nor empty arguments (a call whose name holds them).
 */
function fences(testCase: CorpusCase): Variant[] {
  if (fenceChanges.has(testCase.class) || typeof testCase.raw_arguments !== "string") return [];
  const raw = testCase.raw_arguments;
  const trimmed = raw.trim();
  if (!/^[{[]/.test(trimmed) || /```|~~~/.test(raw) || /^\{\s*\}$/.test(trimmed) || (objectsInARow(trimmed, 16)?.length ?? 0) > 1) return [];
  return [{ transform: "fence", detail: "in a json fence", testCase: { ...testCase, raw_arguments: `\`\`\`json\n${trimmed}\n\`\`\`` } }];
}

// ---------------------------------------------------------------------------------------------
// reasoning before the answer, a stop token after it

/** A text answer (calls written as text, or text that holds none the model made), with no reasoning field of its own. */
function answerText(testCase: CorpusCase): string | undefined {
  const raw = testCase.raw_arguments;
  if (typeof raw !== "string" || testCase.reasoning !== undefined) return undefined;
  if (testCase.class === "content_embedded_call" || (testCase.class === "unrecoverable" && !/^\s*[{[]/.test(raw))) return raw;
  return undefined;
}

/** Tags and tokens that open or close a model's reasoning, or end its turn: a text holding one is left as it is. */
const TURN_MARKUP = /<\/?think>|\[\/?THINK\]|<\|(?:im_end|eot_id|eom_id|end|endoftext|end_of_text|return|stop|start|channel|call)\|>|<\/s>|<eos>|<end_of_turn>|<｜end▁of▁sentence｜>/;
/** Forms that hold only where the answer opens (a prompt wrote their start): a reasoning block before them moves them. */
const OPENS_ANSWER = /^\s*(?:to=|python\b|>>>)/;

const REASONING = "<think>\nThe user asked for this. I will do it now.\n</think>\n\n";

/** A reasoning block before the text, as a server that does not split reasoning out leaves it: the answer after it ends the same. */
function reasonings(testCase: CorpusCase): Variant[] {
  const raw = answerText(testCase);
  if (raw === undefined || TURN_MARKUP.test(raw) || OPENS_ANSWER.test(raw)) return [];
  return [{ transform: "reasoning", detail: "a reasoning block before the text", testCase: { ...testCase, raw_arguments: REASONING + raw } }];
}

/** A stop token the server printed after the text (`<|im_end|>`, `<|eot_id|>`): the turn's end, which changes nothing in it. */
function stopTokens(testCase: CorpusCase): Variant[] {
  const raw = answerText(testCase);
  if (raw === undefined || TURN_MARKUP.test(raw)) return [];
  const token = hash(testCase.id) % 2 === 0 ? "<|im_end|>" : "<|eot_id|>";
  return [{ transform: "stop-token", detail: `${token} after the text`, testCase: { ...testCase, raw_arguments: raw + token } }];
}

// ---------------------------------------------------------------------------------------------
// emphasis around the line before a call

/** ReAct's labels are the format's own words, matched as written: bold, they are a heading, not the label. */
const REACT_LABEL = /^(?:thought|action(?: input)?|observation|final answer)\s*:/i;

/**
 * The prose line right before the call's line set in Markdown bold or italics (`**The user wrote:**`, `*Checking the
 * weather:*`, `**Observation**:`): emphasis sets the words off; what they say about the call is the same.
 */
function emphases(testCase: CorpusCase): Variant[] {
  const raw = answerText(testCase);
  if (raw === undefined) return [];
  const lines = raw.split("\n");
  const at = lines.findIndex((line) => /^\s*[<{[`]/.test(line));
  if (at < 1) return [];
  const line = lines[at - 1]!;
  const sentence = /^([A-Z][^*_`<>\n]{3,150}?)([.!?:])$/.exec(line);
  if (sentence === null || REACT_LABEL.test(line)) return [];
  const [, words, stop] = sentence as unknown as [string, string, string];
  const styles = [`**${words}${stop}**`, `*${words}${stop}*`, ...(stop === ":" ? [`**${words}**:`] : [])];
  const wrapped = styles[hash(testCase.id) % styles.length]!;
  const text = [...lines.slice(0, at - 1), wrapped, ...lines.slice(at)].join("\n");
  return [{ transform: "emphasis", detail: `line before the call as ${wrapped.slice(0, 3)}…`, testCase: { ...testCase, raw_arguments: text } }];
}

// ---------------------------------------------------------------------------------------------
// arguments in JSON spelt another way

/** `edit` applied to the double-quoted strings of `text` (their quotes included), the rest kept. */
function insideStrings(text: string, edit: (quoted: string) => string): string {
  let out = "";
  for (let index = 0; index < text.length; ) {
    if (text[index] !== '"') {
      const next = text.indexOf('"', index);
      const end = next < 0 ? text.length : next;
      out += text.slice(index, end);
      index = end;
      continue;
    }
    let end = index + 1;
    while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
    out += edit(text.slice(index, end + 1));
    index = end + 1;
  }
  return out;
}

/** The members of a JSON object's text, as written (the text parses as JSON). */
function memberTexts(text: string): string[] {
  const inner = text.trim().slice(1, -1);
  const members: string[] = [];
  let depth = 0;
  let inside = false;
  let from = 0;
  for (let index = 0; index < inner.length; index++) {
    const char = inner[index];
    if (inside) {
      if (char === "\\") index++;
      else if (char === '"') inside = false;
    } else if (char === '"') inside = true;
    else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") depth--;
    else if (char === "," && depth === 0) {
      members.push(inner.slice(from, index).trim());
      from = index + 1;
    }
  }
  members.push(inner.slice(from).trim());
  return members.filter((member) => member !== "");
}

/** The text laid out one member a line, two spaces a level (strings kept as written). */
function prettyPrinted(text: string): string {
  let depth = 0;
  const indent = () => "  ".repeat(depth);
  return outsideStrings(text.trim(), (part) =>
    [...part.replace(/\s+/g, "")]
      .map((char) => {
        if (char === "{" || char === "[") return `${char}\n${"  ".repeat(++depth)}`;
        if (char === "}" || char === "]") return `\n${"  ".repeat(--depth)}${char}`;
        if (char === ",") return `,\n${indent()}`;
        return char === ":" ? ": " : char;
      })
      .join(""),
  ).replace(/([{[])\n[ ]*\n[ ]*([}\]])/g, "$1$2");
}

/** A character as JSON's `\\u` escapes of its UTF-16 code units (two for a character past the BMP). */
const utf16Escapes = (char: string): string => [...Array(char.length).keys()].map((index) => `\\u${char.charCodeAt(index).toString(16).padStart(4, "0")}`).join("");

/**
 * Arguments sent as JSON that parses, spelt another way JSON allows: laid out on lines or compacted, the object's
 * members in the other order, `/` written `\/`, a letter or a character past ASCII written as its `\u` escape. JSON
 * gives each the same value, so the outcome is the same.
 */
function jsonSpellings(testCase: CorpusCase): Variant[] {
  const raw = testCase.raw_arguments;
  if (typeof raw !== "string" || testCase.class === "content_embedded_call" || testCase.tool_name_emitted === null || !/^\s*\{/.test(raw)) return [];
  try {
    JSON.parse(raw);
  } catch {
    return [];
  }
  const out: Variant[] = [];
  const push = (detail: string, text: string) => {
    if (text !== raw) out.push({ transform: "json-spelling", detail, testCase: { ...testCase, raw_arguments: text } });
  };
  push("laid out on lines", prettyPrinted(raw));
  push("compacted", outsideStrings(raw.trim(), (part) => part.replace(/\s+/g, "")));
  const members = memberTexts(raw);
  if (members.length > 1) push("members in the other order", `{${members.reverse().join(", ")}}`);
  push("/ escaped", insideStrings(raw, (quoted) => quoted.replace(/(?<!\\)((?:\\\\)*)\//g, "$1\\/")));
  push("non-ASCII as \\u escapes", insideStrings(raw, (quoted) => quoted.replace(/[^\p{ASCII}]/gu, (char) => utf16Escapes(char))));
  push("a letter as its \\u escape", insideStrings(raw, (quoted) => quoted.replace(/^("[^\\"]*?)e/, "$1\\u0065")));
  return out;
}

// ---------------------------------------------------------------------------------------------
// other spaces in prose

/**
 * The space after the first word of a text answer's opening sentence written as a no-break space, or a zero-width
 * space added beside it (as editors and web pages leave them): prose, not a call's text, so the outcome is the same.
 */
function proseSpaces(testCase: CorpusCase): Variant[] {
  const raw = answerText(testCase);
  if (raw === undefined || testCase.expected === null || !/^[A-Z][a-z]+ [a-z][A-Za-z ,']{3,80}[.!:]/.test(raw)) return [];
  const space = raw.indexOf(" ");
  return [
    { transform: "prose-spaces", detail: "a no-break space in the opening sentence", testCase: { ...testCase, raw_arguments: `${raw.slice(0, space)}\u00a0${raw.slice(space + 1)}` } },
    { transform: "prose-spaces", detail: "a zero-width space in the opening sentence", testCase: { ...testCase, raw_arguments: `${raw.slice(0, space)} \u200b${raw.slice(space + 1)}` } },
  ];
}

// ---------------------------------------------------------------------------------------------
// a chat template's head before the answer

/** The assistant's head of the templates servers leave at the start of a text answer. */
const ASSISTANT_HEADS = ["<|im_start|>assistant\n", "<|start_header_id|>assistant<|end_header_id|>\n\n", "<start_of_turn>model\n", "<|assistant|>\n"];

/** A template's turn markup already in the text: a head before it may be read with it. */
const TEMPLATE_TURN = /<\|im_start\|>|<\|(?:start|end)_header_id\|>|<\|header_(?:start|end)\|>|<(?:start|end)_of_turn>|<\|(?:assistant|user|system)\|>|<｜(?:Assistant|User)｜>/;

/**
 * The assistant's head of a chat template before a text answer (`<|im_start|>assistant` then a line break, as a server
 * that printed the prompt's last tokens leaves it): the answer starts after it, so it ends the same. Only the answer's
 * own text (a named call's arguments are no answer a head opens).
 */
function templateHeads(testCase: CorpusCase): Variant[] {
  const raw = answerText(testCase);
  if (raw === undefined || TURN_MARKUP.test(raw) || TEMPLATE_TURN.test(raw) || (testCase.class !== "content_embedded_call" && testCase.tool_name_emitted !== null)) return [];
  const head = ASSISTANT_HEADS[hash(testCase.id) % ASSISTANT_HEADS.length]!;
  return [{ transform: "template-head", detail: `${JSON.stringify(head)} before the text`, testCase: { ...testCase, raw_arguments: head + raw } }];
}

// ---------------------------------------------------------------------------------------------
// attributes in single quotes

/** A tag's attribute in double quotes, its value plain (no quote, no markup, no line break). */
const DOUBLE_QUOTED_ATTRIBUTE = /(?<=<[A-Za-z_][\w:.-]*(?:\s+[\w:.-]+='[^'"<>\n]*')*\s+[\w:.-]+=)"([^'"<>\n]*)"/g;

/**
 * The attributes of a text call's markup in single quotes (`<invoke name='get_time'>`, `<parameter name='tz'>`): XML
 * quotes an attribute either way. Not where a value holds markup or quotes (a tag there is the value's, its quotes too).
 */
function attributeQuotes(testCase: CorpusCase): Variant[] {
  const raw = answerText(testCase);
  if (raw === undefined || testCase.expected === null) return [];
  if (stringLeaves(testCase.expected).some((leaf) => /[<>"']/.test(leaf))) return [];
  let text = raw;
  // Each pass turns the first double-quoted attribute of each tag; a tag's later ones follow single-quoted ones.
  for (let pass = 0; pass < 4; pass++) text = text.replace(DOUBLE_QUOTED_ATTRIBUTE, "'$1'");
  return text === raw ? [] : [{ transform: "attribute-quotes", detail: "attributes in single quotes", testCase: { ...testCase, raw_arguments: text } }];
}

// ---------------------------------------------------------------------------------------------
// prose of intent around a call

/** Characters of call markup and syntax: prose holding one may be part of the call (a name line, a label, a token). */
const MARKUP_CHARS = /[<>{}[\]`|=_\\✿(）)]/;
/** A label line (`Action:`, `Tool Call:`, `Output:`): a format's word, not prose. */
const LABEL_LINE = /^[^\p{L}\n]*\p{L}+(?:[ \t]+\p{L}+)?[ \t]*:\s*$/u;
/** Lines a format reads as its own (ReAct's labels, Harmony's header), anywhere in the text: prose beside them may be theirs. */
const FORMAT_LINES = /^\s*(?:\*\*)?(?:thought|action(?: input)?|observation|final answer|tool call)(?:\*\*)?\s*:|(?:^|\s)to=|commentary|functools|^\s*call:/im;
/** Markup that says what follows is the call's result or the model's reasoning (`<|tool_response>`, `[TOOL_RESULTS]`, a channel): a trailer there is no prose after the call. */
const RESULT_OR_CHANNEL = /tool_response|TOOL_RESULTS|<\|channel|<\|startofexec|\[\/?(?:TOOL_)?RESULT/i;
/** Call frames the text opens and never closes (`<tool_call>` without `</tool_call>`, `…_begin|>` without `…_end|>`): what follows may still be the call's. */
function leavesFrameOpen(raw: string): boolean {
  const count = (pattern: RegExp) => (raw.match(pattern) ?? []).length;
  return (
    count(/<tool_call>/g) > count(/<\/tool_call>/g) ||
    count(/(?:begin|start)[|｜]>/g) > count(/end[|｜]>/g) ||
    count(/<\|open\|>/g) > count(/<\|close\|>/g) ||
    count(/<function[=>]/g) > count(/<\/function>/g) ||
    /<\/(?:arg_value|parameter)>\s*$/.test(raw.trimEnd()) && !/<\/(?:tool_call|function)>/.test(raw)
  );
}

/** Whether `text` (trimmed, non-empty) reads as prose only: words and punctuation, no markup, no label, no name the call uses. */
function isPlainProse(text: string, words: readonly string[]): boolean {
  if (text.length < 2 || text.length > 300 || MARKUP_CHARS.test(text) || !/\p{L}/u.test(text)) return false;
  if (text.split("\n").some((line) => line.trim() !== "" && (LABEL_LINE.test(line) || !/^\s*[\p{L}\p{N}*#🔍-]/u.test(line)))) return false;
  const lower = text.toLowerCase();
  // A name or key in another style (`WebFetch` for `web_fetch`) is the name too.
  return !words.some((word) => identifierPattern(word).test(lower)) && !tokens(text).some((token) => words.some((word) => styleless(token) === styleless(word)));
}

/** The sentence with its placeholders filled, or undefined when the case cannot fill one. */
function fillIntent(template: string, tool: string, key: string | undefined, value: string | undefined): string | undefined {
  if ((template.includes("{key}") && key === undefined) || (template.includes("{value}") && value === undefined)) return undefined;
  return template.replaceAll("{tool}", tool).replaceAll("{key}", key ?? "").replaceAll("{value}", value ?? "");
}

const SEPARATORS = ["\n", " ", "\n\n", ""];

/** Whether a format that reads to the text's end (Functionary's raw code) takes `sentence`, written after the call, into it: then no sentence can follow that call. */
function takesIntoCall(text: string, sentence: string, testCase: CorpusCase): boolean {
  const opening = JSON.stringify(sentence).slice(1, 9);
  return extractToolCallsFromContent(text, [testCase.tool])?.calls.some((call) => call.arguments.includes(opening)) === true;
}

/**
 * The sentences before and after a call written as text replaced (or, where there are none, added) by other
 * sentences of intent as models write them around a call they make now (`Let me look that up.`, `Calling
 * \`get_weather\` now:`, `我将调用 get_weather 工具。`, `I'll wait for the result.`): they say the model acts, as the
 * original prose did or its silence did, so the call is read the same. Only where the prose is plain sentences (no
 * markup, no label, no name the call needs) and, for a trailer, the call is closed and the text after it no value.
 */
function intentProses(testCase: CorpusCase): Variant[] {
  if (testCase.class !== "content_embedded_call" || testCase.expected === null || typeof testCase.expected !== "object" || Array.isArray(testCase.expected)) return [];
  const raw = answerText(testCase);
  if (raw === undefined || TURN_MARKUP.test(raw) || OPENS_ANSWER.test(raw) || FORMAT_LINES.test(raw) || RESULT_OR_CHANNEL.test(raw)) return [];
  const tool = testCase.tool.name;
  const expected = testCase.expected as Record<string, unknown>;
  const words = [tool.toLowerCase(), ...[...schemaKeys(testCase.tool.parameters ?? {})].map((key) => key.toLowerCase())];
  const leaves = stringLeaves(expected);
  const named = Object.entries(expected).find(([, value]) => typeof value === "string" && /^[^\n"\\<>{}[\]`]{1,40}$/.test(value));
  const key = named?.[0] ?? Object.keys(expected)[0];
  const value = named?.[1] as string | undefined;
  const seed = hash(testCase.id);
  const pick = (bank: readonly string[], at: number): string | undefined => {
    const filled = bank.map((template) => fillIntent(template, tool, key, value)).filter((text) => text !== undefined);
    return filled.length === 0 ? undefined : filled[at % filled.length];
  };

  // Before the call: the plain prose up to the first markup replaced, or a lead-in added where the text opens with the call.
  const opener = raw.search(/[<{[`]/);
  const prefix = opener < 0 ? "" : raw.slice(0, opener);
  const leadIn = (sentence: string): string | undefined => {
    if (prefix.trim() === "") {
      if (opener < 0 && !raw.trimStart().startsWith(tool)) return undefined;
      // On the call's line only before markup (a tag, a token); forms without a marker open their line.
      const separator = /[:]$|^(?:#|\d+\.|\*\*Step)/.test(sentence) || !raw.trimStart().startsWith("<") ? "\n" : SEPARATORS[(seed >>> 5) % SEPARATORS.length]!;
      return sentence + (/^\s/.test(raw) ? "" : separator) + raw;
    }
    const prose = prefix.trim();
    if (!isPlainProse(prose, words) || leaves.some((leaf) => leaf.includes(prose))) return undefined;
    const start = prefix.indexOf(prose);
    return raw.slice(0, start) + sentence + raw.slice(start + prose.length);
  };

  // After the call: the plain prose after its last closer replaced, or a trailer added after a closed call.
  const tail = /(?<=[>}\])`])([^<>{}[\]`)]*)$/.exec(raw);
  const suffix = tail?.[1] ?? "";
  const balanced = (open: string, close: string) => raw.split(open).length === raw.split(close).length;
  const trailer = (sentence: string): string | undefined => {
    if (tail === null || leavesFrameOpen(raw)) return undefined;
    if (suffix.trim() === "") {
      if (!balanced("{", "}") || !balanced("[", "]")) return undefined;
      // On the call's line only after a closing tag of markup the text opens with: a fence's closer, a name's parenthesis
      // or a bracket ends its line, and so do markup no format defines (`<|FunctionCallBegin|>…<|FunctionCallEnd|>`,
      // `<<TOOL>>…<</TOOL>>`) and a name line's argument elements (no closer marks their end).
      const separator = SEPARATORS[(seed >>> 9) % SEPARATORS.length]!;
      const closedByTag = /<\/[\w:.-]+>$/.test(raw.trimEnd()) && raw.trimStart().startsWith("<");
      return raw.trimEnd() + (closedByTag || separator.includes("\n") ? separator || " " : "\n") + sentence + raw.slice(raw.trimEnd().length);
    }
    const prose = suffix.trim();
    if (!isPlainProse(prose, words) || leaves.some((leaf) => leaf.includes(prose))) return undefined;
    const start = tail.index + suffix.indexOf(prose);
    return raw.slice(0, start) + sentence + raw.slice(start + prose.length);
  };

  const out: Variant[] = [];
  const push = (detail: string, text: string | undefined, trailing?: string) => {
    if (text === undefined || text === raw || (trailing !== undefined && takesIntoCall(text, trailing, testCase))) return;
    out.push({ transform: "intent-prose", detail, testCase: { ...testCase, raw_arguments: text } });
  };
  const firstLead = pick(INTENT_LEAD_INS, seed);
  const firstTrailer = pick(INTENT_TRAILERS, seed >>> 7);
  if (firstLead !== undefined) push(`lead-in: ${JSON.stringify(firstLead)}`, leadIn(firstLead));
  if (firstTrailer !== undefined) push(`trailer: ${JSON.stringify(firstTrailer)}`, trailer(firstTrailer), firstTrailer);
  const secondLead = pick(INTENT_LEAD_INS, (seed >>> 11) + 1);
  const secondTrailer = pick(INTENT_TRAILERS, (seed >>> 13) + 1);
  if (seed % 2 === 0 && secondLead !== undefined && secondTrailer !== undefined) {
    const led = leadIn(secondLead);
    if (led !== undefined && tail !== null) {
      const after = trailer(secondTrailer);
      // The trailer computed on the original text, moved onto the led one: the text after the call is the same in both.
      if (after !== undefined) push(`lead-in and trailer: ${JSON.stringify(secondLead)} … ${JSON.stringify(secondTrailer)}`, led.slice(0, led.length - raw.length + tail.index) + after.slice(tail.index), secondTrailer);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// a call framed as not made

/**
 * Why the words make the call no call, by kind: each one makes whatever call follows (or comes before) not one the
 * model makes now, whoever writes it and whatever the call holds.
 * - example: the call is shown to illustrate a tool's use; an example is made up to be read, not run.
 * - format: the words describe the shape calls take; the call is that shape, written out.
 * - hypothetical: the call is imagined ("if I were", "would"); nothing is sent.
 * - warning: the call is what not to write; sending it would do what the text says must not be done.
 * - quote: someone else wrote the call (the user, the documentation); it is repeated, not made.
 * - later: the call is for another time or waits on the user's word; a call made now ends the turn.
 * - cannot: the model says it cannot or will not make calls here; what follows is shown instead.
 */
type FrameKind = "example" | "format" | "hypothetical" | "warning" | "quote" | "later" | "cannot";

interface Frame {
  readonly kind: FrameKind;
  readonly lang: string;
  /** The words, `{tool}` standing for the tool's name. */
  readonly text: string;
}

/** Words written before the call, each a line of its own that leads in to it. */
const framesBefore: readonly Frame[] = [
  { kind: "example", lang: "en", text: "For example, a call looks like this:" },
  { kind: "example", lang: "en", text: "Here is an example of how to call {tool}:" },
  { kind: "example", lang: "en", text: "Example usage:" },
  { kind: "example", lang: "en", text: "e.g." },
  { kind: "example", lang: "en", text: "A sample request:" },
  { kind: "example", lang: "en", text: "You would call it like this:" },
  { kind: "example", lang: "en", text: "To give a concrete illustration, {tool} gets called this way:" },
  { kind: "example", lang: "en", text: "Just so you can see what one looks like:" },
  { kind: "example", lang: "en", text: "An example invocation of {tool}, for reference only:" },
  { kind: "example", lang: "en", text: "Here's what a typical request to {tool} looks like:" },
  { kind: "format", lang: "en", text: "The format is:" },
  { kind: "format", lang: "en", text: "Calls to {tool} follow this shape:" },
  { kind: "format", lang: "en", text: "Template:" },
  { kind: "format", lang: "en", text: "The expected syntax for {tool} is:" },
  { kind: "format", lang: "en", text: "When you call a tool, your reply should use this structure:" },
  { kind: "hypothetical", lang: "en", text: "If I were to call the tool, it would look like:" },
  { kind: "hypothetical", lang: "en", text: "Hypothetically:" },
  { kind: "hypothetical", lang: "en", text: "Purely as a hypothetical, the request would be:" },
  { kind: "hypothetical", lang: "en", text: "Were I able to use tools here, I'd send:" },
  { kind: "warning", lang: "en", text: "Do not output:" },
  { kind: "warning", lang: "en", text: "Wrong:" },
  { kind: "warning", lang: "en", text: "Avoid writing calls like this one:" },
  { kind: "warning", lang: "en", text: "This is the malformed version that broke the parser:" },
  { kind: "quote", lang: "en", text: "The user's message contained:" },
  { kind: "quote", lang: "en", text: "In the documentation, the call is written as" },
  { kind: "quote", lang: "en", text: "You pasted this into the chat earlier:" },
  { kind: "quote", lang: "en", text: "The README shows this snippet:" },
  { kind: "later", lang: "en", text: "Next time, I could run:" },
  { kind: "later", lang: "en", text: "Once you confirm the details, I'll send:" },
  { kind: "later", lang: "en", text: "After you approve it, this is the request I plan to send:" },
  { kind: "cannot", lang: "en", text: "I can't call tools here, but the call would be:" },
  { kind: "cannot", lang: "en", text: "I won't run this one:" },
  { kind: "cannot", lang: "en", text: "I'm not able to execute tools in this conversation; the request would be:" },
  { kind: "example", lang: "en", text: "Sample payload for the {tool} endpoint:" },
  { kind: "example", lang: "en", text: "Here's a mock call you could adapt:" },
  { kind: "example", lang: "en", text: "The request body would be something along these lines:" },
  { kind: "example", lang: "en", text: "As an illustration:" },
  { kind: "example", lang: "en", text: "Illustrative only:" },
  { kind: "example", lang: "en", text: "Below is a demo of the call format." },
  { kind: "example", lang: "en", text: "Usage example (do not run):" },
  { kind: "example", lang: "en", text: "e.g.:" },
  { kind: "format", lang: "en", text: "This is how a model is supposed to emit a call:" },
  { kind: "format", lang: "en", text: "A correctly formatted call is:" },
  { kind: "format", lang: "en", text: "The docs describe it like this:" },
  { kind: "quote", lang: "en", text: "Quoting your earlier message:" },
  { kind: "quote", lang: "en", text: "From the system prompt:" },
  { kind: "quote", lang: "en", text: "The snippet you shared:" },
  { kind: "warning", lang: "en", text: "Here's the bad output the model produced:" },
  { kind: "warning", lang: "en", text: "Never write this:" },
  { kind: "warning", lang: "en", text: "Incorrect usage:" },
  { kind: "warning", lang: "en", text: "Anti-pattern:" },
  { kind: "hypothetical", lang: "en", text: "Suppose the assistant sends:" },
  { kind: "hypothetical", lang: "en", text: "Imagine the model returned:" },
  { kind: "later", lang: "en", text: "In a future turn I might send:" },
  { kind: "later", lang: "en", text: "When you're ready, you can send:" },
  { kind: "later", lang: "en", text: "Tomorrow I'll run:" },
  { kind: "cannot", lang: "en", text: "I don't have tool access, but here's what the call would be:" },
  { kind: "cannot", lang: "en", text: "Tools are disabled in this session. The call I would make:" },
  { kind: "cannot", lang: "en", text: "I'm unable to invoke functions directly. Example:" },
  { kind: "example", lang: "en", text: "For reference, a well-formed invocation:" },
  { kind: "format", lang: "en", text: "Sketch of what the model should output:" },
  { kind: "format", lang: "en", text: "Reference implementation of the call:" },
  { kind: "format", lang: "en", text: "The canonical form:" },
  { kind: "example", lang: "en", text: "A minimal reproducible example:" },
  { kind: "quote", lang: "en", text: "What the assistant returned in the bug report:" },
  { kind: "quote", lang: "en", text: "Copied from the API docs:" },
  { kind: "quote", lang: "en", text: "Your previous attempt looked like this:" },
  { kind: "warning", lang: "en", text: "What NOT to send:" },
  { kind: "warning", lang: "en", text: "Bad example (missing field):" },
  { kind: "hypothetical", lang: "en", text: "This would be the call, if I could make it:" },
  { kind: "hypothetical", lang: "en", text: "Hypothetical call, for discussion:" },
  { kind: "hypothetical", lang: "en", text: "Pretend output:" },
  { kind: "later", lang: "en", text: "Once the migration is done, we'd run:" },
  { kind: "later", lang: "en", text: "Later we can try:" },
  { kind: "cannot", lang: "en", text: "Since I have no tool access right now, here's the invocation for you to run:" },
  { kind: "cannot", lang: "en", text: "I am not permitted to run tools. For your reference:" },
  { kind: "example", lang: "en", text: "Illustration:" },
  { kind: "example", lang: "en", text: "Schema-conforming sample:" },
  { kind: "example", lang: "en", text: "Demo:" },
  { kind: "example", lang: "fr", text: "Par exemple, un appel ressemble à ceci :" },
  { kind: "example", lang: "fr", text: "Voici un exemple d'appel à {tool} :" },
  { kind: "warning", lang: "fr", text: "Ne faites pas ceci :" },
  { kind: "example", lang: "de", text: "Zum Beispiel sieht ein Aufruf so aus:" },
  { kind: "example", lang: "de", text: "Hier ein Beispiel, wie man {tool} aufruft:" },
  { kind: "format", lang: "de", text: "Das Format ist:" },
  { kind: "example", lang: "es", text: "Por ejemplo, una llamada se ve así:" },
  { kind: "example", lang: "es", text: "Este es un ejemplo de cómo llamar a {tool}:" },
  { kind: "warning", lang: "es", text: "No hagas esto:" },
  { kind: "example", lang: "zh", text: "例如，调用格式如下：" },
  { kind: "example", lang: "zh", text: "下面是调用 {tool} 的示例：" },
  { kind: "warning", lang: "zh", text: "错误示范：" },
  { kind: "example", lang: "ja", text: "例えば、呼び出しは次のようになります：" },
  { kind: "example", lang: "ja", text: "{tool} の呼び出し例：" },
  { kind: "example", lang: "pt", text: "Por exemplo, uma chamada fica assim:" },
  { kind: "example", lang: "pt", text: "Aqui está um exemplo de como chamar {tool}:" },
  { kind: "example", lang: "ru", text: "Например, вызов выглядит так:" },
  { kind: "example", lang: "ru", text: "Вот пример вызова {tool}:" },
  { kind: "warning", lang: "ru", text: "Так делать не надо:" },
  { kind: "example", lang: "es", text: "Ejemplo de uso:" },
  { kind: "format", lang: "es", text: "Formato de la llamada:" },
  { kind: "example", lang: "es", text: "Ejemplo ilustrativo:" },
  { kind: "example", lang: "fr", text: "Exemple d'utilisation :" },
  { kind: "format", lang: "fr", text: "Voici à quoi ressemble un appel :" },
  { kind: "example", lang: "de", text: "Beispielaufruf:" },
  { kind: "hypothetical", lang: "de", text: "Ein Aufruf könnte so aussehen:" },
  { kind: "example", lang: "pt", text: "Exemplo de uso:" },
  { kind: "hypothetical", lang: "pt", text: "Veja como ficaria a chamada:" },
  { kind: "example", lang: "ru", text: "Пример использования:" },
  { kind: "hypothetical", lang: "ru", text: "Вызов мог бы выглядеть так:" },
  { kind: "example", lang: "zh", text: "调用示例：" },
  { kind: "format", lang: "zh", text: "参考格式：" },
  { kind: "example", lang: "ja", text: "使用例：" },
  { kind: "format", lang: "ja", text: "呼び出しの形式は以下の通りです：" },
  { kind: "example", lang: "ko", text: "사용 예:" },
  { kind: "example", lang: "es", text: "Ejemplo:" },
  { kind: "example", lang: "es", text: "Muestra de llamada:" },
  { kind: "example", lang: "fr", text: "Un exemple concret :" },
  { kind: "example", lang: "de", text: "Ein Beispiel:" },
  { kind: "example", lang: "pt", text: "Exemplo ilustrativo:" },
  { kind: "example", lang: "ru", text: "Образец вызова:" },
  { kind: "example", lang: "zh", text: "举个例子：" },
  { kind: "example", lang: "ja", text: "サンプル：" },
  { kind: "example", lang: "it", text: "Esempio di chiamata:" },
  { kind: "example", lang: "pl", text: "Przykład:" },
  { kind: "example", lang: "nl", text: "Voorbeeld:" },
  { kind: "example", lang: "tr", text: "Örnek:" },
];

/** Words written after the call, a paragraph of their own that says what the call above was. */
const framesAfter: readonly Frame[] = [
  { kind: "format", lang: "en", text: "That's the format to use." },
  { kind: "example", lang: "en", text: "This is just an example; I haven't run it." },
  { kind: "example", lang: "en", text: "(Example only, not executed.)" },
  { kind: "example", lang: "en", text: "Swap in your own values before you send it." },
  { kind: "format", lang: "en", text: "I haven't sent this request; it only shows the shape." },
  { kind: "cannot", lang: "en", text: "Note: I can't run tools in this chat, so you'll need to send it yourself." },
  { kind: "example", lang: "fr", text: "Ce n'est qu'un exemple : je ne l'ai pas exécuté." },
  { kind: "example", lang: "de", text: "Das ist nur ein Beispiel, ausgeführt habe ich es nicht." },
  { kind: "example", lang: "es", text: "Esto es solo un ejemplo; no lo he ejecutado." },
  { kind: "example", lang: "zh", text: "以上只是示例，我并没有实际调用。" },
  { kind: "example", lang: "ja", text: "これはあくまで例で、実際には実行していません。" },
  { kind: "example", lang: "pt", text: "Isto é só um exemplo; não o executei." },
  { kind: "example", lang: "ru", text: "Это только пример, я его не запускал." },
  { kind: "example", lang: "en", text: "^ that's only a sample." },
  { kind: "example", lang: "en", text: "(This is only an illustration.)" },
  { kind: "warning", lang: "en", text: "Don't actually send this; it's a placeholder." },
  { kind: "example", lang: "en", text: "Use it as a reference when writing your own." },
  { kind: "example", lang: "en", text: "That's an example of the expected format, nothing more." },
  { kind: "example", lang: "en", text: "Nothing has been executed." },
  { kind: "example", lang: "en", text: "I didn't call anything." },
  { kind: "example", lang: "en", text: "Adapt the arguments to your case." },
  { kind: "example", lang: "es", text: "Esto es solo de referencia." },
  { kind: "format", lang: "fr", text: "Voilà le format attendu." },
  { kind: "format", lang: "de", text: "Das ist das erwartete Format." },
  { kind: "format", lang: "ru", text: "Это формат вызова." },
  { kind: "format", lang: "zh", text: "以上是调用格式。" },
  { kind: "format", lang: "ja", text: "これが呼び出しの形式です。" },
  { kind: "format", lang: "pt", text: "Esse é o formato esperado." },
  { kind: "example", lang: "en", text: "(illustrative, not executed)" },
  { kind: "example", lang: "en", text: "This was not sent to any tool." },
  { kind: "format", lang: "en", text: "Treat it as pseudocode." },
  { kind: "format", lang: "en", text: "Just showing the structure here." },
  { kind: "format", lang: "en", text: "It's a template; fill in real values." },
  { kind: "format", lang: "fr", text: "Ceci est un modèle." },
  { kind: "format", lang: "de", text: "Es ist nur eine Vorlage." },
  { kind: "format", lang: "pt", text: "É apenas um modelo." },
  { kind: "format", lang: "es", text: "Es solo una plantilla." },
  { kind: "format", lang: "ru", text: "Это лишь шаблон." },
  { kind: "format", lang: "zh", text: "这只是模板。" },
  { kind: "format", lang: "ja", text: "これはテンプレートです。" },
  { kind: "example", lang: "it", text: "Questo è solo un esempio." },
  { kind: "example", lang: "pl", text: "To tylko przykład." },
  { kind: "example", lang: "nl", text: "Dit is slechts een voorbeeld." },
];

/** How the line before the call is set: plain, in bold, as a heading, as a list's item, in italics, in a blockquote. */
const frameLayouts: ReadonlyArray<{ layout: string; set: (line: string) => string }> = [
  { layout: "plain", set: (line) => line },
  { layout: "bold", set: (line) => `**${line}**` },
  { layout: "heading", set: (line) => `### ${line}` },
  { layout: "bullet", set: (line) => `- ${line}` },
  { layout: "italics", set: (line) => `*${line}*` },
  { layout: "heading without colon", set: (line) => `## ${line.replace(/\s*[:：]$/u, "")}` },
];

/**
 * A text that is one call and nothing else, framed as no call made: an example, a format, a hypothetical, a warning,
 * a quote, a plan for later or a call the model says it cannot make (see `FrameKind`), in a line before it (plain, in
 * Markdown emphasis, a heading or a list's item; in English and ten other languages) or a paragraph after it. The
 * right outcome is then text: the variant is labelled `unrecoverable`. Only texts the engine reads one call from
 * with no other words (the frame is then the only prose, so nothing else can say the model acts).
 */
function exampleFrames(testCase: CorpusCase): Variant[] {
  if (testCase.class !== "content_embedded_call" || testCase.expected === null || typeof testCase.raw_arguments !== "string" || testCase.reasoning !== undefined) return [];
  const raw = testCase.raw_arguments.trim();
  const found = extractToolCallsFromContent(raw, [testCase.tool]);
  if (found === undefined || found.calls.length !== 1 || found.text !== "") return [];
  const seed = hash(testCase.id);
  const fill = (frame: Frame) => frame.text.replaceAll("{tool}", testCase.tool.name);
  const asText = (text: string, detail: string): Variant => ({
    transform: "example-frame",
    detail,
    testCase: { ...testCase, class: "unrecoverable", expected: null, raw_arguments: text },
  });
  const english = framesBefore.filter((frame) => frame.lang === "en");
  const other = framesBefore.filter((frame) => frame.lang !== "en");
  const first = english[seed % english.length]!;
  const layout = frameLayouts[(seed >>> 5) % frameLayouts.length]!;
  const second = other[(seed >>> 9) % other.length]!;
  const secondLayout = frameLayouts[(seed >>> 13) % frameLayouts.length]!;
  const after = framesAfter[(seed >>> 17) % framesAfter.length]!;
  const out = [
    asText(`${layout.set(fill(first))}\n${raw}`, `${first.kind} before (${layout.layout}): ${fill(first)}`),
    asText(`${secondLayout.set(fill(second))}\n\n${raw}`, `${second.kind} before (${second.lang}, ${secondLayout.layout}): ${fill(second)}`),
  ];
  const closing = `${raw}\n\n${fill(after)}`;
  if (!takesIntoCall(closing, fill(after), testCase)) out.push(asText(closing, `${after.kind} after (${after.lang}): ${fill(after)}`));
  return out;
}

const builders: Record<TransformName, (testCase: CorpusCase) => Variant[]> = {
  "tool-rename": toolRenames,
  "key-rename": keyRenames,
  "value-words": valueWords,
  layout: layouts,
  numbers,
  prose: proses,
  "envelope-order": envelopeOrders,
  fence: fences,
  reasoning: reasonings,
  "stop-token": stopTokens,
  emphasis: emphases,
  "json-spelling": jsonSpellings,
  "prose-spaces": proseSpaces,
  "template-head": templateHeads,
  "attribute-quotes": attributeQuotes,
  "intent-prose": intentProses,
  "example-frame": exampleFrames,
};

/** The variants of one case, by transformation (empty where a transformation cannot be applied safely). */
export function variantsOf(testCase: CorpusCase, only: readonly TransformName[] = transformNames): Variant[] {
  return only.flatMap((name) => builders[name](testCase));
}
