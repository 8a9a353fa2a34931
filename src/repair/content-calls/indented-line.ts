/**
 * A line's indentation before a ReAct label (`   Action: name` under a list
 * item, as models nest their steps): the label still opens its line. Only
 * spaces and tabs, at most `MAX_INDENT`, between the line break and the place.
 */
export const MAX_INDENT = 8;

/** Whether only a line's indentation stands between the last line break before `at` and `at` (`charBefore(at, n)`: the n-th character back). */
export function indentedAt(charBefore: (back: number) => string | undefined): boolean {
  for (let back = 1; back <= MAX_INDENT + 1; back++) {
    const char = charBefore(back);
    if (char === "\n") return back > 1;
    if (char !== " " && char !== "\t") return false;
  }
  return false;
}
