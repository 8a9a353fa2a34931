/**
 * ReAct's `Thought:` line is the first line of the block its action opens
 * (`Thought: …`, `Action: get_weather`, `Action Input: {…}`): prose that
 * introduces, refuses or offers the call stands before that line, not before
 * the action.
 */

/** A `Thought:` line (plain or in bold) right before the call, with the space after it. */
const THOUGHT_LINE = /(?:^|\n)[ \t]*(?:Thought:|\*\*Thought(?::\*\*|\*\*:))[^\n]*\n\s*$/;

/** The text before a ReAct `Thought:` line that `tail` ends on (with the break that ends it), or `undefined` when it ends on none. */
export function beforeReActThought(tail: string): string | undefined {
  const found = THOUGHT_LINE.exec(tail);
  if (found === null) return undefined;
  return tail.slice(0, found.index + (found[0].startsWith("\n") ? 1 : 0));
}
