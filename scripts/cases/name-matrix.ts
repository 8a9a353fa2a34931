/**
 * Keys and tool names as real models misname them, on real tool schemas.
 * Each operator is one way a model was seen to write a declared name
 * (issue threads quoted in test/fixtures/cases: `old_string` among camelCase
 * keys, `file_path` for `path`, `prompt` or `pattern` for `query`, `hours` for
 * `hours_back`, `pathz` for `paths`, `functions.bash`, `memory:read_graph`
 * for `mcp__Memory__read_graph`, `web_search_tool`, `search` for
 * `web_search`, `ProxyRead` for `read`, `todo_write` for `todowrite`…).
 *
 * The label is what the documented rules (docs/repair-engine.md, "Key names"
 * and the tool-name rules) say, worked out here from the names alone: the
 * declared name when exactly one fits by a rule; `null` (refuse, or leave a
 * call that validates as it is) when the written name is another name, a
 * synonym, or fits two declared names. A value moved under a declared name it
 * does not name is a wrong repair.
 *
 * The held part (some operators, some schemas) is fixed before any run and
 * only counted: it says whether a fix was a family's.
 */
import { createRandom, type Random } from "./random.ts";
import { generatorTools, type GeneratorTool } from "./schemas.ts";
import { objectFor, type Json } from "./values.ts";

type Schema = Record<string, unknown>;
type Args = { [key: string]: Json };
export type NamePart = "tuned" | "held";

/** Operators whose cases are only counted (chosen before any result was seen). */
export const HELD_KEY_OPERATORS: ReadonlySet<string> = new Set(["style_pascal", "style_spaced", "singular", "expand_short", "word_added_back", "relative_declared"]);
export const HELD_TOOL_OPERATORS: ReadonlySet<string> = new Set(["t_upper", "t_default_api_colon", "t_server_colon_prefixed", "t_fn_suffix", "t_verb_added", "t_suffix_two_ways"]);
/** Schemas whose cases are only counted, whatever the operator. */
export const HELD_SCHEMAS: ReadonlySet<string> = new Set([
  "write_file",
  "search_web",
  "send_email",
  "set_thermostat",
  "grep_search",
  "post_message",
  "render_markdown",
  "calculate_route",
  "query_logs",
  "annotate_pdf",
  "query_prometheus",
  "todowrite",
  "create_pull_request",
]);

const str = (extra: Schema = {}): Schema => ({ type: "string", ...extra });
const int = (minimum = 0, maximum = 500): Schema => ({ type: "integer", minimum, maximum });
const bool = (): Schema => ({ type: "boolean" });
const closed = (properties: Record<string, Schema>, required: readonly string[]): Schema => ({ type: "object", properties, required, additionalProperties: false });
const open = (properties: Record<string, Schema>, required: readonly string[]): Schema => ({ type: "object", properties, required });
const tool = (name: string, description: string, parameters: Schema): GeneratorTool => ({ name, description, parameters });

/** MCP servers' and coding agents' tools: camelCase keys, names that clients prefix with their server. */
export const mcpTools: readonly GeneratorTool[] = [
  tool("edit", "Performs exact string replacements in files.", closed({ filePath: str(), oldString: str(), newString: str(), replaceAll: bool() }, ["filePath", "oldString", "newString"])),
  tool("read", "Read a file.", closed({ filePath: str(), offset: int(0, 5000), limit: int(1, 2000) }, ["filePath"])),
  tool("kubectl_get", "Get Kubernetes resources.", open({ resourceType: str(), name: str(), namespace: str(), output: str({ enum: ["json", "yaml", "wide"] }) }, ["resourceType"])),
  tool("get_events", "List calendar events.", closed({ calendarId: str(), timeMin: str({ format: "date-time" }), timeMax: str({ format: "date-time" }), maxResults: int(1, 250) }, ["calendarId"])),
  tool("query_prometheus", "Run a PromQL query.", open({ datasourceUid: str(), expr: str(), startTime: str(), endTime: str(), queryType: str({ enum: ["range", "instant"] }) }, ["datasourceUid", "expr"])),
  tool("browser_navigate", "Navigate to a URL.", closed({ url: str({ format: "uri" }) }, ["url"])),
  tool("create_pull_request", "Open a pull request.", closed({ owner: str(), repo: str(), title: str(), head: str(), base: str(), body: str(), draft: bool() }, ["owner", "repo", "title", "head", "base"])),
  tool("search_code", "Search code on GitHub.", open({ query: str(), perPage: int(1, 100), page: int(1, 50) }, ["query"])),
  tool("send_chat_message", "Post a message to a chat.", closed({ chatId: str(), text: str(), replyToMessageId: str() }, ["chatId", "text"])),
  tool("todowrite", "Write the to-do list.", closed({ todos: { type: "array", items: closed({ content: str(), status: str({ enum: ["pending", "in_progress", "completed"] }), id: str() }, ["content", "status", "id"]) } }, ["todos"])),
  tool("searxng_web_search", "Search the web with SearXNG.", open({ query: str(), pageno: int(1, 10), timeRange: str({ enum: ["day", "month", "year"] }) }, ["query"])),
  tool("bash", "Run a shell command.", closed({ command: str(), description: str(), timeout: int(1, 600000) }, ["command"])),
];

