/**
 * Calls with no special token around them: a fenced JSON block naming a
 * tool, content that is a JSON call or a pythonic call list, GLM-4's
 * markerless `name\n{…}` and a bare `name(…)` or `name{…}` alone on its line. The caller checks the names against the declared
 * tools, so prose that merely shows JSON does not become a call.
 */
import { callsFromJson } from "./json-calls.ts";
import { parseKeepingNumbers } from "../../json.ts";
import { readPythonCalls } from "./python-calls.ts";
import { CODE_FENCE_INFOS, FENCE_LINE, PYTHON_FENCE_INFOS, objectInParens, readCodeCalls } from "./code-calls.ts";
import { readToolCodeblock } from "./continue-calls.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME } from "./raw-call.ts";
import { INLINE_JSON_FENCE, JSON_FENCE_INFOS } from "./call-markers.ts";
import { FUNCTION_CLOSE } from "./tagged-calls.ts";
import { BracketScanner, findJsonEnd, parseJsonAt, readName, scanFencedJson, skipSpaces, skipWhitespace } from "./scan.ts";
import { elementAt } from "./element-calls.ts";
import { trimValue } from "./tagged-calls.ts";
import { readKeyValueWords } from "./glm-key-value-calls.ts";
import { readSlashArguments } from "./glm-slash-calls.ts";
import { bareGlmCalls, opensArgPairs } from "./glm-bare-body.ts";
import { onlyAwaitsCall } from "./awaits-call.ts";
import { splitEndOfTurn } from "./end-of-turn.ts";

/** A fenced block's body that is only JSON calls. */
function fencedJson(body: string): RawCall[] | undefined {
  const parsed = parseJsonAt(body, skipWhitespace(body, 0));
  if (parsed === undefined || body.slice(parsed.end).trim() !== "") return undefined;
  return callsFromJson(parsed.value);
}

/**
 * A fenced block's calls by its info: JSON; Continue's `TOOL_NAME:` block in ```tool; Gemma's and Gemini's Python in
 * ```tool_code; `default_api.` calls in ```python.
 */
function fencedCalls(info: string, body: string): RawCall[] | undefined {
  if (JSON_FENCE_INFOS.includes(info)) return fencedJson(body) ?? (info === "tool" ? readToolCodeblock(body) : undefined);
  if (info === "tool_code" || info === "tool_call") return readCodeCalls(body, false, true) ?? fencedJson(body);
  return PYTHON_FENCE_INFOS.includes(info) ? readCodeCalls(body, true) : undefined;
}

/**
 * Blocks whose JSON holds a fence of its own (`"content": "```py …```"`) are
 * read to the end of their JSON value; each such read may scan the rest of
 * the text, so only this many per content (hostile text stays linear).
 */
const MAX_JSON_AWARE_BLOCKS = 8;

/** A JSON block's close found past its JSON value: the value, then only a fence. */
function closeAfterJson(content: string, bodyStart: number): number | undefined {
  const start = skipWhitespace(content, bodyStart);
  if (content[start] !== "{" && content[start] !== "[") return undefined;
  const read = scanFencedJson(content, start, start, new BracketScanner());
  if (read.kind !== "closed") return undefined;
  const close = skipWhitespace(content, read.end);
  return content.startsWith("```", close) ? close : undefined;
}

/**
 * A Python block's close on a line of its own past `close`: a fence inside one of its strings
 * (`markdown='a ``` b'`, a line of its own only once Python decodes the string) closes nothing.
 */
function closeOnItsLine(content: string, lineEnd: number, close: number): number | undefined {
  const line = content.indexOf(FENCE_LINE, lineEnd);
  return line >= 0 && line + 1 > close ? line + 1 : undefined;
}

