/**
 * GLM's short call line, `browser_open/url>https://example.com`: the tool's
 * name, `/`, one argument's key, `>`, and the value to the line's end (as GLM
 * models answer through gateways that taught them no call format; agent
 * runtimes such as ZeroClaw read it), or `name/{…}` with the arguments as a
 * JSON object. One call a line; the key must be a property the tool declares,
 * and the value is typed from the schema as GLM's tagged values are.
 */
import type { RawArguments } from "./raw-call.ts";
import { splitEndOfTurn } from "./end-of-turn.ts";
import { findJsonEnd } from "./scan.ts";

const KEY = /[A-Za-z_][\w.-]{0,127}/y;

/** Where the line holding `at` ends (before its line break). */
function lineEnd(content: string, at: number): number {
  const newline = content.indexOf("\n", at);
  const end = newline < 0 ? content.length : newline;
  return content[end - 1] === "\r" ? end - 1 : end;
}

/**
 * The arguments after a name's `/` at `slash` (`/url>value`, `/{…}`) and where
 * they end; `undefined` when the rest of the line is not such arguments.
 */
export function readSlashArguments(content: string, slash: number): { arguments: RawArguments; end: number } | undefined {
  if (content[slash] !== "/") return undefined;
  const at = slash + 1;
  const end = lineEnd(content, at);
  if (content[at] === "{") {
    const close = findJsonEnd(content, at);
    if (close < 0 || close > end || content.slice(close, end).trim() !== "") return undefined;
    return { arguments: { kind: "text", text: content.slice(at, close) }, end: close };
  }
  KEY.lastIndex = at;
  const key = KEY.exec(content);
  if (key === null || content[at + key[0].length] !== ">") return undefined;
  // End-of-turn tokens a server printed after the value (`…com<|im_end|>`) close the turn: they are no part of it.
  const start = at + key[0].length + 1;
  const { body } = splitEndOfTurn(content.slice(start, end));
  const value = body.trim();
  if (value === "") return undefined;
  return { arguments: { kind: "params", params: [[key[0], value]], declaredOnly: true }, end: start + body.length };
}

/** What the stream may still see at `slash`: a key and `>` or `{` ("yes"), a beginning of them ("wait"), or neither. */
export function slashArgumentsAt(text: string, slash: number): "yes" | "wait" | "no" {
  if (text[slash] !== "/") return "no";
  const at = slash + 1;
  if (at >= text.length) return "wait";
  if (text[at] === "{") return "yes";
  KEY.lastIndex = at;
  const key = KEY.exec(text);
  if (key === null) return "no";
  const after = at + key[0].length;
  if (after >= text.length) return "wait";
  return text[after] === ">" ? "yes" : "no";
}
