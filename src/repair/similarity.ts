/**
 * Name similarity shared by the name fixers, the field renamer and the
 * "did you mean …?" suggestions. Pure and allocation-light: it runs on the
 * repair path for every candidate pair.
 */

/**
 * Markdown's escape before an underscore (`read\_file`), as models that write Markdown put it in a tool's
 * name: no tool name holds a backslash, so it is not part of the name.
 */
const MARKDOWN_ESCAPE = /\\(?=_)/g;

/** `read\_file` → `read_file`: the name without Markdown's escapes before its underscores. */
export function withoutMarkdownEscapes(name: string): string {
  return name.includes("\\") ? name.replace(MARKDOWN_ESCAPE, "") : name;
}

/** `readFile`, `read-file`, `READ_FILE` → `readfile`: case and separators ignored. */
export function foldIdentifier(name: string): string {
  return name.replace(/[\s_\-.]+/g, "").toLowerCase();
}

/**
 * Levenshtein distance, giving up early: returns `max + 1` as soon as the
 * distance is known to exceed `max`, so long hostile keys cost O(n·max).
 */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;

  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;

  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}

/**
 * The one candidate that `matches` accepts, or `undefined` when none or
 * several do: a guess is only made when it is unambiguous.
 */
export function uniqueMatch<T>(candidates: Iterable<T>, matches: (candidate: T) => boolean): T | undefined {
  let found: T | undefined;
  let count = 0;
  for (const candidate of candidates) {
    if (!matches(candidate)) continue;
    if (++count > 1) return undefined;
    found = candidate;
  }
  return found;
}

/** `CaBundle`, `ca_bundle`, `ca-bundle` → ["ca", "bundle"]: the words of an identifier, lower case. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, "$1 $2")
    .toLowerCase()
    .split(/[\s_\-.]+/)
    .filter((word) => word !== "");
}

/** `tag`/`tags`, `box`/`boxes`, `entry`/`entries`. */
export function isPlural(shorter: string, longer: string): boolean {
  return longer === `${shorter}s` || longer === `${shorter}es` || (shorter.endsWith("y") && longer === `${shorter.slice(0, -1)}ies`);
}

/**
 * Whether a key the schema does not know could be the model's name for
 * `declaredKey`: the same name in another style, within two edits (`liimt`),
 * one name run into the other (`subpath` for `path`), or a word in common
 * (`contents` for `limit_contents`, `user_id` for `customer_id`). Far looser
 * than a rename: it says where a guess is not safe, never what to rename.
 */
export function mayName(unknownKey: string, declaredKey: string): boolean {
  const a = foldIdentifier(unknownKey);
  const b = foldIdentifier(declaredKey);
  if (a === "" || b === "") return false;
  if (a === b || (Math.min(a.length, b.length) >= 3 && editDistance(a, b, 2) <= 2)) return true;
  // One name written into the other without a separator (`subpath` or `filepath` for `path`), or cut short (`dir` for `directory`).
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if ((shorter.length >= 3 && longer.startsWith(shorter)) || (shorter.length >= 4 && longer.endsWith(shorter))) return true;
  const declaredWords = wordsOf(declaredKey);
  return wordsOf(unknownKey).some((word) => declaredWords.some((other) => word === other || isPlural(word, other) || isPlural(other, word)));
}