/** ```json {"name": "get_weather", "arguments": {…}} ``` anywhere in the content; blocks that are not calls are text. */
export function detectFencedJson(content: string): Detection | undefined {
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  let position = 0;
  let jsonAware = 0;
  while (calls.length <= MAX_CALLS) {
    const open = content.indexOf("```", position);
    if (open < 0) break;
    // ```json {…} ``` on one line, opening its line, and the last thing in the text: one call written so.
    const inline = INLINE_JSON_FENCE.exec(content.slice(open + 3, open + 43));
    if (inline !== null && JSON_FENCE_INFOS.includes(inline[1]!.toLowerCase()) && (open === 0 || content[open - 1] === "\n")) {
      const bodyStart = open + 3 + inline[0].length;
      const close = closeAfterJson(content, bodyStart);
      // After it, nothing, or only prose on the lines below in which the model waits on the call (`I'll wait for the result.`).
      const rest = close === undefined ? "" : content.slice(close + 3);
      const onLine = close !== undefined && !content.slice(open, close).includes("\n") && (rest.trim() === "" || (/^[ \t]*\r?\n/.test(rest) && onlyAwaitsCall(splitEndOfTurn(rest).body)));
      const found = onLine ? fencedCalls(inline[1]!.toLowerCase(), content.slice(bodyStart, close)) : undefined;
      if (found !== undefined) {
        calls.push(...found);
        spans.push([open, close! + 3]);
        break;
      }
    }
    const lineEnd = content.indexOf("\n", open);
    if (lineEnd < 0) break;
    // The info string's first word names the language (```json action, ```json title="x").
    const info = content.slice(open + 3, lineEnd).trim().split(/\s/, 1)[0]!.toLowerCase();
    let close = content.indexOf("```", lineEnd);
    if (close < 0) break;
    // Parse inside the block only, so that many unbalanced blocks cost one pass, not one pass each.
    let found = fencedCalls(info, content.slice(lineEnd, close));
    if (found === undefined && JSON_FENCE_INFOS.includes(info) && jsonAware < MAX_JSON_AWARE_BLOCKS) {
      jsonAware++;
      const later = closeAfterJson(content, lineEnd);
      if (later !== undefined && later > close) {
        close = later;
        found = fencedCalls(info, content.slice(lineEnd, close));
      }
    }
    if (found === undefined && CODE_FENCE_INFOS.includes(info) && jsonAware < MAX_JSON_AWARE_BLOCKS) {
      jsonAware++;
      const later = closeOnItsLine(content, lineEnd, close);
      if (later !== undefined) {
        close = later;
        found = fencedCalls(info, content.slice(lineEnd, close));
      }
    }
    position = close + 3;
    if (found === undefined) continue;
    calls.push(...found);
    spans.push([open, close + 3]);
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}

/** `<name(`: a pythonic call list between angle brackets. */
const ANGLED_CALL = /^<[A-Za-z_][\w.-]{0,127}\s*\(/;
const MAX_ANGLED_HEAD = 160;

/** Content that opens with a JSON call (Llama's `{"name", "parameters"}`, a JSON list, JSON-RPC) or `[f(a=1)]`. */
export function detectLeadingCall(content: string): Detection | undefined {
  const start = skipWhitespace(content, 0);
  const first = content[start];
  // Calls in angle brackets, `<get_weather(city="Paris")>` (see python-calls.ts): a declared name must follow, checked later.
  if (first === "<" && ANGLED_CALL.test(content.slice(start, start + MAX_ANGLED_HEAD))) {
    const pythonic = readPythonCalls(content, start);
    return pythonic === undefined ? undefined : { calls: pythonic.calls, spans: [[start, pythonic.end]] };
  }
  if (first !== "{" && first !== "[") return undefined;
  if (first === "[" && /^\[\s*[A-Za-z_]/.test(content.slice(start, start + 64))) {
    const pythonic = readPythonCalls(content, start);
    return pythonic === undefined ? undefined : { calls: pythonic.calls, spans: [[start, pythonic.end]] };
  }
  const parsed = parseJsonAt(content, start) ?? closedEnvelopeAt(content, start);
  const calls = parsed === undefined ? undefined : callsFromJson(parsed.value);
  if (calls === undefined || parsed === undefined) return undefined;
  const more = first === "{" ? separatedCalls(content, parsed.end) : { calls: [], end: parsed.end };
  return more === undefined || calls.length + more.calls.length > MAX_CALLS ? undefined : { calls: [...calls, ...more.calls], spans: [[start, more.end]] };
}

/**
 * Llama 3.x writes parallel calls one after another with a `;` between them
 * (`{"name": "a", …}; {"name": "b", …}`, as vLLM's llama3_json parser reads
 * them), and some models a list with its brackets left out, a `,` between the
 * calls (as Ollama reads them): the calls after the first, and where they end
 * (a last separator with them). One separator throughout; a separator before
 * a JSON object that is not a call is doubt: `undefined`.
 */
function separatedCalls(content: string, from: number): { calls: RawCall[]; end: number } | undefined {
  const calls: RawCall[] = [];
  let end = from;
  const separator = content[skipWhitespace(content, from)];
  if (separator !== ";" && separator !== ",") return { calls, end };
  while (calls.length <= MAX_CALLS) {
    const semicolon = skipWhitespace(content, end);
    if (content[semicolon] !== separator) break;
    const next = skipWhitespace(content, semicolon + 1);
    if (next >= content.length) return { calls, end: semicolon + 1 };
    if (content[next] !== "{") break;
    const parsed = parseJsonAt(content, next);
    const found = parsed === undefined ? undefined : callsFromJson(parsed.value);
    if (found === undefined) return undefined;
    calls.push(...found);
    end = parsed!.end;
  }
  return { calls, end };
}

/**
 * A call object whose own closing brace is missing at the end of the text,
 * everything in it closed (Llama 3.2: `{"type": "function", "function": {"name": …, "parameters": {…}}`):
 * closing it adds no value, so nothing of the arguments is guessed.
 */
function closedEnvelopeAt(content: string, start: number): { value: unknown; end: number } | undefined {
  const scanner = new BracketScanner();
  if (content[start] !== "{" || scanner.scan(content, start) >= 0 || scanner.depth !== 1 || scanner.inString) return undefined;
  const text = content.slice(start).trimEnd();
  if (!text.endsWith("}")) return undefined;
  try {
    return { value: parseKeepingNumbers(`${text}}`), end: content.length };
  } catch {
    return undefined;
  }
}

/**
 * An element call whose opening tag was lost, as Devstral writes it: the
 * tool's name alone on its line, then one element per argument
 * (`list_dir\n<path>/src</path>`), its `</list_dir>` kept or not. Each key
 * must be a property the tool declares; the call ends its line. An element
 * holding elements ends it: that is the next call, written whole.
 */
function nameThenElements(content: string, name: string, start: number, at: number): Detection | undefined {
  const params: [string, string][] = [];
  let cursor = at;
  let end = at;
  while (content[cursor] === "<" && params.length <= MAX_CALLS) {
    if (content.startsWith(`</${name}>`, cursor)) {
      end = cursor + name.length + 3;
      break;
    }
    const child = elementAt(content, cursor);
    if (child === undefined) return undefined;
    // An element holding elements is the next call in Cline's form (`<get_time><tz>UTC</tz></get_time>`), not a value.
    if (child.body.trimStart().startsWith("<")) break;
    params.push([child.tag, trimValue(child.body)]);
    end = child.end;
    cursor = skipWhitespace(content, end);
  }
  const lineEnd = content.indexOf("\n", end);
  if (params.length === 0 || content.slice(end, lineEnd < 0 ? content.length : lineEnd).trim() !== "") return undefined;
  return { calls: [{ name, arguments: { kind: "params", params, declaredOnly: true } }], spans: [[start, end]] };
}

/**
 * GLM-4-0414 without its parser: the name alone on the first line, then the JSON arguments (or Devstral's argument
 * elements, or ChatGLM3's fence); or GLM-4.5's body without its call tags, `name<arg_key>…` (see glm-bare-body.ts).
 */
export function detectNameLine(content: string): Detection | undefined {
  const start = skipWhitespace(content, 0);
  const name = readName(content, start);
  const lineEnd = start + name.length;
  if (!TOOL_NAME.test(name)) return undefined;
  // GLM's body without its call tags, the pairs on the name's line or the next.
  if (opensArgPairs(content, lineEnd)) return bareGlmCalls(content, start);
  if (content[lineEnd] !== "\n" && content.slice(lineEnd, lineEnd + 2) !== "\r\n") return undefined;
  const argsStart = skipWhitespace(content, lineEnd);
  if (content[argsStart] === "<") return nameThenElements(content, name, start, argsStart);
  if (content.startsWith(FENCE, argsStart)) return chatGlm3Call(content, name, start, argsStart);
  if (content[argsStart] !== "{") return undefined;
  const end = findJsonEnd(content, argsStart);
  const argsEnd = end < 0 ? content.length : end;
  return { calls: [{ name, arguments: { kind: "text", text: content.slice(argsStart, argsEnd) } }], spans: [[start, argsEnd]] };
}

const FENCE = "```";
/** ChatGLM3's placeholder name for the call in its fence: the tool's name is on the line before. */
const CHATGLM3_CALL = "tool_call(";

/**
 * ChatGLM3's call: the name alone on its line, then a Python fence (opened after a space, as its template writes it,
 * or not) holding only `tool_call(…)` with the arguments as keywords. The fence's closer ends the call.
 */
function chatGlm3Call(content: string, name: string, start: number, fenceAt: number): Detection | undefined {
  const infoEnd = content.indexOf("\n", fenceAt);
  if (infoEnd < 0 || !PYTHON_FENCE_INFOS.includes(content.slice(fenceAt + FENCE.length, infoEnd).trim())) return undefined;
  const callAt = skipWhitespace(content, infoEnd + 1);
  if (!content.startsWith(CHATGLM3_CALL, callAt)) return undefined;
  const read = readPythonCalls(content, callAt, false);
  if (read === undefined) return undefined;
  const close = skipWhitespace(content, read.end);
  if (!content.startsWith(FENCE, close) || content[close - 1] !== "\n") return undefined;
  return { calls: read.calls.map((call) => ({ ...call, name })), spans: [[start, close + FENCE.length]] };
}

/**
 * `get_weather{…}` and the calls written right after it on the same line,
 * back to back or a space apart (`get_weather{"city": "Paris"} get_time{"tz": "UTC"}`),
 * as Mistral models write parallel calls when no parser reads their
 * `[TOOL_CALLS]`: each a name and one object. The caller checks every name
 * against the declared tools.
 */
function objectCallsInRow(content: string, name: string, open: number): { calls: RawCall[]; end: number } | undefined {
  const calls: RawCall[] = [];
  let [current, brace] = [name, open];
  let end = -1;
  while (calls.length <= MAX_CALLS) {
    const objectEnd = findJsonEnd(content, brace);
    if (objectEnd < 0) return undefined;
    calls.push({ name: current, arguments: { kind: "text", text: content.slice(brace, objectEnd) } });
    end = objectEnd;
    const next = skipSpaces(content, end);
    const following = readName(content, next);
    const nextBrace = skipSpaces(content, next + following.length);
    if (!TOOL_NAME.test(following) || content[nextBrace] !== "{") break;
    [current, brace] = [following, nextBrace];
  }
  return calls.length <= MAX_CALLS ? { calls, end } : undefined;
}

/**
 * A call alone on the first line: `get_weather(city="Paris")`, `get_weather({"city": "Paris"})`,
 * `get_weather{"city": "Paris"}` or `get_weather city="Paris"` (key=value words, as local models write
 * command-style calls).
 */
export function detectBareCall(content: string): Detection | undefined {
  const start = skipWhitespace(content, 0);
  const name = readName(content, start);
  let open = start + name.length;
  if (!TOOL_NAME.test(name)) return undefined;
  // `get_weather (city="Paris")`: Python allows space before the parenthesis; `get_weather {"city": "Paris"}`,
  // the object a space after the name, as Mistral models write it.
  const spaced = skipSpaces(content, open);
  if (content[spaced] === "(" || content[spaced] === "{") open = spaced;
  let calls: RawCall[] = [];
  let end = -1;
  if (content[open] === "(") {
    const read = readPythonCalls(content, start, false) ?? objectInParens(content, name, open);
    if (read?.calls.length === 1) [calls, end] = [read.calls, read.end];
  } else if (content[open] === "{") {
    const read = objectCallsInRow(content, name, open);
    if (read !== undefined) [calls, end] = [read.calls, read.end];
  } else if (content[open] === "/") {
    // GLM's `browser_open/url>https://…` (or `name/{…}`): one argument to the line's end.
    const read = readSlashArguments(content, open);
    if (read !== undefined) [calls, end] = [[{ name, arguments: read.arguments }], read.end];
  } else if (spaced > open) {
    // `web_fetch url="https://…"`: the arguments as shell-style key=value words, to the line's end (every key declared).
    const lineEnd = content.indexOf("\n", spaced);
    const line = content.slice(spaced, lineEnd < 0 ? content.length : lineEnd).trimEnd();
    const words = readKeyValueWords(line);
    if (words !== undefined) [calls, end] = [[{ name, arguments: words }], spaced + line.length];
  }
  if (calls.length === 0) return undefined;
  // A statement's `;` after it is part of the call's markup.
  const semicolon = skipSpaces(content, end);
  if (content[semicolon] === ";") end = semicolon + 1;
  // Prose that mentions a call (`get_weather() returns the weather`) is not one: the call ends its line,
  // or Llama's `</function>` does when the model lost the tag's opener (`name{…}</function>`).
  const lineEnd = content.indexOf("\n", end);
  const rest = content.slice(end, lineEnd < 0 ? content.length : lineEnd).trim();
  if (rest === "") return { calls, spans: [[start, end]] };
  return rest === FUNCTION_CLOSE && calls.length === 1 ? { calls, spans: [[start, content.indexOf(FUNCTION_CLOSE, end) + FUNCTION_CLOSE.length]] } : undefined;
}
