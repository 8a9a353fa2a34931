// ```json\n{"a":1}\n``` → {"a":1}; ```json\n// args\n{"a":1}\n``` → {"a":1}; the same block twice → {"a":1}; ```py\nx[0]\n```\n```json\n{"a":1}\n``` → {"a":1}; Here it is:\n```\n{"a":1}\n``` → {"a":1}; json\n{"a":1} → {"a":1}; ~~~\n{"a":1}\n~~~ → {"a":1}; `{"a":1}` → {"a":1}; ```json\n{"a":1}\n```\n``` → {"a":1}; ````md\n```json\n{"a":1}\n```\n```` → {"a":1}; ```json\n{"a":1}\n```\nOr {"a":2} → unchanged; ```json\n{"a":1}\n```\n```py\nprint(1)\n``` → {"a":1} when `a` is the only declared property
import { findJsonEnd } from "../content-calls/scan.ts";
import { parseJson } from "../../json.ts";
import { blankProseBraces, blankSpans, codeSpans, hasLabelKey, holdsObject } from "../prose-code.ts";
import { declaredProperties, deepEqualJson } from "../schema-shape.ts";
import type { JsonSchema, TextFixer } from "../types.ts";

/** An opening fence of three or more backticks or tildes and its info string (maybe several words), after prose that holds no object. */
const FENCE_OPEN = /^[^{]*?(`{3,}|~{3,})[ \t]*(?:[\w+-]+(?:[ \t]+[^\n`{[]*)?)?[ \t]*\r?\n?/;
/** The info string of a fence that lost its backticks. */
const LEAKED_INFO_STRING = /^\s*json[ \t]*\r?\n\s*(?=[{[])/i;
/** Whole-line `//` or `#` comments before the fenced object. */
const LEADING_COMMENTS = /^(?:(?:\/\/|#)[^\n]*\n\s*)+(?=[{[])/;
/** A fenced block opening on an object. */
const SECOND_BLOCK = /(?:`{3,}|~{3,})[^\n`~]*\n\s*\{/;
/** An object's opening or a quoted member in the prose after the block: maybe the arguments too. */
const OBJECT_AFTER = /\{|"[^"\n]{1,64}"\s*:/;
/** Fences written again after the closing one (`}\n```\n```): syntax, once the body ends on a bracket. */
// One run of fence characters and space, not a repeated group: nested quantifiers backtrack exponentially.
const STRAY_FENCES = /([}\]])\s*(?:`{3}|~{3})[\s`~]*$/;
/** The opening of a Markdown block (no info string, or `markdown`/`md`), which may hold a fenced block. */
const NESTED_INFO = /`{4,}[ \t]*(?:(?:markdown|md)[ \t]*)?\r?\n?$/i;
/** An object in inline code: one backtick on each side. */
const INLINE_CODE = /^\s*`(\{[\s\S]*\})`\s*$/;

/** A JSON string holding an object (arguments encoded once more, then fenced): the value stage decodes it. */
function holdsEncodedObject(body: string): boolean {
  if (!body.startsWith('"')) return false;
  const value = parseJson(body);
  return typeof value === "string" && value.trimStart().startsWith("{");
}

/**
 * The body of the one fenced block, up to the last fence so that a fence
 * inside a string value (Markdown in a `body` field) stays data. Without a
 * closing fence the block was cut, and runs to the end, less the one or two
 * fence characters a closing fence that was cut short left.
 */
function fencedBody(text: string): string | undefined {
  const open = FENCE_OPEN.exec(text);
  if (open === null) return undefined;
  const fence = open[1]![0]!;
  const rest = text.slice(open[0].length);
  const closeAt = rest.lastIndexOf(fence.repeat(3));
  const inside = (closeAt < 0 ? rest.trimEnd().replace(fence === "`" ? /`{1,2}$/ : /~{1,2}$/, "") : rest.slice(0, closeAt).replace(/[`~]+$/, "")).trim().replace(STRAY_FENCES, "$1");
  // Comment lines before the object are syntax; a list of objects is read as a list (one is unwrapped, several are several calls).
  const body = inside.replace(LEADING_COMMENTS, "");
  // A Markdown block holding the fenced object in a shorter fence (````markdown, ```json … ```, ````): the inner block's object.
  if (NESTED_INFO.test(open[0]) && (/^`{3,}/.exec(body)?.[0].length ?? Infinity) < open[1]!.length) return fencedBody(body);
  if (!body.startsWith("{") && !/^\[\s*\{/.test(body) && !holdsEncodedObject(body)) return undefined;
  // Another block holding an object after this one (fenced with the other character): not ours to pick from.
  if (closeAt >= 0 && SECOND_BLOCK.test(rest.slice(closeAt + 3))) return undefined;
  // An object in the prose after the block (`Actually: {…}`): which one is meant is not ours to pick. A template's slot (`{path}`) is prose.
  if (closeAt >= 0 && OBJECT_AFTER.test(blankProseBraces(rest.slice(closeAt + 3)).text)) return undefined;
  // A fence in the body outside the object's strings is a second block: not ours to pick from.
  return findJsonEnd(body, 0) === body.length || !body.includes(fence.repeat(3)) ? body : undefined;
}

/** More fenced blocks than this in a row are a document, not arguments. */
const MAX_BLOCKS = 8;
const BLOCK_OPEN = /^\s*(`{3,}|~{3,})[ \t]*(?:[\w+-]+[ \t]*)?\r?\n/;

/**
 * The body of a string that is one Markdown code block and nothing else
 * (```` ```json\n[1, 2]\n``` ````), or `undefined`: the fences are syntax
 * the model wrapped a value in, as around whole arguments.
 */
export function fencedBlockBody(text: string): string | undefined {
  const trimmed = text.trim();
  const open = BLOCK_OPEN.exec(trimmed);
  if (open === null) return undefined;
  const fence = open[1]!;
  if (!trimmed.endsWith(fence)) return undefined;
  const body = trimmed.slice(open[0].length, trimmed.length - fence.length);
  // One block: a fence of the same kind inside it would close it early.
  return body.includes(fence.slice(0, 3)) ? undefined : body;
}

/**
 * Text that is only fenced blocks holding the same JSON object (a stream
 * sent twice): that object. Blocks that differ are several calls, or a
 * choice that is not ours: `undefined`, as for anything else.
 */
function fencedObjects(text: string): string | undefined {
  const bodies: string[] = [];
  let at = 0;
  while (text.slice(at).trim() !== "") {
    if (bodies.length === MAX_BLOCKS) return undefined;
    const open = BLOCK_OPEN.exec(text.slice(at, at + 64));
    if (open === null) return undefined;
    let start = at + open[0].length;
    while (start < text.length && /\s/.test(text[start]!)) start++;
    const end = findJsonEnd(text, start);
    if (end < 0) return undefined;
    let close = end;
    while (close < text.length && /\s/.test(text[close]!)) close++;
    if (!text.startsWith(open[1]!, close)) return undefined;
    bodies.push(text.slice(start, end));
    at = close + open[1]!.length;
  }
  if (bodies.length < 2) return undefined;
  const first = parseJson(bodies[0]!);
  return first !== undefined && bodies.every((body) => deepEqualJson(parseJson(body), first)) ? bodies[0] : undefined;
}

/**
 * Reasoning that shows code, then one last block holding an object: that
 * object. Code after it may be content meant for it, so it is not dropped,
 * and code that could be arguments itself leaves the choice open.
 */
function objectBlockAfterCode(text: string): string | undefined {
  const spans = codeSpans(text);
  const last = spans?.filter((span) => span.block).at(-1);
  if (spans === undefined || last === undefined || !/^\s*\{/.test(last.body)) return undefined;
  const body = last.body.trim();
  if (findJsonEnd(body, 0) !== body.length) return undefined;
  if (spans.some((span) => span !== last && holdsObject(span))) return undefined;
  // Braces no object can be (`{path}`, an aside) are prose; an aside whose label the object has as a key may be arguments too.
  const prose = blankProseBraces(text);
  return /[{}]|"\s*:/.test(blankSpans(prose.text, spans)) || hasLabelKey(body, prose.labels) ? undefined : body;
}

/** A member's opening anywhere in a block: code after the object that holds one may be arguments too. */
const MEMBER_ANYWHERE = /\{\s*["']?[\p{L}\p{N}_$-]+["']?\s*:|["'][^"'\n]{1,64}["']\s*:/u;

/**
 * One block holding an object that already sets every property the tool
 * declares, among blocks of other code (a snippet before it, a script or a
 * list after it): that object. Code after an object is kept when it may be
 * meant for a field, and here no field is left for it; a block after it that
 * holds a member of its own leaves the choice open.
 */
function completeObjectAmongCode(text: string, schema: JsonSchema | undefined): string | undefined {
  const declared = Object.keys(declaredProperties(schema) ?? {});
  if (declared.length === 0) return undefined;
  const spans = codeSpans(text);
  const blocks = spans?.filter((span) => span.block);
  if (spans === undefined || blocks === undefined || blocks.length < 2) return undefined;
  const at = blocks.findIndex((span) => /^\s*\{/.test(span.body));
  if (at < 0) return undefined;
  const body = blocks[at]!.body.trim();
  const value = findJsonEnd(body, 0) === body.length ? parseJson(body) : undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value) || !declared.every((key) => key in value)) return undefined;
  if (blocks.some((span, index) => index < at && holdsObject(span))) return undefined;
  if (blocks.some((span, index) => index > at && MEMBER_ANYWHERE.test(span.body))) return undefined;
  if (spans.some((span) => !span.block && holdsObject(span))) return undefined;
  const prose = blankProseBraces(text);
  return /[{}]|"\s*:/.test(blankSpans(prose.text, spans)) || hasLabelKey(body, prose.labels) ? undefined : body;
}

/**
 * The same for an object written outside any block, prose before or after
 * it, then blocks of other code (`{"path": "r.md"}` then a ```` ```bash ````
 * block): that object, once it sets every property the tool declares; a
 * block that holds a member of its own, code before the object or braces in
 * the prose leave the choice open.
 */
function completeBareObjectBeforeCode(text: string, schema: JsonSchema | undefined): string | undefined {
  const declared = Object.keys(declaredProperties(schema) ?? {});
  if (declared.length === 0) return undefined;
  const spans = codeSpans(text);
  const first = spans?.[0];
  if (spans === undefined || first === undefined || !spans.every((span) => span.block)) return undefined;
  const open = text.indexOf("{");
  const end = open < 0 || open > first.start ? -1 : findJsonEnd(text, open);
  if (end < 0 || end > first.start) return undefined;
  const body = text.slice(open, end);
  const value = parseJson(body);
  if (typeof value !== "object" || value === null || Array.isArray(value) || !declared.every((key) => key in value)) return undefined;
  if (spans.some((span) => MEMBER_ANYWHERE.test(span.body))) return undefined;
  const prose = blankProseBraces(text.slice(0, open) + " ".repeat(body.length) + text.slice(end));
  return /[{}]|"\s*:/.test(blankSpans(prose.text, spans)) || hasLabelKey(body, prose.labels) ? undefined : body;
}

/** A fence opening the text, its info string, and the line break after it written as an escape (`\n`, two characters). */
const ESCAPED_FENCE_OPEN = /^\s*(`{3,}|~{3,})[ \t]*(?:[\w+-]+[ \t]*)?(?:\\r)?\\n/;
/** A fence opening right after a bracket that opens the text (`{```json`, `[````), and its info string. */
const BRACKETED_FENCE_OPEN = /^\s*([{[])[ \t]*(`{3,}|~{3,})[ \t]*(?:[\w+-]+[ \t]*)?\r?\n/;

/** `body` when it is one JSON object and nothing else. */
function oneObject(body: string): string | undefined {
  const trimmed = body.trim();
  return trimmed.startsWith("{") && findJsonEnd(trimmed, 0) === trimmed.length ? trimmed : undefined;
}

/**
 * One fenced object whose two line breaks at the fences were written as escapes (```` ```json\n{…}\n``` ````, text
 * escaped once too often around a block), or whose fences sit inside a pair of brackets (```` {```json⏎{…}⏎```} ````,
 * a model that opened the object and then the block): the object. The escapes and the brackets are syntax.
 */
function oddlyFencedObject(text: string): string | undefined {
  const trimmed = text.trimEnd();
  const escaped = ESCAPED_FENCE_OPEN.exec(trimmed);
  if (escaped !== null) {
    const close = escaped[1]!;
    if (!trimmed.endsWith(close)) return undefined;
    const before = trimmed.slice(0, trimmed.length - close.length);
    const end = before.endsWith("\\r\\n") ? before.length - 4 : before.endsWith("\\n") ? before.length - 2 : -1;
    return end < escaped[0].length ? undefined : oneObject(before.slice(escaped[0].length, end));
  }
  const bracketed = BRACKETED_FENCE_OPEN.exec(trimmed);
  if (bracketed === null) return undefined;
  const closer = `${bracketed[2]!}${bracketed[1] === "{" ? "}" : "]"}`;
  if (!trimmed.endsWith(closer)) return undefined;
  const body = trimmed.slice(bracketed[0].length, trimmed.length - closer.length).trimEnd();
  return oneObject(body);
}

/** The arguments inside the fences, inline code or leaked `json` line that wrap them, prose around aside. */
function unfenced(text: string): string | undefined {
  const leaked = LEAKED_INFO_STRING.exec(text);
  if (leaked !== null) return text.slice(leaked[0].length).trim();
  const odd = oddlyFencedObject(text);
  if (odd !== undefined) return odd;
  const inline = INLINE_CODE.exec(text)?.[1];
  if (inline !== undefined && findJsonEnd(inline, 0) === inline.length) return inline;
  return fencedObjects(text) ?? fencedBody(text);
}

export const stripCodeFences: TextFixer = {
  name: "strip-code-fences",
  purpose: "Unwrap arguments from a markdown code fence (with or without prose, or code shown before it, around it, or after it once the object sets every declared property; also inside a Markdown block in a longer fence), inline code or a leaked `json` line; also one block whose line breaks at the fences are written as `\\n` escapes, or whose fences sit inside a pair of brackets (`` {```json⏎{…}⏎```} ``); not when the prose after the block holds an object too.",
  class: "lossless",
  stage: "text",
  fix(text, context) {
    return unfenced(text) ?? objectBlockAfterCode(text) ?? completeObjectAmongCode(text, context.schema) ?? completeBareObjectBeforeCode(text, context.schema);
  },
};
