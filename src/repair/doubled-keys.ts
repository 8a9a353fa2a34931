/**
 * A key written twice in one object with two different values
 * (`{"path": "a.txt", "path": "b.txt"}`). `JSON.parse` keeps the last one,
 * other readers the first; which one the model meant is a guess, so a call
 * holding one is not taken as it is, nor repaired. The same key twice with
 * the same value says one thing and passes.
 */

interface Frame {
  /** Each key's value, as where it starts and ends in the text: compared only when its key comes again. */
  readonly keys: Map<string, readonly [number, number]> | undefined;
  key: string | undefined;
  valueStart: number;
}

/** The end of the JSON string opening at `at` (on its quote): the index after its closing quote. */
function stringEnd(text: string, at: number): number {
  let position = at + 1;
  while (position < text.length && text[position] !== '"') position += text[position] === "\\" ? 2 : 1;
  return position + 1;
}

/** A key's closing quote and its colon; inside a string it only overcounts, which costs the full scan, never a miss. */
const KEY_MARK = /"\s*:/g;

/** How many keys `value`'s objects hold, all levels. */
function keysIn(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + keysIn(item), 0);
  if (value === null || typeof value !== "object") return 0;
  let count = 0;
  for (const item of Object.values(value)) count += 1 + keysIn(item);
  return count;
}

/**
 * The first key of `text` (valid JSON) written twice in one object with two
 * different values, as written (spaces aside); `undefined` when there is none.
 * One pass, linear in the text. With `parsed` (`text` parsed), a text that
 * writes no more keys than the value holds is answered without the pass:
 * the common case of every valid call.
 */
export function keyWrittenTwice(text: string, parsed?: unknown): string | undefined {
  if (parsed !== undefined && (text.match(KEY_MARK)?.length ?? 0) <= keysIn(parsed)) return undefined;
  const stack: Frame[] = [];
  const finish = (frame: Frame, end: number): string | undefined => {
    if (frame.keys === undefined || frame.key === undefined) return undefined;
    const before = frame.keys.get(frame.key);
    if (before !== undefined && text.slice(before[0], before[1]).trim() !== text.slice(frame.valueStart, end).trim()) return frame.key;
    frame.keys.set(frame.key, [frame.valueStart, end]);
    frame.key = undefined;
    return undefined;
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    const frame = stack.at(-1);
    if (char === '"') {
      const end = stringEnd(text, at);
      let next = end;
      while (next < text.length && /\s/.test(text[next]!)) next++;
      if (frame?.keys !== undefined && frame.key === undefined && text[next] === ":") {
        frame.key = JSON.parse(text.slice(at, end)) as string;
        frame.valueStart = next + 1;
        at = next;
      } else at = end - 1;
    } else if (char === "{" || char === "[") {
      stack.push({ keys: char === "{" ? new Map() : undefined, key: undefined, valueStart: 0 });
    } else if (char === "}" || char === "]") {
      const closed = stack.pop();
      if (closed !== undefined) {
        const doubled = finish(closed, at);
        if (doubled !== undefined) return doubled;
      }
    } else if (char === "," && frame !== undefined) {
      const doubled = finish(frame, at);
      if (doubled !== undefined) return doubled;
    }
  }
  return undefined;
}
