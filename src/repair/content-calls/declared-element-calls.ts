/**
 * A call written as an XML element named after the tool, the way Cline and
 * Roo Code teach it in their prompts: `<read_file>\n<path>src/a.ts</path>\n</read_file>`,
 * one child element per argument (typed from the schema later), or JSON
 * between the tags (`<read_file>{"path": "src/a.ts"}</read_file>`), or a YAML
 * mapping (`<read_file>\npath: src/a.ts\n</read_file>`, see `yaml-element-body.ts`). Only a
 * declared tool's name opens one, at the start of a line, in any case (`<READ_FILE>`, closed
 * `</READ_FILE>`: Roo Code reads tags so).
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { emptyArguments, MAX_CALLS } from "./raw-call.ts";
import { skipWhitespace } from "./scan.ts";
import { childPairs } from "./element-calls.ts";
import { indexOutsideCdata } from "./cdata.ts";
import { trimValue } from "./tagged-calls.ts";
import { oneSidedBreak, paddedKeys } from "./value-edges.ts";
import { PAYLOAD_FAMILIES } from "./marked-calls.ts";
import { yamlBodyArguments } from "./yaml-element-body.ts";

const NAME = /^[A-Za-z_][\w.-]{0,127}$/;
/**
 * DeepSeek's DSML prefix on a tool's element (`<｜DSML｜read_file>…</｜DSML｜read_file>`): a DeepSeek model served
 * through Cline or Roo Code writes the element those prompts ask for with its own tags' prefix.
 */
const ELEMENT_PREFIXES = ["｜DSML｜", "|DSML|"] as const;
const PREFIX_LENGTH = Math.max(...ELEMENT_PREFIXES.map((prefix) => prefix.length));
const MAX_NAME = 128;
/** Closes an element opened `<name` with its YAML body on the lines after it (see `readElementHead`). */
export const SELF_CLOSE_LINE = "\n/>";
/** `<name` ending its line: an element whose opening the model wrote self-closing around a YAML body. */
const OPEN_LINE = /^<([A-Za-z_][\w.-]{0,127})\r?\n/;

/**
 * `<name>` at `at`, for a name of `names`: where the element's body starts
 * and the tag that closes it (none, `""`, for a self-closing `<name/>`);
 * `"wait"` while the text could still become one.
 */
export function readElementHead(text: string, at: number, names: readonly string[]): { readonly body: number; readonly close: string } | "wait" | "no" {
  if (text[at] !== "<") return "no";
  const prefix = ELEMENT_PREFIXES.find((candidate) => text.startsWith(candidate, at + 1)) ?? "";
  if (prefix === "" && text.length - at - 1 < PREFIX_LENGTH && text[at + 1] !== undefined && ELEMENT_PREFIXES.some((candidate) => candidate.startsWith(text.slice(at + 1)))) return "wait";
  const nameAt = at + 1 + prefix.length;
  let end = nameAt;
  while (end < text.length && end - nameAt <= MAX_NAME && /[\w.-]/.test(text[end]!)) end++;
  const name = text.slice(nameAt, end);
  // The tag may spell the name in another case (`<READ_FILE>`), as Roo Code reads it; its closer spells it the same.
  const lower = name.toLowerCase();
  if (end >= text.length) return names.some((known) => known.toLowerCase().startsWith(lower)) ? "wait" : "no";
  if (!names.some((known) => known.toLowerCase() === lower)) return "no";
  if (text[end] === ">") return { body: end + 1, close: `</${prefix}${name}>` };
  // Only a plain element under a model's prefix (`<｜DSML｜read_file>`): its other forms are Cline's alone.
  if (prefix !== "") return "no";
  // `<get_weather` then the YAML mapping on the next lines and `/>` alone on a line: the root written self-closing around its body.
  if (text[end] === "\n") return { body: end + 1, close: SELF_CLOSE_LINE };
  if (text[end] === "\r") return end + 1 >= text.length ? "wait" : text[end + 1] === "\n" ? { body: end + 2, close: SELF_CLOSE_LINE } : "no";
  // `<get_location/>`: a call without arguments, nothing to close.
  const slash = text[end] === " " ? end + 1 : end;
  if (slash >= text.length) return "wait";
  if (text[slash] !== "/") return "no";
  if (slash + 1 >= text.length) return "wait";
  return text[slash + 1] === ">" ? { body: slash + 2, close: "" } : "no";
}

/** A parameter element of Qwen3-Coder's (`<parameter=path>`) or an invoke's (`<parameter name="path">`). */
const PARAMETER_CHILD = /^<parameter(?:=([A-Za-z_][\w.-]{0,127})|\s+name="([A-Za-z_][\w.-]{0,127})")>/;
const PARAMETER_CLOSE = "</parameter>";

