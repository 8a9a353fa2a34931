/**
 * Continue's tool code block, the call format its system-message tools ask
 * of models without native tool calling:
 *
 *   ```tool
 *   TOOL_NAME: read_file
 *   BEGIN_ARG: filepath
 *   src/index.ts
 *   END_ARG
 *   ```
 *
 * One `BEGIN_ARG: key` … `END_ARG` pair per argument, its value the lines
 * between them, trimmed. A value that is one JSON string (`"src/index.ts"`,
 * as Continue writes the model's earlier calls back) is that string; any
 * other is typed from the tool's schema (`3` for a number, `true` for a
 * boolean; for a string, the text as written, also when it reads as JSON:
 * a file's content may). Anything else in the block, an argument never
 * closed or written twice, and the block is not read. Continue also takes the
 * block without its fence; that is not read here (inside a fence that is not
 * a call, the same lines are code shown, and a stream cannot tell them apart).
 */
import type { RawCall } from "./raw-call.ts";
import { TOOL_NAME } from "./raw-call.ts";

/** Opens the block's first line (also in lower case): the stream holds a ```tool fence that opens with it. */
export const CONTINUE_TOOL_NAME = "TOOL_NAME:";
const NAME_LINE = /^tool_name:[ \t]*(\S+)[ \t]*$/i;
const BEGIN_LINE = /^begin_?arg:[ \t]*(\S+)[ \t]*$/i;
const END_LINE = /^end_?arg[ \t]*$/i;

/** Whether `text` is exactly one JSON string. */
function isJsonString(text: string): boolean {
  if (!text.startsWith('"')) return false;
  try {
    return typeof JSON.parse(text) === "string";
  } catch {
    return false;
  }
}

/**
 * The call written from `lines[0]` (its `TOOL_NAME:` line) on, and how many
 * lines it takes: up to its last `END_ARG`, or the name line alone when no
 * argument follows. `undefined` when a line does not fit.
 */
function readBlockLines(lines: readonly string[]): { call: RawCall; lines: number } | undefined {
  const name = NAME_LINE.exec(lines[0]?.trim() ?? "")?.[1];
  if (name === undefined || !TOOL_NAME.test(name)) return undefined;
  const params: [string, string][] = [];
  let used = 1;
  let index = 1;
  for (;;) {
    while (index < lines.length && lines[index]!.trim() === "") index++;
    const key = index < lines.length ? BEGIN_LINE.exec(lines[index]!.trim())?.[1] : undefined;
    if (key === undefined) break;
    if (params.some(([written]) => written === key)) return undefined;
    const valueStart = index + 1;
    let end = valueStart;
    while (end < lines.length && !END_LINE.test(lines[end]!.trim())) end++;
    // An argument never closed: the call may have been cut inside it.
    if (end >= lines.length) return undefined;
    params.push([key, lines.slice(valueStart, end).join("\n").trim()]);
    index = end + 1;
    used = index;
  }
  const jsonKeys = new Set(params.filter(([, text]) => isJsonString(text)).map(([key]) => key));
  return { call: { name, arguments: { kind: "params", params, jsonKeys, notXml: true } }, lines: used };
}

/** The body of a ```tool fence written in Continue's format: the block and nothing else. */
export function readToolCodeblock(body: string): RawCall[] | undefined {
  const lines = body.trim().split("\n");
  const read = readBlockLines(lines);
  return read === undefined || lines.slice(read.lines).some((line) => line.trim() !== "") ? undefined : [read.call];
}
