/**
 * MiniMax-M3's calls: `]<]minimax[>[<tool_call>`, then for each call
 * `]<]minimax[>[<invoke name="get_weather">` and one element per argument,
 * named after it (`]<]minimax[>[<city>Paris]<]minimax[>[</city>`), then
 * `]<]minimax[>[</invoke>` and `]<]minimax[>[</tool_call>`. The namespace
 * token before every tag is one special token: a server that skips special
 * tokens leaves `<tool_call><invoke name="get_weather"><city>Paris</city></invoke></tool_call>`.
 * Values are text, typed from the tool's schema as Qwen3-Coder's are (a list
 * as `<item>` elements); every element must name a property the tool declares.
 */
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME, emptyArguments } from "./raw-call.ts";
import { skipWhitespace } from "./scan.ts";

/** The namespace token M3 writes before every tag of its calls. */
export const MINIMAX_NS = "]<]minimax[>[";
/** The invoke's head, its name then quoted in double or single quotes (`<invoke name='get_weather'>`) as XML allows. */
const INVOKE_HEAD = "<invoke name=";
const INVOKE_CLOSE = "</invoke>";
const WRAPPER_TAGS = ["<tool_call>", "</tool_call>"];
/**
 * The opening the stream hold-back waits on: the token itself, never prose, so
 * that it goes with the call (also one written alone before the call's tags).
 */
export const MINIMAX_M3_OPENINGS: readonly (readonly [string, readonly string[]])[] = [[MINIMAX_NS, [INVOKE_CLOSE, "</tool_call>"]]];

/**
 * An argument's element name: the tool's property name as declared (`-A`,
 * `file_path`, `filePath`); whether it is declared is checked with the tool.
 */
const KEY = /^[^\s<>/="'`]{1,128}$/;
const MAX_PARAMETERS = MAX_CALLS * 4;

/** The text with every namespace token taken out. */
const withoutTokens = (text: string): string => text.split(MINIMAX_NS).join("");

/** The elements `<key>value</key>` a call body holds and nothing else; `undefined` when it holds anything else. */
function readElements(body: string): [string, string][] | undefined {
  const params: [string, string][] = [];
  for (let at = skipWhitespace(body, 0); at < body.length; at = skipWhitespace(body, at)) {
    if (body[at] !== "<" || params.length >= MAX_PARAMETERS) return undefined;
    const tagEnd = body.indexOf(">", at);
    const key = tagEnd < 0 ? "" : body.slice(at + 1, tagEnd);
    if (!KEY.test(key)) return undefined;
    const close = body.indexOf(`</${key}>`, tagEnd + 1);
    if (close < 0) return undefined;
    params.push([key, body.slice(tagEnd + 1, close)]);
    at = close + key.length + 3;
  }
  return params;
}

/** The invoke at `start` (on `<invoke name=`): its call and where it ends; `undefined` when broken or not this format's. */
function invokeAt(content: string, start: number): { call: RawCall; end: number } | undefined {
  const quote = content[start + INVOKE_HEAD.length];
  if (quote !== '"' && quote !== "'") return undefined;
  const nameStart = start + INVOKE_HEAD.length + 1;
  const nameEnd = content.indexOf(quote, nameStart);
  const name = nameEnd < 0 ? "" : content.slice(nameStart, nameEnd);
  if (!TOOL_NAME.test(name) || content[nameEnd + 1] !== ">") return undefined;
  const closeAt = content.indexOf(INVOKE_CLOSE, nameEnd);
  if (closeAt < 0) return undefined;
  const body = withoutTokens(content.slice(nameEnd + 2, closeAt));
  const end = closeAt + INVOKE_CLOSE.length;
  if (body.trim() === "") return { call: { name, arguments: emptyArguments }, end };
  // `<parameter name="…">` children are MiniMax-M2's, a JSON body Hermes': other readers' formats.
  const params = readElements(body);
  return params === undefined || params.length === 0 ? undefined : { call: { name, arguments: { kind: "params", params, declaredOnly: true, elementContainers: true } }, end };
}

/** Every M3 invoke of the content, the namespace tokens and the `<tool_call>` wrapper going with them. */
export function detectMiniMaxM3(content: string): Detection | undefined {
  if (!content.includes(INVOKE_HEAD)) return undefined;
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  for (let start = content.indexOf(INVOKE_HEAD); start >= 0; start = content.indexOf(INVOKE_HEAD, start + 1)) {
    const found = invokeAt(content, start);
    if (found === undefined || calls.length >= MAX_CALLS) return undefined;
    calls.push(found.call);
    spans.push([start, found.end]);
  }
  for (const token of [MINIMAX_NS, ...WRAPPER_TAGS]) {
    for (let at = content.indexOf(token); at >= 0; at = content.indexOf(token, at + token.length)) spans.push([at, at + token.length]);
  }
  return calls.length > 0 ? { calls, spans } : undefined;
}
