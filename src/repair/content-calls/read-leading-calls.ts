/**
 * The tool calls a text opens with, written as text into an assistant
 * message's `content` when the request offered tools but the server had no
 * parser for the model's call format (llama.cpp, Ollama, vLLM and LM Studio
 * all leak some). Where in a text a call may start is the hold-back's
 * question (`text-holdback.ts`); this reads the calls at one such place.
 *
 * Precision first: a format is recognised only by its own markup, every
 * name must be one of the declared tools, and anything ambiguous returns
 * `undefined`: prose that mentions a tool stays prose.
 */
import type { ToolDefinition } from "../types.ts";
import { isJsonObject } from "../../json.ts";
import { losesDigits, writeArguments } from "../number-spellings.ts";
import { ownValue, defineOwn } from "../json-pointer.ts";
import type { JsonObject } from "../../json.ts";
import { declaredProperties, declaredTypes, jsonTypeOf, referencedSchema, shallowAccepts, typeAdmits } from "../schema-shape.ts";
import type { JsonType } from "../schema-shape.ts";
import { declaredNameInPath, stripNamespaces } from "../name-resolution.ts";
import { nameFieldSpelling } from "./name-field-spellings.ts";
import type { Detection, RawArguments, RawCall } from "./raw-call.ts";
import { removeSpans, skipWhitespace } from "./scan.ts";
import { firstGroupEnd, withoutMarkup } from "./call-groups.ts";
import { TAGS } from "./call-markers.ts";
import { XML_FENCE_CLOSE, XML_FENCE_INFOS } from "./opening-reads.ts";
import { readPythonLiteral } from "./python-calls.ts";
import { childPairs } from "./element-calls.ts";
import { cdataValue } from "./cdata.ts";
import { nullWordOpen } from "./null-word.ts";
import { saysNoValue } from "./no-value-word.ts";
import { admitsOtherKeys, spellsJsonContainer, spellsScalarLiteral } from "./untyped-literal.ts";
import { backslashesInFours } from "./doubled-backslashes.ts";
import { declaresKey, typingSchema } from "./root-branches.ts";
import { detectElementInvokes, detectFunctionCallTags, detectFunctionTags, detectMiniMaxTags, detectParameterNamedCalls, detectToolCallTags } from "./tagged-calls.ts";
import { detectDeepSeek, detectHarmony, detectLfm2, detectMistral } from "./token-calls.ts";
import { detectMarkedPayload } from "./marked-calls.ts";
import { detectInvokes } from "./invoke-calls.ts";
import { detectPaddedInvokes } from "./padded-dsml.ts";
import { withFunctionEquals, writtenSpan } from "./function-tag-without-equals.ts";
import { detectMiniMaxM3 } from "./minimax-m3-calls.ts";
import { detectGemma } from "./gemma-calls.ts";
import { detectGeminiCalls } from "./gemini-calls.ts";
import { detectDeclaredElements } from "./declared-element-calls.ts";
import { detectFunctionary } from "./functionary-calls.ts";
import { detectKimi } from "./kimi-calls.ts";
import { detectSolar } from "./solar-calls.ts";
import { detectPlamo } from "./plamo-calls.ts";
import { detectKimiK3 } from "./kimi-k3-calls.ts";
import { detectIfm } from "./ifm-calls.ts";
import { detectInkling } from "./inkling-calls.ts";
import { detectAttributedToolCalls } from "./attributed-tag-calls.ts";
import { detectSpark } from "./spark-calls.ts";
import { detectCwm } from "./cwm-calls.ts";
import { detectJsonWrappers } from "./wrapped-json-calls.ts";
import { detectUserTagCalls } from "./user-tag-calls.ts";
import { detectLmStudio } from "./lm-studio-calls.ts";
import { analyzeCut } from "../truncation.ts";
import { detectQwenAgent } from "./qwen-agent-calls.ts";
import { detectReAct } from "./react-calls.ts";
import { detectHarmonyText } from "./harmony-text-calls.ts";
import { detectKimiText } from "./kimi-text-calls.ts";
import { detectToolUseLabels } from "./tool-use-label-calls.ts";
import { detectCodeLines } from "./code-calls.ts";
import { hasDuplicateKeys, holdsPlaceholder } from "./call-guards.ts";
import { splitEndOfTurn } from "./end-of-turn.ts";
import { ARGUMENT_KEYS } from "../envelopes.ts";
import { decodeJsonContainer } from "../fixers/decode-double-encoded.ts";
import { detectBareCall, detectFencedJson, detectLeadingCall, detectNameLine } from "./plain-calls.ts";
import { detectGenericMarkup } from "./generic-markup-calls.ts";
import { escapedJsonContainer } from "./escaped-json-value.ts";

export interface ContentToolCall {
  /** The declared tool's name (resolved from the name as written). */
  readonly name: string;
  /** JSON text; it goes through the normal repair pipeline next. */
  readonly arguments: string;
  /** Read from a list of calls whose `]` never came: read only when the answer was not cut (`finish_reason` other than `length`). */
  readonly fromOpenList?: true;
}

export interface ContentToolCalls {
  readonly calls: ContentToolCall[];
  /** The content left once the call markup is removed, trimmed. */
  readonly text: string;
  /** The same from the first call's markup on: what the model wrote after it began calling. */
  readonly after?: string;
  /** Read from markup no known format writes (see generic-markup-calls.ts): a hedge before the calls weighs them, as in reasoning. */
  readonly unknownMarkup?: true;
}

/** Bigger content is not scanned: a model's turn with a call in it is far smaller. */
const MAX_CONTENT_LENGTH = 1_000_000;

