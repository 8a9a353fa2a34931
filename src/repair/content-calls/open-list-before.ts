/**
 * A JSON call read from inside a list that was never closed
 * (`[{"name": "f", "arguments": {…}}` and the text ends, or
 * `[TOOL_CALLS][{…}` with no `]`): the list may have gone on with more
 * calls, so which calls the model made is a guess, and the object alone is
 * not read.
 */

/**
 * Whether the calls read at the end of `before` (the text up to them) sit in a
 * list opened there, `[` right before them, that `after` (the text after them)
 * does not close.
 */
export function readFromOpenList(before: string, after: string): boolean {
  return before.trimEnd().endsWith("[") && !after.trimStart().startsWith("]");
}
