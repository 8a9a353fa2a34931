/**
 * Calls in a row, and calls with prose between them. A format's reader may
 * find every block of its markup in a text (`<tool_call>…</tool_call>`, a
 * sentence, `<tool_call>…</tool_call>`); the prose between two blocks may make
 * the later one an example, an option, a retry or a quote. So a reading takes
 * the first group only, calls with nothing but markup and space between them,
 * and the text after it is read on its own (see `withCallsAcrossProse` in
 * text-holdback.ts), each later call judged by every rule a first call is.
 */

/** Markup between two calls of a group: a tag or special token, a bracketed token, a fence line, a separator. */
const MARKUP = /<[^<>\n]{1,100}>|\[[^[\]\n]{1,40}\]|```[\w-]*|~~~[\w-]*/g;

/**
 * Markup a span may be alone: as `MARKUP`, its bracketed tokens one word (`[unused12]`, `[/TOOL_CALL]`), so a call in
 * brackets (`[get_time(tz="UTC")]`, Llama 4's and Apertus's payloads) opens a call.
 */
const SPAN_MARKUP = /<[^<>\n]{1,100}>|\[[^[\]\s"'(){}=,:]{1,40}\]|```[\w-]*|~~~[\w-]*/g;

/** What makes a gap prose: a letter or a digit left once its markup is taken out. */
const WORD = /[\p{L}\p{N}]/u;

/** `text` with its markup (tags, special tokens, bracketed tokens, fence lines) taken out. */
export function withoutMarkup(text: string): string {
  return text.replace(MARKUP, " ");
}

/** Whether `text` holds prose: a letter or a digit once its markup is taken out (calls with none between them are in a row). */
export function holdsProse(text: string): boolean {
  return WORD.test(text.replace(MARKUP, ""));
}

/**
 * Where the first group of calls ends in `content`: the end of the last span before the first gap between
 * spans that holds prose; `undefined` when no such gap is there (every call is in one group).
 */
export function firstGroupEnd(content: string, spans: readonly (readonly [number, number])[]): number | undefined {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  let end = sorted[0]?.[1];
  /** Where a group ended before prose and a wrapper's opener (`</function_calls>`, a sentence, `<function_calls>`): the calls it opens are a later group. */
  let split: number | undefined;
  for (const [start, spanEnd] of sorted.slice(1)) {
    if (end === undefined) return undefined;
    // A span that is only markup (the frame's closer after words inside it, `…One moment.</tool_call>`) opens no call.
    const opensCall = WORD.test(content.slice(start, spanEnd).replace(SPAN_MARKUP, ""));
    const proseBefore = start > end && WORD.test(content.slice(end, start).replace(MARKUP, ""));
    if (opensCall && split !== undefined) return split;
    if (opensCall && proseBefore) return end;
    if (!opensCall && proseBefore && !content.startsWith("</", start)) split = end;
    end = Math.max(end, spanEnd);
  }
  return undefined;
}