/** Most specific markup first: a later, looser format must not claim another's call. */
const DETECTORS: readonly ((content: string) => Detection | undefined)[] = [
  detectHarmony,
  detectDeepSeek,
  detectKimi,
  detectKimiK3,
  detectIfm,
  detectInkling,
  detectLfm2,
  detectSolar,
  detectPlamo,
  detectGemma,
  detectGeminiCalls,
  detectFunctionary,
  detectInvokes,
  detectPaddedInvokes,
  detectMiniMaxM3,
  detectElementInvokes,
  detectAttributedToolCalls,
  detectToolCallTags,
  detectFunctionCallTags,
  detectMiniMaxTags,
  detectJsonWrappers,
  detectUserTagCalls,
  detectQwenAgent,
  detectFunctionTags,
  detectParameterNamedCalls,
  detectDeclaredElements,
  detectCwm,
  detectMistral,
  // Before Granite's JSON after the same `<|tool_call|>`: it reads only GLM's body.
  detectSpark,
  detectMarkedPayload,
  detectFencedJson,
  detectLmStudio,
  detectReAct,
  detectHarmonyText,
  detectKimiText,
  detectToolUseLabels,
  detectCodeLines,
  detectLeadingCall,
  detectNameLine,
  detectBareCall,
];

/** Quotes a name may sit in inside a call's `name` string (`"\"add\""`, `` "`add`" ``): opening, closing. */
const NAME_QUOTES: readonly (readonly [string, string])[] = [['"', '"'], ["'", "'"], ["`", "`"], ["\u201c", "\u201d"]];

/** Kimi's call id written with `_` for its dot and colon: `functions_read_file_2`, also without the index. */
const KIMI_GLUED_ID = /^functions_([A-Za-z_][\w-]*)$/;
const KIMI_GLUED_INDEX = /_\d+$/;

/**
 * The declared tool a Kimi call id with `_` for its punctuation names (`functions_Bash_2` for `Bash`), verbatim;
 * `undefined` when none, or when the index read as part of the name or not gives two tools (`glob` and `glob_7`).
 */
function kimiGluedId(written: string, tools: readonly ToolDefinition[]): ToolDefinition | undefined {
  const rest = KIMI_GLUED_ID.exec(written)?.[1];
  if (rest === undefined) return undefined;
  const found = new Set([rest, rest.replace(KIMI_GLUED_INDEX, "")].flatMap((name) => tools.filter((tool) => tool.name === name)));
  return found.size === 1 ? [...found][0] : undefined;
}

/** Whether a name as written names one declared tool (see `resolveName`). */
export function namesDeclaredTool(written: string, tools: readonly ToolDefinition[]): boolean {
  return resolveName(written, tools) !== undefined;
}

/** `get_weather`, `functions.get_weather`, `GetWeather`, `"get_weather"` → the declared `get_weather`, when unique. */
function resolveName(written: string, tools: readonly ToolDefinition[]): ToolDefinition | undefined {
  const quotes = NAME_QUOTES.find(([open, close]) => written.length > 2 && written.startsWith(open) && written.endsWith(close));
  if (quotes !== undefined) return resolveName(written.slice(1, -1), tools);
  const names = tools.map((tool) => tool.name);
  const name = declaredNameInPath(written, names) ?? nameFieldSpelling(written, names);
  return name === undefined ? kimiGluedId(written, tools) : tools.find((tool) => tool.name === name);
}

/**
 * `send_command_to_shellcommand` with the first key lost into the name: the
 * declared tool whose name it starts with and whose property the rest is.
 * Two such splits, or none, and the call is not placed.
 */
function splitJoinedKey(raw: RawCall, tools: readonly ToolDefinition[]): RawCall | undefined {
  if (raw.arguments.kind !== "params") return undefined;
  const splits = tools.flatMap((tool) => {
    const key = raw.name.startsWith(tool.name) ? raw.name.slice(tool.name.length).trim() : "";
    const properties = declaredProperties(tool.parameters);
    return key !== "" && properties !== undefined && Object.hasOwn(properties, key) ? [{ name: tool.name, key }] : [];
  });
  if (splits.length !== 1) return undefined;
  const [{ name, key }] = splits as [{ name: string; key: string }];
  return { name, arguments: { ...raw.arguments, params: raw.arguments.params.map(([written, value], index) => [index === 0 ? key : written, value] as const) } };
}

/** A call named by its role: the one declared tool among `nameChoices` that declares each of its keys. */
function chooseTool(raw: RawCall, tools: readonly ToolDefinition[]): RawCall | undefined {
  const keys = raw.arguments.kind === "params" ? raw.arguments.params.map(([key]) => key) : [];
  const fits = tools.filter((tool) => {
    const properties = declaredProperties(tool.parameters);
    return raw.nameChoices!.includes(tool.name) && keys.every((key) => properties !== undefined && Object.hasOwn(properties, key));
  });
  return fits.length === 1 ? { name: fits[0]!.name, arguments: raw.arguments } : undefined;
}

/**
 * A parameter's text as JSON, else as a Python literal: models imitate the
 * Python in their history (`True`, `None`, `{'a': 1}`, `['x']`).
 */
function literalValue(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return readPythonLiteral(text);
  }
}

/** A value the format marks as JSON, parsed; `undefined` when it is not JSON (it is then typed from the schema). */
function jsonValue(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text.trim()) as unknown };
  } catch {
    return undefined;
  }
}

/** Whether `text` is exactly one JSON string, spaces around it aside. */
function isJsonString(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && typeof jsonValue(trimmed)?.value === "string";
}

/** Null as languages other than JSON and Python spell it. */
const NULL_WORDS = new Set(["none", "nil", "NULL", "Null"]);

