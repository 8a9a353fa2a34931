/**
 * Qwen3-Coder's function tag with its `<function=` left out, the tool's name
 * and `>` written right inside the call block: `<tool_call>web_search>` then
 * the call's `<parameter=…>` tags or its `</function>`, as Qwen3.5 served by
 * vLLM writes it when the chat template put `<tool_call>\n<function=` in the
 * prompt. Read as the tag only there: right after a call block's opening tag
 * (`<tool_call>`, `<seed:tool_call>`), whitespace aside; exactly a declared
 * tool's name and `>`; then, whitespace aside, a parameter tag or the call's
 * closer. Not inside a parameter's value still open, where such text is the
 * value's own.
 */

/** Whitespace looked over on either side of the name. */
const MAX_GAP = 64;
/** How far back a block tag's opening `<` is looked for from its `tool_call>`. */
const MAX_TAG_BEHIND = 41;
const BLOCK_TAG_END = "tool_call>";
/** A call block's opening tag, under a model's prefix or none; its closing tag has a `/` where the prefix goes. */
const BLOCK_OPEN_BEHIND = /<[\w:.-]{0,30}tool_call>$/;
const PARAMETER_OPEN = "<parameter=";
const PARAMETER_CLOSE = "</parameter>";
const FUNCTION_CLOSE = "</function>";

/** Every place `marker` starts in `content`, in order. */
function positions(content: string, marker: string): number[] {
  const found: number[] = [];
  for (let at = content.indexOf(marker); at >= 0; at = content.indexOf(marker, at + marker.length)) found.push(at);
  return found;
}

/** `at` moved past whitespace, at most `MAX_GAP` characters. */
function pastSpace(content: string, at: number): number {
  let end = at;
  while (end < content.length && end - at < MAX_GAP && /\s/.test(content[end]!)) end++;
  return end;
}

/** Where the declared name written at `at` ends, when exactly one is there and `>` follows it. */
function declaredNameEnd(content: string, at: number, names: readonly string[]): number | undefined {
  for (const name of names) {
    if (name !== "" && content.startsWith(name, at) && content[at + name.length] === ">") return at + name.length;
  }
  return undefined;
}

/** Where each left-out opener's tool name starts, in order. */
export function functionOpenersLeftOut(content: string, names: readonly string[]): number[] {
  if (!content.includes(BLOCK_TAG_END)) return [];
  const opens = positions(content, PARAMETER_OPEN);
  const closes = positions(content, PARAMETER_CLOSE);
  const found: number[] = [];
  let openCount = 0;
  let closeCount = 0;
  for (const tagAt of positions(content, BLOCK_TAG_END)) {
    const end = tagAt + BLOCK_TAG_END.length;
    if (!BLOCK_OPEN_BEHIND.test(content.slice(Math.max(0, end - MAX_TAG_BEHIND), end))) continue;
    while (openCount < opens.length && opens[openCount]! < tagAt) openCount++;
    while (closeCount < closes.length && closes[closeCount]! < tagAt) closeCount++;
    // A parameter opened and not yet closed: the block tag is text inside its value.
    if (openCount > closeCount) continue;
    const nameAt = pastSpace(content, end);
    const nameEnd = declaredNameEnd(content, nameAt, names);
    if (nameEnd === undefined) continue;
    const next = pastSpace(content, nameEnd + 1);
    if (content.startsWith(PARAMETER_OPEN, next) || content.startsWith(FUNCTION_CLOSE, next)) found.push(nameAt);
  }
  return found;
}
