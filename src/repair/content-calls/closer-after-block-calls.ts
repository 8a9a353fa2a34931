/**
 * A block's closer inside one of its calls' strings (OLMo 3's
 * `<function_calls>note(text='a </function_calls> b')</function_calls>`):
 * the body up to that closer reads as no calls (the string is cut), so the
 * block ends at the first closer after which its body reads whole as calls.
 * Nothing but a string can hold the closer then (calls are code; the closer
 * and what follows it are none). A second opener before that closer is
 * another block, or a value, as likely: no reading.
 */
import { BracketScanner } from "./scan.ts";

/** At most this many closers tried: bounded work on hostile text. */
export const MAX_CLOSERS = 8;

/** The first `close` from `bodyStart` at which `reads` takes the body before it, when earlier ones fail. */
export function closerAfterBlockCalls(content: string, bodyStart: number, open: string, close: string, reads: (closeAt: number) => boolean): number | undefined {
  let at = content.indexOf(close, bodyStart);
  for (let tried = 0; at >= 0 && tried < MAX_CLOSERS; tried++) {
    if (reads(at)) return tried === 0 ? undefined : at;
    const next = content.indexOf(close, at + close.length);
    if (next >= 0 && content.slice(at, next).includes(open)) return undefined;
    at = next;
  }
  return undefined;
}

/**
 * Whether Python code from `from` to `to` stops inside a quoted string (a
 * closer there is that string's text), its calls scanned one after another.
 */
export function endsInsideCodeString(text: string, from: number, to: number): boolean {
  const scanner = new BracketScanner({ python: true });
  let at = from;
  while (at < to) {
    const end = scanner.scan(text, at, to);
    if (end < 0) break;
    at = end;
  }
  return scanner.inString;
}