const schemaTools: readonly GeneratorTool[] = [...generatorTools, ...mcpTools];

/** Servers and toolboxes frameworks put before a tool's name. */
const SERVERS = ["github", "fs", "memory", "playwright", "Notion", "QuickJS", "linear", "k8s"];

// --- Names and their words (kept apart from the engine: the labels must not come from the code they judge).

const wordsIn = (name: string): string[] =>
  name
    .replace(/([a-z\d])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_\-.]+/)
    .filter((word) => word !== "");
const snake = (words: readonly string[]): string => words.join("_");
const camel = (words: readonly string[]): string => words.map((word, index) => (index === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join("");
const pascal = (words: readonly string[]): string => words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join("");
const folded = (name: string): string => wordsIn(name).join("");
const plural = (word: string): string => (/(s|x|z|ch|sh)$/.test(word) ? `${word}es` : /[^aeiou]y$/.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`);
const singularOf = (word: string): string | undefined =>
  word.endsWith("ies") ? `${word.slice(0, -3)}y` : /(ches|shes|xes|sses)$/.test(word) ? word.slice(0, -2) : word.endsWith("s") && !word.endsWith("ss") && word.length > 3 ? word.slice(0, -1) : undefined;

/** The usual short forms of words, both ways round (a word cut after three letters or more, or its consonants). */
const SHORT_FORMS: Readonly<Record<string, string>> = {
  command: "cmd",
  message: "msg",
  description: "desc",
  directory: "dir",
  repository: "repo",
  source: "src",
  destination: "dest",
  configuration: "config",
  environment: "env",
  parameters: "params",
  arguments: "args",
  maximum: "max",
  minimum: "min",
  document: "doc",
  reference: "ref",
  language: "lang",
  options: "opts",
  previous: "prev",
  address: "addr",
  information: "info",
  temperature: "temp",
  expression: "expr",
  password: "pwd",
};
const LONG_FORMS: Readonly<Record<string, string>> = Object.fromEntries(Object.entries(SHORT_FORMS).map(([long, short]) => [short, long]));

/** Words models write for a key's word that share nothing with it (a synonym: any rename is a guess). */
const KEY_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  query: ["prompt", "pattern", "search_term"],
  path: ["location", "file"],
  url: ["link", "address"],
  text: ["message", "content"],
  content: ["text", "data"],
  title: ["subject", "heading"],
  command: ["script", "shell"],
  city: ["location", "place"],
  message: ["text", "note"],
  code: ["source", "script"],
  body: ["content", "description"],
  name: ["label", "title"],
};

/** Words models add before a key's words (`file_path` for `path`, `search_query` for `query`, `new_content` for `content`). */
const ADDED_FRONT = ["file", "new", "search", "target", "input"];
/** Words models add after them (`content_to_append`, `path_value`, `query_text`). */
const ADDED_BACK = ["value", "text", "name", "list", "input"];

export interface NameCase {
  readonly id: string;
  readonly kind: "key" | "tool";
  readonly operator: string;
  readonly schema: string;
  readonly part: NamePart;
  readonly tools: readonly GeneratorTool[];
  /** The call as the model wrote it. */
  readonly name: string;
  readonly arguments: string;
  /** The call a repair must give, or `null`: no repair (refuse, or leave a call that validates as it is). */
  readonly expected: { readonly name: string; readonly args: Args } | null;
  /** For a `null` key case: the written key, whose value must not land under a declared key. */
  readonly writtenKey?: string;
}

// --- Key operators.

interface KeyScene {
  readonly declaredKey: string;
  readonly words: readonly string[];
  readonly keys: readonly string[];
  readonly schema: Schema;
  readonly random: Random;
}
/** `rule`: the declared key by the documented rule; `other`: another name (never renamed); `undefined`: does not apply. */
type KeyOperator = (
  scene: KeyScene,
) => { readonly written: string; readonly fits: "rule" | "similar" | "other"; readonly schema?: Schema; readonly leftOut?: string } | undefined;

const styled = (style: (words: readonly string[]) => string): KeyOperator => (scene) => {
  const written = style(scene.words);
  return written === scene.declaredKey ? undefined : { written, fits: "rule" };
};
const lastWordAs = (scene: KeyScene, word: string | undefined): string[] | undefined => (word === undefined ? undefined : [...scene.words.slice(0, -1), word]);
const joinedLike = (declaredKey: string, words: readonly string[]): string => (/[A-Z]/.test(declaredKey) && !declaredKey.includes("_") ? camel(words) : snake(words));
const propertyOf = (scene: KeyScene): Schema => ((scene.schema.properties as Record<string, Schema>)[scene.declaredKey] ?? {});

const keyOperators: Readonly<Record<string, KeyOperator>> = {
  style_camel: styled(camel),
  style_snake: styled(snake),
  style_pascal: styled(pascal),
  style_kebab: styled((words) => words.join("-")),
  style_screaming: styled((words) => snake(words).toUpperCase()),
  style_dotted: styled((words) => words.join(".")),
  style_spaced: styled((words) => words.join(" ")),
  /** `" content "`: the key with spaces around it (BAML's users' outputs). */
  key_padded: (scene) => ({ written: ` ${scene.declaredKey} `, fits: "rule" }),
  /** `file\_path`: Markdown's escape before each underscore. */
  /** `contents` for `content`: a plural of a key that takes one value. */
  plural: (scene) => {
    const last = scene.words.at(-1)!;
    if (singularOf(last) !== undefined || propertyOf(scene).type === "array" || propertyOf(scene).type === "object") return undefined;
    return { written: joinedLike(scene.declaredKey, lastWordAs(scene, plural(last))!), fits: "similar" };
  },
  /** `tag` for `tags`, with the list the key takes. */
  singular: (scene) => {
    if (propertyOf(scene).type !== "array") return undefined;
    const one = singularOf(scene.words.at(-1)!);
    return one === undefined ? undefined : { written: joinedLike(scene.declaredKey, lastWordAs(scene, one)!), fits: "similar" };
  },
  /** `cmd` for `command`, `src_dir` for `src_directory`. */
  short_form: (scene) => {
    const index = scene.words.findIndex((word) => SHORT_FORMS[word] !== undefined);
    if (index < 0) return undefined;
    return { written: joinedLike(scene.declaredKey, scene.words.map((word, at) => (at === index ? SHORT_FORMS[word]! : word))), fits: "similar" };
  },
  /** `command` for `cmd`, `expression` for `expr`. */
  expand_short: (scene) => {
    const index = scene.words.findIndex((word) => LONG_FORMS[word] !== undefined);
    if (index < 0) return undefined;
    return { written: joinedLike(scene.declaredKey, scene.words.map((word, at) => (at === index ? LONG_FORMS[word]! : word))), fits: "similar" };
  },
  /** `desciption`: one letter left out of a word of eight letters or more. */
  typo_long_word: (scene) => {
    const index = scene.words.findIndex((word) => word.length >= 8);
    if (index < 0) return undefined;
    const word = scene.words[index]!;
    const cut = scene.random.int(2, word.length - 3);
    return { written: joinedLike(scene.declaredKey, scene.words.map((other, at) => (at === index ? word.slice(0, cut) + word.slice(cut + 1) : other))), fits: "similar" };
  },
  /** `file_path` for `path`, `search_query` for `query`. */
  word_added_front: (scene) => ({ written: joinedLike(scene.declaredKey, [scene.random.pick(ADDED_FRONT.filter((word) => !scene.words.includes(word))), ...scene.words]), fits: "other" }),
  /** `content_to_append`-like: a word after the key's words. */
  word_added_back: (scene) => ({ written: joinedLike(scene.declaredKey, [...scene.words, scene.random.pick(ADDED_BACK.filter((word) => !scene.words.includes(word)))]), fits: "other" }),
  /** `hours` for `hours_back`, `path` for `file_path`. */
  word_dropped: (scene) => (scene.words.length < 2 ? undefined : { written: joinedLike(scene.declaredKey, scene.random.chance(0.5) ? scene.words.slice(1) : scene.words.slice(0, -1)), fits: "other" }),
  /** `path_file` for `file_path`. */
  words_swapped: (scene) => (scene.words.length === 2 && scene.words[0] !== scene.words[1] ? { written: joinedLike(scene.declaredKey, [...scene.words].reverse()), fits: "other" } : undefined),
  /** `pathz` for `paths`, `tab` for `tag`: a short word one letter off is as often another word. */
  short_word_one_off: (scene) => {
    const index = scene.words.findIndex((word) => word.length >= 3 && word.length <= 7);
    if (index < 0) return undefined;
    const word = scene.words[index]!;
    const changed = word.slice(0, -1) + (word.at(-1) === "z" ? "x" : "z");
    return { written: joinedLike(scene.declaredKey, scene.words.map((other, at) => (at === index ? changed : other))), fits: "other" };
  },
  /** `prompt` for `query`: only where the key is required (a closed object then refuses rather than drops it). */
  synonym: (scene) => {
    const required = (scene.schema.required ?? []) as string[];
    const options = KEY_SYNONYMS[scene.words.at(-1)!];
    if (options === undefined || !required.includes(scene.declaredKey)) return undefined;
    return { written: scene.random.pick(options), fits: "other" };
  },
  /**
   * A key that fits the declared one by a rule (its plural) while another declared key the call left out
   * holds the same word (`contents` with `content` and `content_type` declared): two readings, no rename.
   */
  relative_declared: (scene) => withRelative(scene, [...scene.words, "type"]),
  /** The same with the other key's word in front (`names` with `name` and `display_name` declared). */
  relative_prefixed: (scene) => withRelative(scene, ["default", ...scene.words]),
};

function withRelative(scene: KeyScene, relativeWords: readonly string[]): ReturnType<KeyOperator> {
  const last = scene.words.at(-1)!;
  if (singularOf(last) !== undefined || propertyOf(scene).type === "array" || propertyOf(scene).type === "object") return undefined;
  const relative = joinedLike(scene.declaredKey, relativeWords);
  const properties = { ...(scene.schema.properties as Record<string, Schema>), [relative]: { type: "string" } };
  // The other key is left out of the call: a key the call holds is no reading of the written one.
  return { written: joinedLike(scene.declaredKey, lastWordAs(scene, plural(last))!), fits: "other", schema: { ...scene.schema, properties }, leftOut: relative };
}

/** Whether two names share a word (or a word's plural): then a similar name may be either, and is not generated as a fit. */
function shareWord(left: string, right: string): boolean {
  const wordsLeft = wordsIn(left);
  const wordsRight = wordsIn(right);
  return wordsLeft.some((word) => wordsRight.some((other) => word === other || plural(word) === other || plural(other) === word || SHORT_FORMS[word] === other || SHORT_FORMS[other] === word));
}

function keyCase(toolIndex: number, operator: string, seed: number): NameCase | undefined {
  const random = createRandom(seed * 7919 + toolIndex * 31 + operator.length);
  const target = schemaTools[toolIndex]!;
  const properties = target.parameters.properties as Record<string, Schema>;
  const keys = Object.keys(properties);
  const declaredKey = keys[random.int(0, keys.length - 1)]!;
  const scene: KeyScene = { declaredKey, words: wordsIn(declaredKey), keys, schema: target.parameters, random };
  const made = keyOperators[operator]!(scene);
  if (made === undefined) return undefined;
  const schema = made.schema ?? target.parameters;
  const declared = Object.keys(schema.properties as Record<string, Schema>);
  // The written name is another declared key: that key, not a slip.
  if (declared.some((key) => key === made.written || folded(key) === folded(made.written))) {
    if (made.fits !== "rule" || declared.some((key) => key !== declaredKey && folded(key) === folded(made.written))) return undefined;
  }
  // A similar name must fit one declared key only: no other declared key may share a word with it.
  if (made.fits === "similar" && declared.some((key) => key !== declaredKey && (shareWord(key, made.written) || shareWord(key, declaredKey)))) return undefined;

  const valid = objectFor(schema, random);
  if (made.leftOut !== undefined) delete valid[made.leftOut];
  if (valid[declaredKey] === undefined) valid[declaredKey] = objectFor({ type: "object", properties: { [declaredKey]: properties[declaredKey]! }, required: [declaredKey] }, random)[declaredKey]!;
  const written: Args = {};
  for (const [key, value] of Object.entries(valid)) written[key === declaredKey ? made.written : key] = value;
  const isClosed = schema.additionalProperties === false;
  const isRequired = ((schema.required ?? []) as string[]).includes(declaredKey);
  // A similar name is used where the object is closed or the key is missing and required; an open object keeps it as sent.
  const renamed = made.fits === "rule" || (made.fits === "similar" && (isClosed || isRequired));
  const expected = made.fits === "other" ? null : { name: target.name, args: renamed ? valid : written };
  const part: NamePart = HELD_KEY_OPERATORS.has(operator) || HELD_SCHEMAS.has(target.name) ? "held" : "tuned";
  return {
    id: `key/${operator}/${target.name}/${seed}`,
    kind: "key",
    operator,
    schema: target.name,
    part,
    tools: [{ ...target, parameters: schema }],
    name: target.name,
    arguments: JSON.stringify(written),
    expected,
    ...(made.fits === "other" ? { writtenKey: made.written } : {}),
  };
}

// --- Keys restyled across the call: every key at once (a client that converts them all), or inside nested objects and list items.

/** How a model restyles a key in a whole call: the declared words in the other style. */
const restyle = (key: string): string => (/[A-Z]/.test(key) && !key.includes("_") ? snake(wordsIn(key)) : camel(wordsIn(key)));

/** A key's schema, its object's properties, or a list's items' properties: where nested keys live. */
function nestedProperties(schema: Schema | undefined): Record<string, Schema> | undefined {
  if (schema === undefined) return undefined;
  if (schema.type === "array") return nestedProperties(schema.items as Schema | undefined);
  return schema.type === "object" && schema.properties !== undefined ? (schema.properties as Record<string, Schema>) : undefined;
}

/** Renames keys in `value` (an object, or a list of them) with `rename`; the same shape otherwise. */
function renamedIn(value: Json, rename: (key: string) => string): Json {
  if (Array.isArray(value)) return value.map((item) => renamedIn(item, rename));
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [rename(key), item]));
}

const wholeCallOperators: Readonly<Record<string, (target: GeneratorTool, valid: Args) => Args | undefined>> = {
  /** `{"tableName": …, "databaseName": …}` for `table_name`, `database_name`: every key in the other style. */
  all_keys_restyled: (target, valid) => {
    const keys = Object.keys(valid).filter((key) => wordsIn(key).length > 1);
    if (keys.length < 2) return undefined;
    return renamedIn(valid, (key) => (keys.includes(key) ? restyle(key) : key)) as Args;
  },
  /** `{"passengers": {"Adults": 2}}`, `{"todos": [{"Content": …}]}`: a nested object's or list items' key in another style. */
  nested_key_restyled: (target, valid) => {
    const properties = target.parameters.properties as Record<string, Schema>;
    const outer = Object.keys(valid).find((key) => nestedProperties(properties[key]) !== undefined && valid[key] !== null && typeof valid[key] === "object");
    if (outer === undefined) return undefined;
    const inner = Object.keys(nestedProperties(properties[outer])!);
    const present = (Array.isArray(valid[outer]) ? (valid[outer] as Json[]) : [valid[outer]!]).flatMap((item) => (item !== null && typeof item === "object" && !Array.isArray(item) ? Object.keys(item) : []));
    const key = inner.find((name) => present.includes(name) && restyle(name) !== name && !inner.some((other) => other !== name && folded(other) === folded(name)));
    if (key === undefined) return undefined;
    const written = pascal(wordsIn(key));
    return { ...valid, [outer]: renamedIn(valid[outer]!, (name) => (name === key ? written : name)) };
  },
};

/** A restyled key together with another slip in the same call: how the arguments text is then written. */
const withOtherSlip: Readonly<Record<string, (written: Args) => string>> = {
  plain: (written) => JSON.stringify(written),
  /** Under an envelope key (`{"arguments": {…}}`). */
  in_envelope: (written) => JSON.stringify({ arguments: written }),
  /** The object sent as a JSON string inside the string. */
  double_encoded: (written) => JSON.stringify(JSON.stringify(written)),
  /** A trailing comma before the closing brace. */
  trailing_comma: (written) => `${JSON.stringify(written, null, 1).slice(0, -2)},\n}`,
  /** In a Markdown fence. */
  fenced: (written) => `\`\`\`json\n${JSON.stringify(written)}\n\`\`\``,
};

function wholeCallCase(toolIndex: number, operator: string, seed: number): NameCase | undefined {
  const random = createRandom(seed * 6151 + toolIndex * 13 + operator.length);
  const target = schemaTools[toolIndex]!;
  const valid = objectFor(target.parameters, random);
  const [how, slip] = operator.split("+") as [string, string | undefined];
  const restyled = wholeCallOperators[how]!(target, valid);
  if (restyled === undefined) return undefined;
  // An envelope's key the tool declares is that property, not an envelope.
  if (slip === "in_envelope" && Object.hasOwn(target.parameters.properties as object, "arguments")) return undefined;
  const written = withOtherSlip[slip ?? "plain"]!(restyled);
  const part: NamePart = HELD_SCHEMAS.has(target.name) ? "held" : "tuned";
  return { id: `key/${operator}/${target.name}/${seed}`, kind: "key", operator, schema: target.name, part, tools: [target], name: target.name, arguments: written, expected: { name: target.name, args: valid } };
}

// --- Several keys slipped at once: every key of the call one letter off its own declared key.

/** Levenshtein distance, small keys only (kept here: the labels must not come from the code they judge). */
function letterEdits(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[right.length]!;
}

/** One letter inside a key left out or typed twice (`emal`, `agge`), never its first or last letter. */
function slipped(key: string, random: Random): string | undefined {
  const inner = [...key].flatMap((char, index) => (index > 0 && index < key.length - 1 && /[a-z]/.test(char) && /[a-z]/.test(key[index - 1]!) ? [index] : []));
  if (inner.length === 0) return undefined;
  const at = random.pick(inner);
  return random.chance(0.5) ? key.slice(0, at) + key.slice(at + 1) : key.slice(0, at) + key[at] + key.slice(at);
}

/** Words no tool here declares, for a key the call holds beside its slips. */
const STRAY_KEYS = ["remark", "annotation", "memo_text"];

/**
 * `keys_slipped`: two keys or more, each one letter off its own declared key and every other key right; the
 * declared keys by the rule (an object whose every unknown key pairs off so). `keys_slipped_with_extra`: the
 * same beside a key that names nothing declared, and in short words only (no rule reads one such key alone):
 * nothing pairs the stray key, so no slip is read (`null`). A slip within two letters of another declared key,
 * or sharing a word or a start with one, is left out (it may name that key).
 */
function slipCase(toolIndex: number, operator: string, seed: number): NameCase | undefined {
  const target = schemaTools[toolIndex]!;
  // The held part is fixed: these operators only add tuned cases.
  if (HELD_SCHEMAS.has(target.name)) return undefined;
  const random = createRandom(seed * 4241 + toolIndex * 17 + operator.length);
  const valid = objectFor(target.parameters, random);
  const declared = Object.keys(target.parameters.properties as Record<string, Schema>);
  const withExtra = operator === "keys_slipped_with_extra";
  const candidates = Object.keys(valid).filter((key) => folded(key).length >= 4 && (!withExtra || wordsIn(key).every((word) => word.length < 8)));
  if (candidates.length < 2) return undefined;
  const chosen = candidates.slice(0, random.int(2, Math.min(3, candidates.length)));
  const slips = new Map<string, string>();
  for (const key of chosen) {
    const written = slipped(key, random);
    if (written === undefined) return undefined;
    const near = declared.some((other) => other !== key && (letterEdits(folded(written), folded(other)) <= 2 || shareWord(other, written) || folded(other).startsWith(folded(written).slice(0, 3))));
    // A slip that reads as a word of its own key's (a plural, a short form) is another rule's case.
    if (near || shareWord(key, written) || folded(key).startsWith(folded(written)) || folded(written).startsWith(folded(key))) return undefined;
    slips.set(key, written);
  }
  const written: Args = {};
  for (const [key, value] of Object.entries(valid)) written[slips.get(key) ?? key] = value;
  const stray = withExtra ? STRAY_KEYS.find((key) => !declared.some((other) => shareWord(other, key) || letterEdits(folded(other), folded(key)) <= 3)) : undefined;
  if (withExtra && stray === undefined) return undefined;
  if (stray !== undefined) written[stray] = "see above";
  const [firstSlip] = [...slips.values()];
  return {
    id: `key/${operator}/${target.name}/${seed}`,
    kind: "key",
    operator,
    schema: target.name,
    part: "tuned",
    tools: [target],
    name: target.name,
    arguments: JSON.stringify(written),
    expected: withExtra ? null : { name: target.name, args: valid },
    ...(withExtra ? { writtenKey: firstSlip! } : {}),
  };
}

// --- Tool-name operators.

interface ToolScene {
  /** The tool's name as declared (plain, or under a server's prefix). */
  readonly declared: string;
  /** The name without any server prefix. */
  readonly bare: string;
  readonly server: string;
  readonly random: Random;
}
/** `declared`: how the target is declared (default: its name); `confusers`: other declared names the case needs; `fits`: whether one declared name fits by a rule. */
type ToolOperator = (scene: ToolScene) => { readonly emitted: string; readonly fits: boolean; readonly declared?: string; readonly confusers?: readonly string[] } | undefined;

const renamed = (style: (words: readonly string[]) => string): ToolOperator => (scene) => {
  const emitted = style(wordsIn(scene.bare));
  return emitted === scene.bare ? undefined : { emitted, fits: true, declared: scene.bare };
};

/** Words for a tool's name that share nothing with it. */
const TOOL_SYNONYMS: Readonly<Record<string, string>> = {
  bash: "shell",
  run_shell_command: "execute_command",
  read_file: "open_file",
  write_file: "save_file",
  list_directory: "ls",
  search_web: "google",
  fetch_url: "download_page",
  send_email: "email_send",
  read: "cat",
  browser_navigate: "goto_page",
};

const toolOperators: Readonly<Record<string, ToolOperator>> = {
  t_camel: renamed(camel),
  t_pascal: renamed(pascal),
  t_kebab: renamed((words) => words.join("-")),
  t_upper: renamed((words) => snake(words).toUpperCase()),
  t_spaced: (scene) => (wordsIn(scene.bare).length > 1 ? { emitted: wordsIn(scene.bare).join(" "), fits: true, declared: scene.bare } : undefined),
  t_joined: (scene) => (scene.bare.includes("_") ? { emitted: scene.bare.replaceAll("_", ""), fits: true, declared: scene.bare } : undefined),
  t_functions: (scene) => ({ emitted: `functions.${scene.bare}`, fits: true, declared: scene.bare }),
  t_default_api_colon: (scene) => ({ emitted: `default_api:${scene.bare}`, fits: true, declared: scene.bare }),
  t_call_index: (scene) => ({ emitted: `functions.${scene.bare}:${scene.random.int(0, 3)}`, fits: true, declared: scene.bare }),
  t_quoted: (scene) => ({ emitted: `"${scene.bare}"`, fits: true, declared: scene.bare }),
  t_newline: (scene) => ({ emitted: `${scene.bare}\n`, fits: true, declared: scene.bare }),
  /** gpt-oss's `repo_browser.read_file`, a client's `github/create_issue`: a namespace before the name as declared. */
  t_unknown_namespace: (scene) => ({ emitted: `${scene.random.pick(["repo_browser.", "container.", `${scene.server.toLowerCase()}/`])}${scene.bare}`, fits: true, declared: scene.bare }),
  /** `mcp__fs__read_file` for `read_file`. */
  t_mcp_added: (scene) => ({ emitted: `mcp__${scene.server.toLowerCase()}__${scene.bare}`, fits: true, declared: scene.bare }),
  /** `browser_navigate` for `mcp__playwright__browser_navigate`. */
  t_mcp_dropped: (scene) => (folded(scene.bare).length < 4 ? undefined : { emitted: scene.bare, fits: true, declared: `mcp__${scene.server}__${scene.bare}` }),
  /** `memory:read_graph` for `mcp__Memory__read_graph`. */
  t_server_colon_prefixed: (scene) => ({ emitted: `${scene.server.toLowerCase()}:${scene.bare}`, fits: true, declared: `mcp__${scene.server}__${scene.bare}` }),
  /** `execute_javascript` for `QuickJS_execute_javascript`: a toolbox prefix dropped from a name of several words. */
  t_toolbox_dropped: (scene) => (wordsIn(scene.bare).length < 2 ? undefined : { emitted: scene.bare, fits: true, declared: `${scene.server}_${scene.bare}` }),
  /** `web_search_tool`, `ReadFileTool` for the declared name. */
  t_tool_suffix: (scene) => (folded(scene.bare).length < 4 ? undefined : { emitted: scene.random.chance(0.5) ? `${scene.bare}_tool` : `${pascal(wordsIn(scene.bare))}Tool`, fits: true, declared: scene.bare }),
  t_fn_suffix: (scene) => (folded(scene.bare).length < 4 ? undefined : { emitted: scene.random.chance(0.5) ? `${scene.bare}_function` : `${camel(wordsIn(scene.bare))}Fn`, fits: true, declared: scene.bare }),
  /** `search` for `web_search`: a word of the name dropped is another name. */
  t_word_dropped: (scene) => {
    const words = wordsIn(scene.bare);
    return words.length < 2 ? undefined : { emitted: words.at(-1)!, fits: false, declared: scene.bare };
  },
  /** `ProxyRead`, `execute_terminal`, `run_read_file`: a word before the name makes another name. */
  t_verb_added: (scene) => ({ emitted: scene.random.chance(0.5) ? `${scene.random.pick(["execute", "run", "call"])}_${scene.bare}` : `Proxy${pascal(wordsIn(scene.bare))}`, fits: false, declared: scene.bare }),
  /** `read_files` for `read_file`: the name's last word in the plural says another thing (a tool over many). */
  t_plural_name: (scene) => {
    const words = wordsIn(scene.bare);
    const last = words.at(-1)!;
    return singularOf(last) !== undefined ? undefined : { emitted: snake([...words.slice(0, -1), plural(last)]), fits: false, declared: scene.bare };
  },
  /** `file_read` for `read_file`: words in another order are another name. */
  t_words_swapped: (scene) => {
    const words = wordsIn(scene.bare);
    return words.length !== 2 || words[0] === words[1] ? undefined : { emitted: snake([...words].reverse()), fits: false, declared: scene.bare };
  },
  t_synonym: (scene) => (TOOL_SYNONYMS[scene.bare] === undefined ? undefined : { emitted: TOOL_SYNONYMS[scene.bare]!, fits: false, declared: scene.bare }),
  /** `web.search` with `web_search` and `search` declared: both readings name a tool. */
  t_namespace_two_ways: (scene) => {
    const words = wordsIn(scene.bare);
    if (words.length < 2) return undefined;
    return { emitted: `${words.slice(0, -1).join("_")}.${words.at(-1)!}`, fits: false, declared: scene.bare, confusers: [words.at(-1)!] };
  },
  /** `read_file` with `fs_read_file` and `github_read_file` declared: which server's is a guess. */
  t_prefix_two_ways: (scene) => (wordsIn(scene.bare).length < 2 ? undefined : { emitted: scene.bare, fits: false, declared: `${scene.server}_${scene.bare}`, confusers: [`other_${scene.bare}`] }),
  /** `read_tool` with `read` and `x_read_tool` declared: `_tool` added, or a prefix dropped. */
  t_suffix_two_ways: (scene) => (folded(scene.bare).length < 4 ? undefined : { emitted: `${scene.bare}_tool`, fits: false, declared: scene.bare, confusers: [`${scene.server}_${scene.bare}_tool`] }),
  /** `readFle`: one letter dropped; the name by distance is off by default, a guess. */
  t_typo: (scene) => {
    if (scene.bare.length < 6) return undefined;
    const cut = scene.random.int(1, scene.bare.length - 2);
    // A separator left out is the same name (`t_joined`): the typo takes a letter.
    if (!/[a-z]/i.test(scene.bare[cut]!)) return undefined;
    return { emitted: scene.bare.slice(0, cut) + scene.bare.slice(cut + 1), fits: false, declared: scene.bare };
  },
  /** `read\_file`: Markdown's escape before each underscore, as models that write Markdown put it in names. */
  t_markdown_escaped: (scene) => (scene.bare.includes("_") ? { emitted: scene.bare.replaceAll("_", "\\_"), fits: true, declared: scene.bare } : undefined),
  /** `read_file()`: the name written as a call with nothing in it. */
  t_empty_parens: (scene) => ({ emitted: `${scene.bare}()`, fits: true, declared: scene.bare }),
  t_json_glued: (scene) => ({ emitted: `${scene.bare}json`, fits: true, declared: scene.bare }),
  t_tag_before: (scene) => ({ emitted: `<tool_call>${scene.bare}`, fits: true, declared: scene.bare }),
  t_end_token_after: (scene) => ({ emitted: `${scene.bare}<|tool_call_end|>`, fits: true, declared: scene.bare }),
  t_namespace_title_case: (scene) => ({ emitted: `Functions.${wordsIn(scene.bare).map((word) => word[0]!.toUpperCase() + word.slice(1)).join("_")}`, fits: true, declared: scene.bare }),
  t_bold: (scene) => ({ emitted: `**${scene.bare}**`, fits: true, declared: scene.bare }),
  t_doubled: (scene) => ({ emitted: `${scene.bare}${scene.bare}`, fits: true, declared: scene.bare }),
  t_backticks: (scene) => ({ emitted: `\`${scene.bare}\``, fits: true, declared: scene.bare }),
  t_channel_suffix: (scene) => ({ emitted: `${scene.bare}<|channel|>commentary`, fits: true, declared: scene.bare }),
  t_harmony_header: (scene) => ({ emitted: `assistant<|channel|>commentary to=functions.${scene.bare}`, fits: true, declared: scene.bare }),
  /** `mcp--onellm--jira_search` for `mcp__onellm__jira_search`: a client that rewrote the separators. */
  t_mcp_separators: (scene) => ({ emitted: `mcp--${scene.server.toLowerCase()}--${scene.bare}`, fits: true, declared: `mcp__${scene.server}__${scene.bare}` }),
  /** `memory.read_graph`, `memory/read_graph` for `mcp__Memory__read_graph`. */
  t_server_path_prefixed: (scene) => ({ emitted: `${scene.server.toLowerCase()}${scene.random.pick([".", "/"])}${scene.bare}`, fits: true, declared: `mcp__${scene.server}__${scene.bare}` }),
  /** `functions.readFile`: a namespace and another style at once. */
  t_namespace_styled: (scene) => {
    const emitted = camel(wordsIn(scene.bare));
    return emitted === scene.bare ? undefined : { emitted: `functions.${emitted}`, fits: true, declared: scene.bare };
  },
};

function toolCase(toolIndex: number, operator: string, seed: number): NameCase | undefined {
  const random = createRandom(seed * 104729 + toolIndex * 17 + operator.length * 3);
  const target = schemaTools[toolIndex]!;
  const scene: ToolScene = { declared: target.name, bare: target.name, server: random.pick(SERVERS), random };
  const made = toolOperators[operator]!(scene);
  if (made === undefined) return undefined;
  const declared = made.declared ?? target.name;
  // Neighbours: other real tools, as declared.
  const neighbours: GeneratorTool[] = [];
  for (let tries = 0; neighbours.length < 4 && tries < 20; tries++) {
    const other = schemaTools[random.int(0, schemaTools.length - 1)]!;
    if (other.name !== target.name && !neighbours.includes(other)) neighbours.push(other);
  }
  const confusers = (made.confusers ?? []).map((name) => ({ name, description: `The ${name} tool.`, parameters: target.parameters }));
  const tools = [{ ...target, name: declared }, ...neighbours, ...confusers];
  const names = tools.map((entry) => entry.name);
  if (new Set(names.map(folded)).size !== names.length) return undefined;
  // The emitted name spells a declared name as it is, or two, or a neighbour's: not the slip this operator makes.
  const spells = names.filter((name) => folded(name) === folded(made.emitted.trim().replace(/^"|"$/g, "")));
  if (spells.some((name) => name !== declared)) return undefined;
  const args = objectFor(target.parameters, random);
  const part: NamePart = HELD_TOOL_OPERATORS.has(operator) || HELD_SCHEMAS.has(target.name) ? "held" : "tuned";
  return {
    id: `tool/${operator}/${target.name}/${seed}`,
    kind: "tool",
    operator,
    schema: target.name,
    part,
    tools,
    name: made.emitted,
    arguments: JSON.stringify(args),
    expected: made.fits ? { name: declared, args } : null,
  };
}

/** Every operator on every schema, `perCell` seeds each (cases an operator does not apply to are left out). */
export function nameCases(perCell: number, seed = 1): NameCase[] {
  const cases: NameCase[] = [];
  for (let index = 0; index < schemaTools.length; index++) {
    for (let run = 0; run < perCell; run++) {
      const caseSeed = seed * 1000 + run;
      for (const operator of Object.keys(keyOperators)) {
        const made = keyCase(index, operator, caseSeed);
        if (made !== undefined) cases.push(made);
      }
      const wholeCall = Object.keys(wholeCallOperators).flatMap((how) => [how, ...Object.keys(withOtherSlip).filter((slip) => slip !== "plain").map((slip) => `${how}+${slip}`)]);
      for (const operator of wholeCall) {
        const made = wholeCallCase(index, operator, caseSeed);
        if (made !== undefined) cases.push(made);
      }
      for (const operator of ["keys_slipped", "keys_slipped_with_extra"]) {
        const made = slipCase(index, operator, caseSeed);
        if (made !== undefined) cases.push(made);
      }
      for (const operator of Object.keys(toolOperators)) {
        const made = toolCase(index, operator, caseSeed);
        if (made !== undefined) cases.push(made);
      }
    }
  }
  return cases;
}
