// calculate_sum<|channel|>commentary → calculate_sum; get_area</arg_value> → get_area; ChaFodChaFod → ChaFod; get_weatherjson → get_weather; "get_weather" → get_weather; functions.get_weather:0 → get_weather; <|start|>assistant<|channel|>commentary to=functions.get_weather → get_weather; get_weather,{"city":"Paris"} with no arguments → get_weather {"city":"Paris"}; tool_Edit_mUoY2p3W3r3z8uO5P2nZ → Edit
import { declaredNameFor, stripNamespaces } from "../name-resolution.ts";
import type { NameFixer } from "../types.ts";

/**
 * Where chat-template markup or the arguments start inside a name: a special
 * token (`<|…|>`, DeepSeek's `<｜…｜>`), a tag (`</arg_value>`, `<tool_call>`),
 * a bracket, a quote or whitespace. Nothing a declared name contains.
 */
const JUNK_START = /<[|｜/]|<[a-z_]+>|[[{("'\s]/i;
/** Special tokens (`<|channel|>`, `<｜tool▁sep｜>`, Gemma's `<|tool_call>`) and tags (`<tool_call>`, `</arg_value>`): markup, never part of a name. */
const MARKUP = /<[|｜][^<>]*?[|｜]?>|<\/?[A-Za-z_][\w:-]*[|｜]?>/g;
/** Declared names are at most 64 or 128 characters: past this much markup a name is junk, not worth reading piece by piece. */
const MAX_MARKED_NAME = 512;
/** Harmony's roles and channels, left between its tokens: the header around a recipient, not a name. */
const HEADER_WORD = /^(?:assistant|analysis|commentary|final)$/i;
/** Harmony's `<|constrain|>json` leaves a bare `json` glued to the name once its tokens are dropped. */
const GLUED_FORMAT = /json$/i;
/** Characters no name is made of that a copied name carries: zero-width spaces and joiners, the word joiner, a byte-order mark. */
const INVISIBLE = /[\u200b-\u200d\u2060\ufeff]/g;
/**
 * Quotes (typographic ones too), backticks, brackets and Markdown emphasis
 * around a name, punctuation after it (`"read_file"`, `**read_file**`,
 * `read_file:`), and a `:` before it (Gemma 4's `call:` marker cut to its colon).
 */
const WRAPPED = /^[\s"'`*([{<:“”‘’«»„‚‹›]+|[\s"'`*)\]}>:;,!?|“”‘’«»„‚‹›]+$/g;
/** Kimi K2's call index after the name (`functions.read_file:0`). */
const CALL_INDEX = /:\d+$/;
/** Harmony's header before the recipient, its tokens stripped: `assistant to=`, `commentary to=`, `assistant analysis to=`. */
const RECIPIENT = /^(?:(?:assistant|commentary|analysis)\s+){0,2}to=/i;

/** Words that follow a name in a template's header, not in a name: Harmony's constrain format (`json`, `code`) and its roles and channels. */
const HEADER_TAIL = /^(?:json|code|assistant|analysis|commentary|final)$/i;

/**
 * Whether what follows a space is more of the name: plain words (`Read File`,
 * `web search`), a name in words where the first one is declared. A word more
 * is another name (`read file` is not `read`), as `read_file` is not; a
 * header's word (`json`), arguments or markup after the space are not words.
 */
function continuesName(rest: string): boolean {
  const words = rest.trim().split(/\s+/);
  return words.length <= 3 && words.every((word) => /^[A-Za-z][A-Za-z0-9_-]*$/.test(word)) && !words.every((word) => HEADER_TAIL.test(word));
}

function declared(candidate: string, toolNames: readonly string[]): string | undefined {
  return declaredNameFor(candidate, toolNames) ?? declaredNameFor(stripNamespaces(candidate), toolNames);
}

/** The name without the form a copy or a template gave it; the same text when there is none. */
function unwrapped(name: string): string {
  let current = name.normalize("NFKC").replace(INVISIBLE, "").trim();
  // Two rounds: `"functions.read_file:0"` loses its quotes, then its index.
  for (let round = 0; round < 2; round++) current = current.replace(WRAPPED, "").replace(RECIPIENT, "").replace(CALL_INDEX, "");
  return current;
}

/** The declared name `text` holds once what follows it and what wraps it are taken off. */
function resolve(text: string, toolNames: readonly string[], depth = 0): string | undefined {
  const junk = JUNK_START.exec(text);
  if (junk !== null && junk.index > 0 && !continuesName(text.slice(junk.index))) {
    const found = declared(text.slice(0, junk.index), toolNames);
    if (found !== undefined) return found;
  }
  if (GLUED_FORMAT.test(text) && text.length > 4) {
    const found = declared(text.slice(0, -4), toolNames);
    if (found !== undefined) return found;
  }
  // A streaming bug repeats the name: `ChaFodChaFod`, `read_file read_file`.
  const half = text.length / 2;
  if (Number.isInteger(half) && text.slice(0, half) === text.slice(half)) {
    return declared(text.slice(0, half), toolNames);
  }
  const bare = unwrapped(text);
  if (bare === text || bare === "") return undefined;
  // Once unwrapped, what follows the name may show (`analysis to=functions.read_file code`).
  return declared(bare, toolNames) ?? (depth === 0 ? resolve(bare, toolNames, 1) : undefined);
}

/**
 * The declared names among the pieces that markup separates
 * (`<|start|>assistant<|channel|>commentary to=functions.read_file`,
 * `function<｜tool▁sep｜>read_file`, `<tool_call>read_file`), or `undefined`
 * when the name holds no markup. Tokens are never part of a name, so the name
 * is one of the pieces.
 */
function namesInPieces(text: string, toolNames: readonly string[]): Set<string> | undefined {
  MARKUP.lastIndex = 0;
  if (text.length > MAX_MARKED_NAME || !MARKUP.test(text)) return undefined;
  const found = new Set<string>();
  for (const piece of text.split(MARKUP)) {
    const trimmed = piece.trim();
    if (trimmed === "" || HEADER_WORD.test(trimmed)) continue;
    const name = declared(trimmed, toolNames) ?? resolve(trimmed, toolNames);
    if (name !== undefined) found.add(name);
  }
  return found;
}

/** An argument's markup (GLM's `<arg_key>`/`<arg_value>`, Qwen's `<parameter=…>`): in a name, the call's arguments ran into it. */
const ARGUMENT_MARKUP = /<\/?(?:arg_key|arg_value)>|<parameter[=\s>]/i;

/**
 * Whether the name holds arguments: an argument's markup with a key or a
 * value beside it (`read<arg_key>filePath</arg_key><arg_value>/a</arg_value>`,
 * a server that split the call at the wrong place). Taking the name out of it
 * would drop them; a stray closer alone (`get_area</arg_value>`) holds none.
 */
function holdsArguments(text: string, name: string): boolean {
  if (!ARGUMENT_MARKUP.test(text)) return false;
  MARKUP.lastIndex = 0;
  return text.split(MARKUP).some((piece) => {
    const trimmed = piece.trim();
    return trimmed !== "" && declared(trimmed, [name]) === undefined;
  });
}

/** Another call's opening in a name: `<invoke name="…"`, `<function=…>`, `<tool_call name="…"`. */
const OTHER_CALL = /<(?:invoke|function|tool_call|tool_use|tool)\b[^<>]*?(?:\bname\s*=\s*(?:["'“]\s*)?|=\s*)([^\s"'”<>/]+)/gi;

/** Whether the name runs into another call's opening that names anything but `name` (`tool1" />\n<invoke name="tool2"`): two calls, one name to keep. */
function namesAnotherCall(text: string, name: string): boolean {
  for (const match of text.matchAll(OTHER_CALL)) {
    if (declared(match[1]!, [name]) === undefined) return true;
  }
  return false;
}

/**
 * An attribute after a closing quote (`edit" path="/src/App.tsx`, `read" parameter="path" string="true`): the
 * element the call was written in ran into the name, and its attributes hold an argument or name one whose
 * value is gone. Taking the name out would drop them.
 */
const ATTRIBUTE = /["'][ \t\r\n]+[A-Za-z_][\w:.-]*[ \t]*=[ \t]*["']/;

/**
 * A member or a keyword argument after a bracket (`read_file{"path": "a"}`, `read_file(path="a")`): the
 * arguments ran into the name. Taking the name out would drop them (expand-tool-call moves them instead).
 */
const ARGUMENTS_AFTER = /[{(][ \t\r\n]*["']?[\w-]+["']?[ \t\r\n]*[:=]/;

/** A call id: eight letters or digits or more, not all lower-case letters (which may be a word of the name). */
const CALL_ID = /^[A-Za-z\d]{8,}$/;

/**
 * Gemini 3, behind some OpenAI-compatible servers, names a call `tool_<name>_<call id>`
 * (`tool_Edit_mUoY2p3W3r3z8uO5P2nZ`): the declared name between the two, or `undefined`.
 */
function idWrapped(name: string, toolNames: readonly string[]): string | undefined {
  const trimmed = name.trim();
  const cut = trimmed.lastIndexOf("_");
  if (!trimmed.startsWith("tool_") || cut <= 5) return undefined;
  const id = trimmed.slice(cut + 1);
  if (!CALL_ID.test(id) || /^[a-z]+$/.test(id)) return undefined;
  const inner = trimmed.slice(5, cut);
  return toolNames.includes(inner) ? inner : undefined;
}

/** The declared name once junk is taken off, or `undefined`. */
function withoutJunk(name: string, toolNames: readonly string[]): string | undefined {
  const trimmed = name.trim();
  if (trimmed === "") return undefined;
  const pieces = namesInPieces(trimmed, toolNames);
  // Two pieces naming two tools are a choice: none is taken.
  if (pieces !== undefined && pieces.size > 1) return undefined;
  if (pieces?.size === 1) {
    const [found] = [...pieces];
    return holdsArguments(trimmed, found!) ? undefined : found;
  }
  // `trim` also takes off a byte-order mark: then the trimmed name may be the declared one.
  return resolve(trimmed, toolNames) ?? (trimmed === name ? undefined : declared(trimmed, toolNames));
}

export const stripNameJunk: NameFixer = {
  name: "strip-name-junk",
  purpose: "Remove chat-template tokens, tags, a glued `json`, a repetition, quotes, brackets, punctuation or a call index or id stuck before or after a tool name; arguments written into the name (`read_file,{…}` with no arguments) become the arguments, attributes that ran into it are refused.",
  class: "lossless",
  stage: "name",
  fix(name, context) {
    if (ATTRIBUTE.test(name) || ARGUMENTS_AFTER.test(name)) return undefined;
    const found = withoutJunk(name, context.toolNames) ?? idWrapped(name, context.toolNames);
    return found !== undefined && namesAnotherCall(name, found) ? undefined : found;
  },
};