/**
 * The arguments as parameter elements of another format inside the tool's element (`<read_file><parameter=path>a.ts</parameter></read_file>`:
 * a model taught both formats mixes them), every part of the body one of them; `undefined` otherwise.
 */
function parameterChildren(inner: string): [string, string][] | undefined {
  const pairs: [string, string][] = [];
  for (let at = 0; at < inner.length && pairs.length <= MAX_CALLS * 4; at = skipWhitespace(inner, at)) {
    const open = PARAMETER_CHILD.exec(inner.slice(at, at + 160));
    if (open === null) return undefined;
    const valueAt = at + open[0].length;
    const close = inner.indexOf(PARAMETER_CLOSE, valueAt);
    if (close < 0) return undefined;
    pairs.push([open[1] ?? open[2]!, inner.slice(valueAt, close)]);
    at = close + PARAMETER_CLOSE.length;
  }
  return pairs.length > 0 && pairs.length <= MAX_CALLS * 4 ? pairs : undefined;
}

/** One element call's arguments: child elements, JSON, a YAML mapping, or nothing; `undefined` for anything else (plain text is a guess). */
function argumentsOf(body: string): RawCall["arguments"] | undefined {
  const inner = body.trim();
  if (inner === "") return emptyArguments;
  if (inner.startsWith("{") && inner.endsWith("}")) return { kind: "text", text: inner };
  if (!inner.startsWith("<")) return yamlBodyArguments(body);
  const pairs = childPairs(inner) ?? parameterChildren(inner);
  if (pairs === undefined) return undefined;
  const params = pairs.map(([key, value]) => [key, trimValue(value)] as const);
  // Whitespace the layout does not account for reads two ways (see value-edges.ts): Roo's and Cline's parsers disagree on it.
  const openText = [...new Set([...paddedKeys(params), ...pairs.filter(([, value]) => oneSidedBreak(value)).map(([key]) => key)])];
  return { kind: "params", params, repeatedAsList: true, ...(openText.length === 0 ? {} : { openText }) };
}

/** Element calls the content opens with, one after another; the caller checks that each names a declared tool. */
export function detectDeclaredElements(content: string): Detection | undefined {
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let cursor = skipWhitespace(content, 0);
  while (content[cursor] === "<" && calls.length <= MAX_CALLS) {
    // `<get_weather\nlocation: Seoul\n/>`: a YAML mapping only (attributes on lines, `city="Oslo"`, are no such body).
    const openLine = OPEN_LINE.exec(content.slice(cursor, cursor + MAX_NAME + 3));
    if (openLine !== null) {
      const bodyStart = cursor + openLine[0].length;
      const close = content.indexOf(SELF_CLOSE_LINE, bodyStart - 1);
      // The `\r` of a Windows line break before `/>` is the break's, not the last value's.
      const body = close < 0 ? undefined : content.slice(bodyStart, content[close - 1] === "\r" ? close - 1 : close);
      const args = body === undefined ? undefined : yamlBodyArguments(body);
      if (args === undefined) return undefined;
      calls.push({ name: openLine[1]!, arguments: args });
      const end = close + SELF_CLOSE_LINE.length;
      spans.push([cursor, end]);
      cursor = skipWhitespace(content, end);
      continue;
    }
    const tagEnd = content.indexOf(">", cursor);
    const written = tagEnd < 0 ? "" : content.slice(cursor + 1, tagEnd);
    const prefix = ELEMENT_PREFIXES.find((candidate) => written.startsWith(candidate)) ?? "";
    const tag = written.slice(prefix.length);
    if (prefix !== "" && (tag.endsWith("/") || !NAME.test(tag))) break;
    // `<get_location/>` (or `<get_location />`): a call without arguments.
    const selfClosing = /^[A-Za-z_][\w.-]{0,127} ?\/$/.test(tag);
    const name = selfClosing ? tag.slice(0, -1).trimEnd() : tag;
    if (selfClosing) {
      if (PAYLOAD_FAMILIES.some((family) => family.open === `<${name}>`)) break;
      calls.push({ name, arguments: emptyArguments });
      spans.push([cursor, tagEnd + 1]);
      cursor = skipWhitespace(content, tagEnd + 1);
      continue;
    }
    // A family's call marker (`<tool_calls>`, MiniMax-M1's and Hunyuan's) is not a tool's element.
    if (!NAME.test(name) || PAYLOAD_FAMILIES.some((family) => family.open === `<${name}>`)) break;
    // A closer inside a CDATA section of a value is the value's text.
    const closer = `</${prefix}${name}>`;
    const close = indexOutsideCdata(content, closer, tagEnd);
    if (close < 0) break;
    const args = argumentsOf(content.slice(tagEnd + 1, close));
    if (args === undefined) return undefined;
    calls.push({ name, arguments: args });
    const end = close + closer.length;
    spans.push([cursor, end]);
    cursor = skipWhitespace(content, end);
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