/** An XML character or entity reference: a value holding one reads two ways (see `typedParams`). */
const XML_ENTITY = /&(?:quot|amp|lt|gt|apos|#\d{1,7}|#x[\da-fA-F]{1,6});/;

/**
 * A list item's text: trimmed (an element list pretty-printed, Roo Code's), or a CDATA section's text verbatim
 * (`DOUBTFUL` beside other text). In a format that writes lists only as elements (MiniMax-M3) an item is written
 * as a member or an argument is, its text against its tags: kept as written, its edge line breaks too.
 */
function itemText(text: string, containers = false): string | typeof DOUBTFUL {
  const cdata = cdataValue(text);
  if (containers && cdata.kind === "plain" && XML_ENTITY.test(text)) return DOUBTFUL;
  if (cdata.kind === "plain") return containers ? text : text.trim();
  return cdata.kind === "section" ? cdata.text : DOUBTFUL;
}

/** A value written twice in one object: which one the model meant is a guess, so the call is not read. */
const DOUBTFUL = Symbol("doubtful");
/** Elements nested deeper than this are not read as values. */
const MAX_ELEMENT_DEPTH = 8;

/**
 * A list or an object written as elements: a list as elements of one name,
 * as Roo Code writes one (`<suggestion>a</suggestion><suggestion>b</suggestion>`
 * is `["a", "b"]`) and MiniMax-M3 its `<item>`s; an object as one element per
 * member (MiniMax-M3's `<city>Oslo</city><zip>1</zip>`). Members and typed
 * items are typed from their own schema.
 */
function elementValue(text: string, schema: unknown, depth: number, containers: boolean, root: unknown): { value: unknown } | typeof DOUBTFUL | undefined {
  const trimmed = text.trim();
  // The schema takes a list or an object here: elements inside of an element's own name are its structure.
  const pairs = depth < MAX_ELEMENT_DEPTH && trimmed.startsWith("<") ? childPairs(trimmed, true) : undefined;
  if (pairs === undefined || pairs.length === 0) return undefined;
  const types = declaredTypes(schema) ?? [];
  if (types.includes("array") && pairs.every(([tag]) => tag === pairs[0]![0])) {
    const items = root === undefined ? ownValue(schema, "items") : referencedSchema(ownValue(schema, "items"), root);
    const itemTypes = declaredTypes(items);
    const textItems = itemTypes === undefined || itemTypes.includes("string");
    const values = pairs.map(([, item]) => (textItems ? itemText(item, containers) : typedValue(item, items, depth + 1, containers, root)));
    return values.includes(DOUBTFUL) ? DOUBTFUL : { value: values };
  }
  if (!types.includes("object")) return undefined;
  const properties = declaredProperties(schema);
  const others = otherMembersSchema(schema, root);
  const result: JsonObject = {};
  for (const [key, member] of pairs) {
    const declared = properties !== undefined && Object.hasOwn(properties, key);
    // A member nothing types (see untyped-literal.ts): `90`, `true`, JSON or elements is that value or its text, a guess.
    if (!declared && others === undefined && admitsOtherKeys(schema) && cdataValue(member).kind === "plain" && untypedReadsTwoWays(member)) return DOUBTFUL;
    const value = typedValue(member, declared ? ownValue(properties, key) : others, depth + 1, containers, root);
    if (Object.hasOwn(result, key) || value === DOUBTFUL) return DOUBTFUL;
    defineOwn(result, key, value);
  }
  return { value: result };
}

/** The schema `additionalProperties` gives an object's undeclared members, when it types them (`{"type": "number"}`). */
function otherMembersSchema(schema: unknown, root: unknown): unknown {
  const others = ownValue(schema, "additionalProperties");
  if (!isJsonObject(others)) return undefined;
  return admittedTypes(root === undefined ? others : referencedSchema(others, root), root).length > 0 ? others : undefined;
}

/** Whether an untyped member's text is a JSON literal or container, or elements: each is that value or its text. */
function untypedReadsTwoWays(text: string): boolean {
  const trimmed = text.trim();
  return spellsScalarLiteral(trimmed) || spellsJsonContainer(trimmed) || (trimmed.startsWith("<") && (childPairs(trimmed, true)?.length ?? 0) > 0);
}

/**
 * A format that writes lists and objects only as elements: an empty element
 * where the schema takes a list or an object and no string is the empty one;
 * where the schema says nothing, an empty element or one holding elements
 * may be text, a list or an object, a guess each.
 */
function containerReading(text: string, types: readonly JsonType[] | undefined): { value: unknown } | typeof DOUBTFUL | undefined {
  const trimmed = text.trim();
  if (types === undefined) return trimmed === "" || (trimmed.startsWith("<") && (childPairs(trimmed)?.length ?? 0) > 0) ? DOUBTFUL : undefined;
  if (trimmed !== "" || types.includes("string")) return undefined;
  const array = types.includes("array");
  const object = types.includes("object");
  if (array && object) return DOUBTFUL;
  return array || object ? { value: array ? [] : {} } : undefined;
}

/**
 * A value written as text, typed from its schema: JSON (or a Python literal)
 * or elements for a property that is not a string, the text itself otherwise,
 * and the text too when it does not fit (coerce-types or the failure path decides).
 * `containers`: the format writes lists and objects only as elements (see `containerReading`).
 */
function typedValue(text: string, given: unknown, depth: number, containers = false, root?: unknown): unknown {
  const cdata = cdataValue(text);
  if (cdata.kind === "mixed") return DOUBTFUL;
  // A property that is a local `$ref` (a Pydantic model's nested model) is typed by the schema it names.
  const schema = root === undefined ? given : referencedSchema(given, root);
  // A property typed only by its `anyOf`/`oneOf` branches (`anyOf: [number, null]`) takes their types.
  const branchTypes = admittedTypes(schema, root);
  const types = branchTypes.length === 0 ? undefined : branchTypes;
  if (cdata.kind === "section") {
    // A section's text is the value verbatim: JSON for a property that takes no string, never elements.
    const parsed = types === undefined || types.includes("string") ? undefined : literalValue(cdata.text.trim());
    const actual = parsed === undefined ? undefined : jsonTypeOf(parsed.value);
    return actual !== undefined && types!.some((type) => typeAdmits(type, actual)) ? parsed!.value : cdata.text;
  }
  if (containers) {
    const container = containerReading(text, types);
    if (container !== undefined) return container === DOUBTFUL ? DOUBTFUL : container.value;
    // Inside elements an entity in a string reads two ways, as it does in a top-level value (see typedParams).
    if (depth > 0 && (types === undefined || types.includes("string")) && XML_ENTITY.test(text)) return DOUBTFUL;
  }
  // `none` or `nil` where null goes and no string does: a null as other languages spell it.
  const admitted = admittedTypes(schema, root);
  if (admitted.includes("null") && !admitted.includes("string") && NULL_WORDS.has(text.trim())) return null;
  if (types === undefined || types.includes("string")) return enumReading(text, schema);
  // A list or an object with its quotes escaped once too often (`[{\"id\": 1}]`): see escaped-json-value.ts.
  const parsed = literalValue(text.trim()) ?? elementValue(text, schema, depth, containers, root) ?? escapedJsonContainer(text);
  if (parsed === DOUBTFUL) return DOUBTFUL;
  const actual = parsed === undefined ? undefined : jsonTypeOf(parsed.value);
  if (actual !== undefined && types.some((type) => typeAdmits(type, actual))) return parsed!.value;
  // A quoted literal where no string goes (`"42"` for a number) is that string, as in a JSON call's
  // `{"count": "42"}`: coerce-types reads it or the call fails; its quotes are not part of a value.
  return actual === "string" ? parsed!.value : text;
}

/**
 * A property that takes a string, or has no `type`: its text, unless an `enum`
 * or `const` takes only the value the text spells as JSON (`null` for
 * `enum: ["ok", null]`, `7` for `enum: ["a", 7]`).
 */
function enumReading(text: string, schema: unknown): unknown {
  if (!isJsonObject(schema) || (!Object.hasOwn(schema, "enum") && !Object.hasOwn(schema, "const"))) return text;
  if (shallowAccepts(schema, text) !== false) return text;
  if (losesDigits(text)) return DOUBTFUL;
  const parsed = literalValue(text.trim());
  return parsed !== undefined && shallowAccepts(schema, parsed.value) === true ? parsed.value : text;
}

/**
 * A number or a boolean written where a string goes too (`type: [string, integer]`,
 * `7`): the value and its text both validate, unless the schema's enum or const
 * takes only one of them.
 */
function admitsScalarTwoWays(schema: unknown, text: string): boolean {
  const parsed = literalValue(text.trim());
  const actual = parsed === undefined ? undefined : jsonTypeOf(parsed.value);
  if (actual !== "integer" && actual !== "number" && actual !== "boolean") return false;
  const branches = [schema, ...[ownValue(schema, "anyOf"), ownValue(schema, "oneOf")].flatMap((list) => (Array.isArray(list) ? (list as unknown[]) : []))];
  const accepts = (value: unknown): boolean => branches.some((branch) => shallowAccepts(branch, value) === true);
  return accepts(text) && accepts(parsed!.value);
}

/**
 * Qwen3-Coder and GLM write every value as text and leave typing to the
 * parser, which reads the tool's schema: JSON for a non-string property,
 * the text itself otherwise. We do what their reference parsers do.
 */
/** Whether `text` is a list or an object written as JSON (or a Python literal) that a structured type of `admitted` takes. */
function admitsStructured(admitted: readonly JsonType[], text: string): boolean {
  const structured = admitted.filter((type) => type === "array" || type === "object");
  if (structured.length === 0 || !/^[[{]/.test(text.trim())) return false;
  const parsed = literalValue(text.trim());
  const actual = parsed === undefined ? undefined : jsonTypeOf(parsed.value);
  return actual !== undefined && structured.some((type) => typeAdmits(type, actual));
}

/** The types a property admits: its `type`, or those of its `anyOf`/`oneOf` branches (a branch's local `$ref` followed in `root`). */
function admittedTypes(schema: unknown, root?: unknown): JsonType[] {
  const own = declaredTypes(schema);
  if (own !== undefined) return own;
  const branches = [ownValue(schema, "anyOf"), ownValue(schema, "oneOf")].flatMap((list) => (Array.isArray(list) ? (list as unknown[]) : []));
  return branches.flatMap((branch) => declaredTypes(root === undefined ? branch : referencedSchema(branch, root)) ?? []);
}

/**
 * HyperCLOVAX writes every value of GLM's tags as JSON (`<arg_value>"Seoul"</arg_value>`),
 * GLM a string as its text. A call whose values are all JSON, with two string
 * values or more and every one of them quoted, is HyperCLOVAX's: GLM would
 * have had to quote each of its strings. One quoted string alone (`"exact
 * phrase"` as a search query) stays a guess, and so does a quoted string beside a bare one.
 */
function allWrittenAsJson(params: readonly (readonly [string, string])[], properties: JsonObject | undefined): boolean {
  let quoted = 0;
  for (const [key, text] of params) {
    if (jsonValue(text) === undefined) return false;
    const admitted = admittedTypes(ownValue(properties, key));
    if (admitted.length > 0 && !admitted.includes("string")) continue;
    if (!isJsonString(text)) return false;
    quoted++;
  }
  return quoted >= 2;
}

/** The keys written more than once. */
function repeatedKeys(params: readonly (readonly [string, string])[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const [key] of params) (seen.has(key) ? repeated : seen).add(key);
  return repeated;
}

/**
 * A key's values as the items of a list, for a property that takes a list and
 * no string: each item typed from `items`. `undefined` when the property
 * takes no list (a value written twice: which one is a guess).
 */
function listedItems(params: readonly (readonly [string, string])[], key: string, schema: unknown, root: unknown): unknown[] | undefined {
  const admitted = admittedTypes(schema, root);
  if (!admitted.includes("array") || admitted.includes("string")) return undefined;
  const items = referencedSchema(ownValue(schema, "items"), root);
  const itemTypes = declaredTypes(items);
  const textItems = itemTypes === undefined || itemTypes.includes("string");
  const values = params.filter(([written]) => written === key).map(([, text]) => (textItems ? itemText(text) : typedValue(text, items, 1, false, root)));
  return values.includes(DOUBTFUL) ? undefined : values;
}

function typedParams(raw: Extract<RawArguments, { kind: "params" }>, tool: ToolDefinition): JsonObject | undefined {
  const { params, openText = [] } = raw;
  // The root's properties, or those of the root `oneOf`/`anyOf` branch the call's values select (see root-branches.ts).
  const { properties, open } = typingSchema(tool.parameters, params);
  const root = tool.parameters;
  const jsonKeys = raw.quotedStringsDoubtful === true && allWrittenAsJson(params, properties) ? new Set(params.map(([key]) => key)) : raw.jsonKeys;
  const result: JsonObject = {};
  const repeated = raw.repeatedAsList === true ? repeatedKeys(params) : new Set<string>();
  const requiredList = ownValue(tool.parameters, "required");
  const requiredKeys = Array.isArray(requiredList) ? (requiredList as unknown[]) : [];
  for (const [key, text] of params) {
    if (repeated.has(key)) {
      if (Object.hasOwn(result, key)) continue;
      const items = listedItems(params, key, ownValue(properties, key), root);
      if (items === undefined) return undefined;
      defineOwn(result, key, items);
      continue;
    }
    if (Object.hasOwn(result, key)) return undefined;
    const cdata = cdataValue(text);
    const markedJson = jsonKeys?.has(key) === true;
    // A list or object whose strings' backslashes all come in fours: two each, or one if escaped once more (see doubled-backslashes.ts).
    if (cdata.kind === "plain" && spellsJsonContainer(text) && backslashesInFours(text) && (markedJson || !admittedTypes(ownValue(properties, key), root).includes("string"))) return undefined;
    const marked = markedJson ? jsonValue(cdata.kind === "section" ? cdata.text : text) : undefined;
    if (marked !== undefined) {
      defineOwn(result, key, marked.value);
      continue;
    }
    // Marked as JSON (DSML's `string="false"`) and no JSON: the mark or the value is wrong, and which one is a guess.
    if (markedJson) return undefined;
    // `null` for a property that takes null or a string: the null or the word, both valid; which one is a guess.
    const admitted = admittedTypes(ownValue(properties, key), root);
    // Indentation that may be layout or text: a string keeps it or not, a guess either way.
    if (openText.includes(key) && (admitted.length === 0 || admitted.includes("string"))) return undefined;
    if (text.trim() === "null" && admitted.includes("null") && admitted.includes("string") && shallowAccepts(ownValue(properties, key), "null") !== false) return undefined;
    // `undefined` or `NaN` where no string goes: a word for no value, never a value (see no-value-word.ts).
    if (cdata.kind === "plain" && saysNoValue(text, admitted)) return undefined;
    // `null` where a string goes, in markup that writes no type: no value, or the word (see null-word.ts).
    const typeSaid = raw.typesWritten === true || raw.notXml === true || raw.textKeys?.has(key) === true;
    if (cdata.kind === "plain" && nullWordOpen(text, ownValue(properties, key), admitted, requiredKeys.includes(key), typeSaid)) return undefined;
    // An undeclared key's `123`, `true` or `{"x": 1}`, where the schema lets it through: the value or its text (see untyped-literal.ts).
    // Not an arguments envelope holding the call's declared arguments: that one is read as them (see wrappedArguments).
    if (!Object.hasOwn(properties ?? {}, key) && open && cdata.kind === "plain" && (spellsScalarLiteral(text) || (spellsJsonContainer(text) && !wrapsArguments(params, properties)))) return undefined;
    // A list or object written as JSON where a string goes too (`anyOf: [array, string]`): the value or its text, both valid.
    if (admitted.includes("string") && cdata.kind === "plain" && admitsStructured(admitted, text)) return undefined;
    // `7` or `false` where a string goes too: the value or its text, both valid.
    if (raw.typesWritten !== true && admitted.includes("string") && cdata.kind === "plain" && admitsScalarTwoWays(ownValue(properties, key), text)) return undefined;
    // `"Seoul"` where a string goes: the word or the word in quotes, as the model's template wrote strings.
    if (raw.quotedStringsDoubtful === true && admitted.includes("string") && isJsonString(text)) return undefined;
    // `a &amp; b` where a string goes: the entity as written, or `a & b` as an XML reader (and MiMo's parser) decodes it.
    // Not in a CDATA section: there the entity is the text.
    if (raw.notXml !== true && (admitted.length === 0 || admitted.includes("string")) && cdata.kind === "plain" && XML_ENTITY.test(text)) return undefined;
    const value = typedValue(text, ownValue(properties, key), 0, raw.elementContainers === true, root);
    if (value === DOUBTFUL) return undefined;
    defineOwn(result, key, value);
  }
  return result;
}

/**
 * One parameter named as an arguments envelope (`arguments`, `input`, …)
 * that the tool does not declare, holding an object (or its JSON text) of
 * declared properties only: the model put all its arguments in it. Read
 * from markup, such a call can validate as written when the schema allows
 * other properties, so it is taken out here rather than by the fixers.
 */
function wrappedArguments(typed: JsonObject, properties: JsonObject | undefined): JsonObject | undefined {
  const keys = Object.keys(typed);
  if (keys.length !== 1 || properties === undefined || !ARGUMENT_KEYS.includes(keys[0]!) || Object.hasOwn(properties, keys[0]!)) return undefined;
  const value = ownValue(typed, keys[0]!);
  const inner = typeof value === "string" ? decodeJsonContainer(value) : value;
  if (!isJsonObject(inner)) return undefined;
  const innerKeys = Object.keys(inner);
  return innerKeys.length > 0 && innerKeys.every((key) => Object.hasOwn(properties, key)) ? inner : undefined;
}

/** Whether the call's only parameter is an arguments envelope holding declared properties (see `wrappedArguments`). */
function wrapsArguments(params: readonly (readonly [string, string])[], properties: JsonObject | undefined): boolean {
  if (params.length !== 1) return false;
  const envelope: JsonObject = {};
  defineOwn(envelope, params[0]![0], params[0]![1]);
  return wrappedArguments(envelope, properties) !== undefined;
}

/**
 * A call whose arguments sit beside its name (`{"name": "get_weather", "city": "Paris"}`) is read only
 * when each of them is a property the tool declares, and the tool declares none under the name's key:
 * else the members may be data, or the name one of the arguments.
 */
function fitsBesideName(raw: RawCall, tool: ToolDefinition): boolean {
  const key = raw.argumentsBesideName;
  const properties = declaredProperties(tool.parameters);
  // An id envelope's keys declared by the tool: the envelope may be its arguments, and which it is would be a guess.
  if (raw.envelopeKeys?.some((envelopeKey) => properties === undefined || Object.hasOwn(properties, envelopeKey)) === true) return false;
  if (raw.declaredKeysOnly === true) {
    const args = raw.arguments.kind === "json" ? raw.arguments.value : undefined;
    return properties !== undefined && isJsonObject(args) && Object.keys(args).every((name) => Object.hasOwn(properties, name));
  }
  if (key === undefined) return true;
  const value = raw.arguments.kind === "json" ? raw.arguments.value : undefined;
  if (properties === undefined || Object.hasOwn(properties, key) || !isJsonObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((name) => Object.hasOwn(properties, name));
}

function argumentsText(raw: RawArguments, tool: ToolDefinition): string | undefined {
  if (raw.kind === "text") return raw.text.trim();
  if (raw.kind === "params") {
    if (raw.declaredOnly === true && raw.params.some(([key]) => !declaresKey(tool.parameters, key))) return undefined;
    const typed = typedParams(raw, tool);
    const value = typed === undefined ? undefined : (wrappedArguments(typed, typingSchema(tool.parameters, raw.params).properties) ?? typed);
    // A number JSON cannot write would be lost; values typed as numbers are written back as the model spelt them.
    return value === undefined || holdsNonFinite(value, 0) ? undefined : writeArguments(value, raw.params.map(([, written]) => written).join("\n"));
  }
  if (typeof raw.value === "string") return raw.value;
  return isJsonObject(raw.value) ? finiteJson(raw.value) : undefined;
}

/**
 * A value's JSON text, or `undefined` when it holds a number JSON cannot
 * write (`1e999` or `NaN` parsed to Infinity or NaN, which JSON writes as
 * `null`): the number the model wrote would be lost.
 */
function finiteJson(value: unknown): string | undefined {
  return holdsNonFinite(value, 0) ? undefined : JSON.stringify(value);
}

function holdsNonFinite(value: unknown, depth: number): boolean {
  if (typeof value === "number") return !Number.isFinite(value);
  if (typeof value !== "object" || value === null || depth > 64) return false;
  return Object.values(value).some((item) => holdsNonFinite(item, depth + 1));
}

/** Closing markers of every tagged format; one right after a call whose opening tag was lost is markup too. */
const CLOSERS = [...new Set(TAGS.flatMap(([, closers]) => closers))];

/**
 * The spans, each with the closing markers that directly follow it, if any
 * (`{…}\n</tool_call>`, `{…}<|tool_call_end|><|tool_calls_section_end|>`).
 */
function withStrayClosers(content: string, spans: readonly (readonly [number, number])[]): (readonly [number, number])[] {
  const result = [...spans];
  for (const [, end] of spans) {
    let from = end;
    for (let closer = strayCloserAt(content, from); closer !== undefined; closer = strayCloserAt(content, from)) {
      result.push([from, closer[1]]);
      from = closer[1];
    }
  }
  return result;
}

/** The closing marker right after `from` (spaces apart): where it starts and ends. */
function strayCloserAt(content: string, from: number): [number, number] | undefined {
  const at = skipWhitespace(content, from);
  const closer = CLOSERS.find((token) => content.startsWith(token, at));
  return closer === undefined ? undefined : [at, at + closer.length];
}

/**
 * A ```xml block the content opens with, holding calls in a tag format and
 * nothing else: its calls, the fence going with them. `"no"` when it holds
 * anything else (its calls are then an example), `undefined` when there is no such block.
 */
function readXmlFence(content: string, tools: readonly ToolDefinition[]): ContentToolCalls | "no" | undefined {
  const start = skipWhitespace(content, 0);
  const lineEnd = content.indexOf("\n", start);
  if (!content.startsWith("```", start) || lineEnd < 0 || !XML_FENCE_INFOS.includes(content.slice(start + 3, lineEnd).trim().toLowerCase())) return undefined;
  const close = content.indexOf(XML_FENCE_CLOSE, lineEnd);
  const inner = close < 0 ? undefined : readLeadingCalls(content.slice(lineEnd + 1, close), tools);
  if (inner === undefined || inner.text !== "") return "no";
  return { calls: inner.calls, text: removeSpans(content, [[start, close + XML_FENCE_CLOSE.length]]) };
}

/**
 * The tool calls `content` opens with (markup-delimited ones anywhere in
 * it), with the text around them, or `undefined` when there is no
 * unambiguous call to a declared tool.
 */
export function readLeadingCalls(content: string, tools: readonly ToolDefinition[]): ContentToolCalls | undefined {
  if (tools.length === 0 || content.length === 0 || content.length > MAX_CONTENT_LENGTH) return undefined;
  const found = readCalls(content, tools);
  if (found !== undefined) return found;
  // Some formats close with such a token (`<|python_tag|>…<|eom_id|>`): only a reading that failed is tried without them.
  const { body, tokens } = splitEndOfTurn(content);
  const beforeTokens = tokens === "" ? undefined : readCalls(body, tools);
  return beforeTokens === undefined ? undefined : { ...beforeTokens, text: beforeTokens.text + tokens };
}

/**
 * The detectors of markup (tags, tokens): a call they find is one the model wrote as a call, whatever its name.
 * Not an element named after a tool (`<read_file>…`) or a `<user>` block: any element reads so, a tool's or not.
 */
const MARKUP_DETECTORS = DETECTORS.slice(0, DETECTORS.indexOf(detectMarkedPayload)).filter((detect) => detect !== detectDeclaredElements && detect !== detectUserTagCalls);

/**
 * Whether `content` opens with a call in one of the tag or token formats that
 * names no declared tool (`<invoke name="img_gen">…</invoke>`): a call the
 * model made that cannot be run, so calls read after it are only some of the
 * turn's.
 */
export function opensWithUndeclaredCall(content: string, tools: readonly ToolDefinition[]): boolean {
  if (tools.length === 0 || content.length === 0 || content.length > MAX_CONTENT_LENGTH) return false;
  // A family's marker before a payload (`<tool_calls>[…]`, `<|python_start|>[…]`, `[unused11][…]`) is markup too, and
  // so is LM Studio's block (`[TOOL_REQUEST]…[END_TOOL_REQUEST]`, `[name]` then `[END_TOOL_REQUEST]`: its markers make it a
  // call whatever it names) and the pythonic format's list of calls (`[get_news(topic="x")]`), the format's own notation for calls.
  for (const detect of [...MARKUP_DETECTORS, detectMarkedPayload, detectLmStudio, detectPythonicList]) {
    const detection = detect(content);
    if (detection === undefined) continue;
    if (Math.min(...detection.spans.map(([start]) => start)) !== skipWhitespace(content, 0)) return false;
    return detection.calls.some((written) => written.nameChoices === undefined && written.joinedKey !== true && written.bareWord !== true && resolveName(written.name, tools) === undefined);
  }
  return false;
}

/** The pythonic format's list of calls the content opens with (`[get_time(tz="UTC")]`), not a JSON one. */
function detectPythonicList(content: string): Detection | undefined {
  return /^\s*\[\s*[A-Za-z_][\w.]*\s*\(/.test(content.slice(0, MAX_NAME_PEEK)) ? detectLeadingCall(content) : undefined;
}

/** How far into a text a pythonic list's first name is looked for. */
const MAX_NAME_PEEK = 160;

/** A detection in the restored text, its spans in the text as written. */
function writtenDetection(detection: Detection | undefined, origin: readonly number[]): Detection | undefined {
  return detection === undefined ? undefined : { ...detection, spans: detection.spans.map((span) => writtenSpan(origin, span)) };
}

function readCalls(content: string, tools: readonly ToolDefinition[]): ContentToolCalls | undefined {
  const fenced = readXmlFence(content, tools);
  if (fenced !== undefined) return fenced === "no" ? undefined : fenced;
  // `<function bash>` for `<function=bash>`: read with its `=`, its spans placed in the text as written.
  const restored = withFunctionEquals(content, tools.map((tool) => tool.name));
  for (const detect of DETECTORS) {
    const detection = restored === undefined ? detect(content) : writtenDetection(detect(restored.text), restored.origin);
    if (detection === undefined) continue;
    const placed = placeCalls(content, detection, tools);
    // Prose between the calls found, each a declared tool's: this reading is the first group's, the rest of the text is read on its own.
    const group = placed === undefined ? undefined : firstGroupEnd(content, detection.spans);
    const first = group === undefined ? undefined : readCalls(content.slice(0, group), tools);
    if (first !== undefined) return withRest(first, content.slice(group));
    // So is a block of another format before the calls found, read on its own (`<tool_calls>[…]</tool_calls>`, a
    // sentence, `<tool_call>…</tool_call>`, whichever reader comes first): the first group is the text's first.
    const earlier = placed === undefined ? undefined : callsBefore(content, detection, tools);
    if (earlier !== undefined) return earlier;
    // A known format's markers: its reading stands, calls or none (its refusals are its own format's rules),
    // unless it read no declared tool at all: then its body was not its format's (`<tool_call>get_weather: {…}`
    // read as a tool named `get_weather:`), and markup no reader knows may still frame a declared one.
    // An element any name makes (`<fn>…</fn>`) or a declared name's own line is no marker: the text may be markup no reader knows.
    if (placed !== undefined) return framedBySkippedMarkup(content, detection, placed, tools) ?? placed;
    if (MARKUP_DETECTORS.includes(detect) && namesADeclaredTool(detection, tools)) return undefined;
    break;
  }
  // Last, markup no reader knows around a declared tool's name: only when no known format's markers read the text.
  return readGenericCalls(content, tools);
}

/** A letter or a digit: what makes text more than markup and space. */
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** A reading of the text's first group of calls, `rest` (the text after it, later calls and all) its text after them. */
function withRest(first: ContentToolCalls, rest: string): ContentToolCalls {
  return { ...first, text: (first.text + rest).trim(), after: ((first.after ?? first.text) + rest).trim() };
}

/**
 * The calls in the text before the first call `detection` found, prose between them and it, read on their own
 * (another reader's block), with the rest of the text after them; `undefined` when that text reads no call.
 */
function callsBefore(content: string, detection: Detection, tools: readonly ToolDefinition[]): ContentToolCalls | undefined {
  const start = Math.min(...detection.spans.map(([from]) => from));
  const before = content.slice(0, start);
  if (!WORD_CHAR.test(before)) return undefined;
  const earlier = readCalls(before, tools);
  if (earlier === undefined) return undefined;
  // Nothing but markup and space between them: calls in a row, read together (see `withCallsAfter`).
  if (!WORD_CHAR.test(withoutMarkup(earlier.after ?? earlier.text))) return undefined;
  return withRest(earlier, content.slice(start));
}

/** The calls in markup no reader knows that `content` opens with (see `generic-markup-calls.ts`), placed. */
export function readGenericCalls(content: string, tools: readonly ToolDefinition[]): ContentToolCalls | undefined {
  const generic = detectGenericMarkup(content, tools);
  const placed = generic === undefined ? undefined : placeCalls(content, generic, tools);
  return placed === undefined ? undefined : { ...placed, unknownMarkup: true };
}

/**
 * A reading that skipped markup before its first call (`[TOOL_REQUEST]` on its line, then `name[ARGS]{…}`
 * read as Mistral's without its marker): when markup no reader knows, read from the text's start, frames the
 * same calls (and maybe more after them), that reading is the text's, the markup going with its calls.
 */
function framedBySkippedMarkup(content: string, detection: Detection, placed: ContentToolCalls, tools: readonly ToolDefinition[]): ContentToolCalls | undefined {
  const start = skipWhitespace(content, 0);
  if (Math.min(...detection.spans.map(([from]) => from)) === start || (content[start] !== "<" && content[start] !== "[")) return undefined;
  const generic = readGenericCalls(content, tools);
  if (generic === undefined || generic.calls.length < placed.calls.length) return undefined;
  const same = placed.calls.every((call, index) => call.name === generic.calls[index]!.name && call.arguments === generic.calls[index]!.arguments);
  return same ? generic : undefined;
}

/** Whether a reading names a declared tool in one of its calls (its refusal is then about that tool's call). */
function namesADeclaredTool(detection: Detection, tools: readonly ToolDefinition[]): boolean {
  return detection.calls.some((written) => written.nameChoices !== undefined || written.joinedKey === true || resolveName(written.name, tools) !== undefined);
}

/**
 * Whether `content` opens with a call to a declared tool that holds a template's placeholder for a value
 * (`<tool_call>{"name": "get_weather", "arguments": {"city": "<city>"}}</tool_call>`): a format shown, which
 * does not read as a call, and is no call that failed to read either. The first format that finds calls decides.
 */
export function opensWithTemplateCall(content: string, tools: readonly ToolDefinition[]): boolean {
  if (tools.length === 0 || content.length === 0 || content.length > MAX_CONTENT_LENGTH) return false;
  for (const detect of DETECTORS) {
    const detection = detect(content);
    if (detection === undefined) continue;
    return Math.min(...detection.spans.map(([start]) => start)) === skipWhitespace(content, 0) && placedOrTemplate(detection, tools) === "template";
  }
  return false;
}

/** Whether each call a format found names a declared tool and has arguments, one of them a template's placeholder. */
function placedOrTemplate(detection: Detection, tools: readonly ToolDefinition[]): "template" | "other" {
  let template = false;
  for (const written of detection.calls) {
    const raw = written.joinedKey === true ? splitJoinedKey(written, tools) : written.nameChoices !== undefined ? chooseTool(written, tools) : written;
    const tool = raw === undefined ? undefined : raw.exactName === true ? tools.find((declared) => declared.name === stripNamespaces(raw.name)) : resolveName(raw.name, tools);
    const args = tool === undefined || !fitsBesideName(raw!, tool) ? undefined : argumentsText(raw!.arguments, tool);
    if (tool === undefined || args === undefined) return "other";
    template ||= holdsPlaceholder(args, tool);
  }
  return template ? "template" : "other";
}

/** The calls a format found, each placed with a declared tool; `undefined` when one cannot be. */
function placeCalls(content: string, detection: Detection, tools: readonly ToolDefinition[]): ContentToolCalls | undefined {
  const calls: ContentToolCall[] = [];
  for (const written of detection.calls) {
    const raw = written.joinedKey === true ? splitJoinedKey(written, tools) : written.nameChoices !== undefined ? chooseTool(written, tools) : written;
    const tool = raw === undefined ? undefined : raw.exactName === true ? tools.find((declared) => declared.name === stripNamespaces(raw.name)) : resolveName(raw.name, tools);
    const args = tool === undefined || !fitsBesideName(raw!, tool) ? undefined : argumentsText(raw!.arguments, tool);
    // One call we cannot place makes the whole reading doubtful; one with a template's placeholder is an example.
    if (tool === undefined || args === undefined || holdsPlaceholder(args, tool)) return undefined;
    calls.push({ name: tool.name, arguments: args === "" ? "{}" : args, ...(raw!.fromOpenList === true ? { fromOpenList: true } : {}) });
  }
  if (calls.length === 0) return undefined;
  // Several calls, one of them a JSON object the text ends inside (`{"city": "Ro`, `{"city": "Rome", `): the turn was cut
  // while the model wrote it, and running the calls before the cut one would run only some of them.
  if (calls.length > 1 && calls.some((call) => analyzeCut(call.arguments).kind === "cut")) return undefined;
  // A key written twice in a call's JSON: the parse kept one value, which the model meant is a guess.
  if (detection.spans.some(([start, end]) => hasDuplicateKeys(content.slice(start, end)))) return undefined;
  const spans = withStrayClosers(content, detection.spans);
  const first = Math.min(...detection.spans.map(([start]) => start));
  const after = removeSpans(content, [[0, first], ...spans]);
  // Words the model wrote inside a call's markup that are not the call (an agent's thought) stay text, where
  // the calls began: before them, as a ReAct Thought line stands before its Action.
  const spoken = detection.calls.flatMap((call) => (call.spoken === undefined || call.spoken.trim() === "" ? [] : [call.spoken.trim()])).join("\n");
  if (spoken === "") return { calls, text: removeSpans(content, spans), after };
  const before = content.slice(0, first).trim();
  return { calls, text: [before, spoken, after].filter((part) => part !== "").join("\n"), after };
}
