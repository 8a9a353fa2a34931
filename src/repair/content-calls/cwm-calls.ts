/**
 * Code World Model (CWM): `<tool: function>` then the tool's name and its
 * input, then `</tool>`: `terminal ls -la`. Input that is a JSON object is
 * the arguments; other text is the format's one argument, `command`, read
 * only for a tool that declares it (the reading checks that). The shorthand
 * leaves out the `>` and the kind: `<tool: python print(1) </tool>`, the
 * label then being the tool's name (vLLM's parser reads it so).
 */
import { parseKeepingNumbers } from "../../json.ts";
import type { Detection, RawCall } from "./raw-call.ts";
import { MAX_CALLS, TOOL_NAME, emptyArguments } from "./raw-call.ts";

export const CWM_OPEN = "<tool:";
export const CWM_CLOSE = "</tool>";
/** `<tool: function>`: the label names the kind of tool; the model's calls are `function`. */
const HEAD = /^<tool:\s*[A-Za-z_]\w{0,31}\s*>/;
/** The shorthand's head: `<tool:` and the space before the tool's name, which a space and its input follow. */
const SHORTHAND_HEAD = /^<tool:[ \t]*(?=[A-Za-z_][\w.:-]{0,127}[ \t\n])/;

/** One block's body: the name, then the input. */
function readBody(body: string): RawCall | undefined {
  const text = body.trim();
  const name = /^\S+/.exec(text)?.[0] ?? "";
  if (!TOOL_NAME.test(name)) return undefined;
  const input = text.slice(name.length).trim();
  if (input === "") return { name, arguments: emptyArguments };
  if (input.startsWith("{")) {
    try {
      const value = parseKeepingNumbers(input);
      if (typeof value === "object" && value !== null && !Array.isArray(value)) return { name, arguments: { kind: "json", value } };
    } catch {
      // A shell line that opens with a brace (`{ echo a; } > f`): the command itself.
    }
  }
  return { name, arguments: { kind: "params", params: [["command", input]], declaredOnly: true, notXml: true } };
}

/** Every `<tool: …>…</tool>` block; `undefined` when there is none, or one is unclosed or not a call. */
export function detectCwm(content: string): Detection | undefined {
  const calls: RawCall[] = [];
  const spans: [number, number][] = [];
  for (let start = content.indexOf(CWM_OPEN); start >= 0 && calls.length <= MAX_CALLS; start = content.indexOf(CWM_OPEN, start + 1)) {
    const window = content.slice(start, start + 160);
    const full = HEAD.exec(window);
    const head = full ?? SHORTHAND_HEAD.exec(window);
    const closeAt = content.indexOf(CWM_CLOSE, start);
    if (head === null || closeAt < 0) return undefined;
    const call = readBody(content.slice(start + head[0].length, closeAt));
    // The shorthand's label alone (`<tool: terminal </tool>`) may be a tag being mentioned: it needs an input.
    if (call === undefined || (full === null && call.arguments === emptyArguments)) return undefined;
    calls.push(call);
    spans.push([start, closeAt + CWM_CLOSE.length]);
  }
  return calls.length > 0 && calls.length <= MAX_CALLS ? { calls, spans } : undefined;
}
