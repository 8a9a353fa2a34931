/** Where an unquoted value ends: the schema and the text around it decide, or nothing does. */
import { commentEnd, parseComments } from "./parse-comments.ts";
import { parseLooseCommas } from "./parse-loose-commas.ts";
import { keyAhead } from "./reader.ts";
import type { Place, Reader } from "./reader.ts";
import { declaredKeysOf } from "./schema-guide.ts";

/** After a `}` that ends an unquoted value: not `, key:`, which would read the `}` as text or as an early close. */
function closesFor(reader: Reader, index: number, schema: unknown): boolean {
  const at = reader.skip(index);
  return reader.text[at] !== "," || keyAhead(reader, reader.skip(at + 1), schema, "any") === undefined;
}

/**
 * Where an unquoted value starting at `index` ends: before `, key:` with a
 * declared key (or a newline and one, with parse-loose-commas), at the
 * object's `}`; in an array at `,` or `]`; before a declared key after a space
 * (a comma left out, with parse-loose-commas). `undefined` when the text ends
 * first, a bracket opens it or does not balance (a closer of the other kind included), or an undeclared
 * `, word:` might be a key.
 */
export function unquotedEnd(reader: Reader, index: number, place: Place): number | undefined {
  const text = reader.text;
  const inObject = place.container === "object";
  for (let at = index; at < text.length; at++) {
    if (!reader.spend()) return undefined;
    const char = text[at]!;
    if (char === "{" || char === "[") {
      // Brackets inside text (`words{in brackets}`) are text when they balance.
      const close = balancedEnd(text, at);
      if (close === undefined || at === index) return undefined;
      at = close;
      continue;
    }
    // A closer of the other kind that balances nothing (`x ]` in an object, `b}` in a list): the text's own, or
    // a bracket typed once too often (parse-stray-closers)? No single reading.
    if (char === (inObject ? "]" : "}")) return undefined;
    if (!inObject) {
      if (char === "," || char === "]") return at;
      continue;
    }
    // A `}` the object would go on after (parse-continued) may as well be text: no single reading.
    if (char === "}") return closesFor(reader, at + 1, place.schema) ? at : undefined;
    if (char === "," || (char === "\n" && reader.has(parseLooseCommas.name))) {
      const next = reader.skip(at + 1);
      // `value,}`: a trailing comma, as after any value, not the value's last character.
      if (char === "," && reader.text[next] === "}" && reader.has(parseLooseCommas.name) && closesFor(reader, next + 1, place.schema)) return at;
      if (keyAhead(reader, next, place.schema, "declared") !== undefined) return at;
      // `, units:` with `units` undeclared: a key the schema does not know, or text? Not ours to guess.
      if (keyAhead(reader, next, place.schema, "any") !== undefined) return undefined;
    }
    // `value "key2": x`: a declared key after a space is the next member, its comma left out.
    if (at > index && /\s/.test(char) && reader.has(parseLooseCommas.name)) {
      const next = reader.skip(at);
      if (next > at && keyAhead(reader, next, place.schema, "declared") !== undefined && declaredKeysOf(place.schema) !== undefined) return at;
    }
    if (at > index && /\s/.test(text[at - 1]!) && reader.has(parseComments.name) && commentEnd(text, at) !== undefined) return at;
  }
  return undefined;
}

/** Index of the closer that balances the bracket at `index` (quotes not special), or `undefined`. */
function balancedEnd(text: string, index: number): number | undefined {
  let depth = 0;
  for (let at = index; at < text.length; at++) {
    const char = text[at];
    if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      if (--depth === 0) return at;
    } else if (char === "\n") return undefined;
  }
  return undefined;
}

/**
 * Whether `raw`, an unquoted value ending at `end`, may keep the double
 * quotes it holds (`**Note** he said "stop" twice`): it is the root
 * object's last value and runs to the text's final `}`, and its quotes pair
 * up around words, each opening after a space and closing before a space or
 * punctuation. A quote glued to a bracket or a parenthesis (`Ref("1")`),
 * escaped, before a colon (a key) or after a comma (a member that lost its
 * colon?) is structure gone wrong: no reading. The value must follow a `:`
 * and open on a word: `"a" => "x"` is a key and its value, not text.
 */
export function quotedWordsLast(reader: Reader, raw: string, start: number, end: number, place: Place): boolean {
  if (place.root !== true) return false;
  // After its key's own `:` only (`"a" => "x"` is another separator, not text), and opening on a word or Markdown.
  if (reader.text.slice(0, start).trimEnd().at(-1) !== ":" || !/^[\p{L}\p{N}*_#]/u.test(raw)) return false;
  const close = reader.skip(end);
  if (reader.text[close] !== "}" || reader.text.slice(close + 1).trim() !== "") return false;
  // `x + "b"`: an expression joining a name to a string, whose value is unknown.
  if (/[{}[\]()\\]/.test(raw) || /"\s*:|,\s*"|"\s*\+|\+\s*"/.test(raw)) return false;
  let count = 0;
  for (let at = raw.indexOf('"'); at !== -1; at = raw.indexOf('"', at + 1)) {
    const opens = /\s/.test(raw[at - 1] ?? " ");
    const closes = /[\s.,;:!?]/.test(raw[at + 1] ?? " ");
    // Alone between spaces, or inside a word, it pairs with nothing; nor may two open in a row.
    if (opens === closes || opens !== (count % 2 === 0)) return false;
    count++;
  }
  return count % 2 === 0;
}

/** Words joining two quoted phrases: no quote, bracket, colon, comma, `+` or line break. */
const JOINING_WORDS = /^[^"'`{}[\]():,+\\\n\r]*$/;

/**
 * A value written as quoted phrases joined by words, unquoted as a whole
 * (`"python quicksort" OR "quick sort"`, a search query's operators): its
 * text, quotes kept, up to where the value ends (see `valueEndsAt`), or
 * `undefined`. Two phrases at least, each closed on its line with no
 * backslash, each pair joined by words; a phrase followed by a colon is a key,
 * and `"a" + "b"` is a concatenation, not this.
 */
export function quotedPhrases(reader: Reader, index: number, place: Place, endsAt: (end: number) => boolean): { value: string; end: number } | undefined {
  const text = reader.text;
  if (place.container !== "object" || text[index] !== '"') return undefined;
  let phrases = 0;
  for (let at = index; ; ) {
    const close = text.indexOf('"', at + 1);
    // An empty phrase (`"" A ""`) is a doubled quote, not a phrase: the value in doubled quotes, or text? Two readings.
    if (close === -1 || close === at + 1 || !reader.spend(close - at) || /[\\\n]/.test(text.slice(at + 1, close))) return undefined;
    phrases++;
    const end = close + 1;
    const next = text.indexOf('"', end);
    const between = next === -1 ? undefined : text.slice(end, next);
    if (between !== undefined && JOINING_WORDS.test(between) && /\p{L}/u.test(between) && /^\s/.test(between) && /\s$/.test(between)) {
      at = next;
      continue;
    }
    if (phrases < 2 || text[reader.skip(end)] === ":" || !endsAt(end)) return undefined;
    return { value: text.slice(index, end), end };
  }
}
