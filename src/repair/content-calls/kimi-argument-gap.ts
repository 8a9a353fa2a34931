/**
 * Kimi K2's call id and its argument token with layout between them:
 * `functions.get_weather:0\n<|tool_call_argument_begin|>{…}`. The template
 * writes them back to back, and a server or a copy that lays the tokens out
 * on lines puts a line break there: spaces and tabs, and one line break at
 * most, are layout. A blank line or text between them keeps the call text.
 */

/** Where the call id before the argument token at `argumentAt` ends, past the layout before the token (never before `notBefore`). */
export function idEndBefore(content: string, argumentAt: number, notBefore: number): number {
  let end = argumentAt;
  let breaks = 0;
  while (end > notBefore) {
    const char = content[end - 1]!;
    if (char === " " || char === "\t") end--;
    else if (char === "\n" && breaks === 0) {
      breaks++;
      end--;
      if (end > notBefore && content[end - 1] === "\r") end--;
    } else break;
  }
  return end;
}
