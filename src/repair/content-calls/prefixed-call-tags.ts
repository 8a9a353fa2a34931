/**
 * Call tags under a model's own prefix: `<iquestcoder_tool_call>`,
 * `<acme:tool_call>`. Checkpoints keep naming their call tag after
 * themselves (Seed-OSS, LongCat, IQuest did), and what such a tag holds is
 * one of the bodies the fixed tags hold (JSON, `<function=…>`, GLM's
 * key/value tags), so any prefix is read like the fixed ones: a new model's
 * calls are not left as text for want of its tag's name.
 */
const NAME = "tool_call>";
/** A prefix is a short word: a tag with a sentence in front of `_tool_call` is no call tag. */
const MAX_PREFIX = 24;
const LETTER = /[A-Za-z]/;
const PREFIX_CHAR = /[A-Za-z0-9]/;
const SEPARATORS = new Set(["_", ":"]);

export interface PrefixedCallTag {
  readonly open: string;
  readonly close: string;
  /** Where the opening tag ends. */
  readonly after: number;
}

/**
 * A prefixed call tag opening at `at` (`<` + word + `_` or `:` + `tool_call>`);
 * `"wait"` while the text, cut where it ends, may still become one.
 */
export function prefixedCallTagAt(text: string, at: number): PrefixedCallTag | "wait" | "no" {
  if (text[at] !== "<") return "no";
  let end = at + 1;
  if (end >= text.length) return "wait";
  if (!LETTER.test(text[end]!)) return "no";
  while (end < text.length && end - at - 1 < MAX_PREFIX && PREFIX_CHAR.test(text[end]!)) end++;
  if (end >= text.length) return "wait";
  if (!SEPARATORS.has(text[end]!)) return "no";
  const rest = text.slice(end + 1, end + 1 + NAME.length);
  if (rest !== NAME) return NAME.startsWith(rest) && end + 1 + rest.length >= text.length ? "wait" : "no";
  const open = text.slice(at, end + 1 + NAME.length);
  return { open, close: `</${open.slice(1)}`, after: end + 1 + NAME.length };
}

/** Every distinct prefixed call tag written in `content`, with where it is first written. */
export function prefixedCallTagsIn(content: string): { at: number; tag: readonly [string, string] }[] {
  const found = new Map<string, number>();
  for (let name = content.indexOf(NAME); name >= 0; name = content.indexOf(NAME, name + NAME.length)) {
    if (!SEPARATORS.has(content[name - 1] ?? "")) continue;
    // Back over the prefix to its `<` (bounded: a prefix is at most MAX_PREFIX characters).
    let start = name - 1;
    while (start > 0 && name - 1 - start < MAX_PREFIX && PREFIX_CHAR.test(content[start - 1]!)) start--;
    const tag = prefixedCallTagAt(content, start - 1);
    if (typeof tag === "string" || found.has(tag.open)) continue;
    found.set(tag.open, start - 1);
  }
  return [...found].map(([open, at]) => ({ at, tag: [open, `</${open.slice(1)}`] as const }));
}
