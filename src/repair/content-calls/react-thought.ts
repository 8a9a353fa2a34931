/**
 * ReAct's `Thought:` line is the first line of the block its action opens
 * (`Thought: …`, `Action: get_weather`, `Action Input: {…}`): prose that
 * introduces, refuses or offers the call stands before that line, not before
 * the action. The label may also follow words on its line (a log line's
 * prefix, `[INFO] 12:03:44 model output: Thought: …`): those words lead in too.
 */

/** The last line of `tail` and the space after it, when `tail` ends on a line break and blanks. */
const LAST_LINE = /(?:^|\n)([^\n]*)\n\s*$/;
/** The `Thought:` label (plain or in bold), opening the line or after a space or a colon. */
const THOUGHT_LABEL = /(?:^|[\s:])(?:Thought:|\*\*Thought(?::\*\*|\*\*:))/;

/** The text before a ReAct `Thought:` label on the line `tail` ends on (with that line's words before it), or `undefined` when it ends on none. */
export function beforeReActThought(tail: string): string | undefined {
  const line = LAST_LINE.exec(tail);
  if (line === null) return undefined;
  const lineStart = line.index + (line[0].startsWith("\n") ? 1 : 0);
  // The first label on the line: a later `Thought:` is words of the thought itself.
  const label = THOUGHT_LABEL.exec(line[1]!);
  if (label === null) return undefined;
  const labelAt = label.index + (label[0].startsWith("T") || label[0].startsWith("*") ? 0 : 1);
  const words = line[1]!.slice(0, labelAt);
  return tail.slice(0, words.trim() === "" ? lineStart : lineStart + labelAt);
}
