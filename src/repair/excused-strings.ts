/**
 * What a value fixer may remove without losing content: the strings of an
 * envelope it took off (`name`, `arguments`, the tool's name) and the old
 * spelling of a key it renamed, an optional key sent as `null` or `""` and left out,
 * a string that held the next parameters' markup, now split into them.
 * The lossless check excuses them.
 */
import { isJsonObject } from "../json.ts";

/** Fixers whose removals are syntax, and what kind. */
const EXCUSING: ReadonlyMap<string, "envelope" | "rename" | "empty" | "split"> = new Map([
  ["unwrap-envelope", "envelope"],
  ["split-leaked-members", "split"],
  ["rename-fields", "rename"],
  ["rename-fields-by-style", "rename"],
  ["drop-empty-optionals", "empty"],
]);

/** Keys and string values anywhere in `value`. */
function stringsOf(value: unknown, into: Set<string>): Set<string> {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === "string") into.add(current);
    // One by one: spreading a 100 000-item array overflows the call stack.
    else if (Array.isArray(current)) for (const item of current as unknown[]) stack.push(item);
    else if (isJsonObject(current)) {
      for (const key of Object.keys(current)) {
        into.add(key);
        stack.push(current[key]);
      }
    }
  }
  return into;
}

/** Renames keep an object's key order and size, so old and new keys pair up by position. */
function renamedKeys(before: unknown, after: unknown, into: Set<string>): void {
  if (Array.isArray(before) && Array.isArray(after)) {
    before.forEach((item, index) => renamedKeys(item, after[index], into));
    return;
  }
  if (!isJsonObject(before) || !isJsonObject(after)) return;
  const oldKeys = Object.keys(before);
  const newKeys = Object.keys(after);
  if (oldKeys.length !== newKeys.length) return;
  oldKeys.forEach((key, index) => {
    const renamed = newKeys[index]!;
    if (renamed !== key) into.add(key);
    renamedKeys(before[key], after[renamed], into);
  });
}

/** Keys whose `null` or `""` value was left out, at the same places in both values. */
function droppedEmpty(before: unknown, after: unknown, into: Set<string>): void {
  if (Array.isArray(before) && Array.isArray(after)) {
    before.forEach((item, index) => droppedEmpty(item, after[index], into));
    return;
  }
  if (!isJsonObject(before) || !isJsonObject(after)) return;
  for (const key of Object.keys(before)) {
    if (!Object.hasOwn(after, key)) {
      const empty = before[key];
      if (empty === null) into.add(key).add("null");
      else if (typeof empty === "string") into.add(key).add(empty);
    } else droppedEmpty(before[key], after[key], into);
  }
}

/** Adds to `into` what `fixer` removed as syntax when it turned `before` into `after`. */
export function excuseRemovals(fixer: string, before: unknown, after: unknown, into: Set<string>): void {
  const kind = EXCUSING.get(fixer);
  if (kind === "rename") renamedKeys(before, after, into);
  else if (kind === "empty") droppedEmpty(before, after, into);
  else if (kind === "split" && isJsonObject(before) && isJsonObject(after)) {
    // The string as written, markup and all: its parameters' values are the new members, read by the format's reader.
    for (const key of Object.keys(before)) if (typeof before[key] === "string" && before[key] !== after[key]) into.add(before[key]);
  } else if (kind === "envelope") {
    const kept = stringsOf(after, new Set());
    for (const text of stringsOf(before, new Set())) if (!kept.has(text)) into.add(text);
  }
}
