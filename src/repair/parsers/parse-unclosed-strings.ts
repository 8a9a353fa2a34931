// {"city": "New York, "gender": "male"} → {"city":"New York","gender":"male"}; {"q": "say "hi" now} → {"q":"say \"hi\" now"}; {"r": [{"end": "00:23}\n]} → {"r":[{"end":"00:23"}]}; {"key:"value"} → {"key":"value"}; {"tags: ["a"]} → {"tags":["a"]}
import type { ParserFamily } from "../types.ts";
import { keyAhead } from "./reader.ts";
import type { Place, Reader } from "./reader.ts";
import { declaredKeysOf } from "./schema-guide.ts";
import { scalarStarts } from "./parse-missing-colons.ts";

/**
 * Lossless: a string whose first inner quote opens a declared key right
 * after a comma (`"New York, "gender":`) lost its closing quote before that
 * comma; what it holds up to the comma is the value. Another family may read
 * the stretch otherwise (inner quotes kept): then neither reading stands.
 * The last value of the root object, holding paired inner quotes and no
 * brace, that runs to the text's final `}` lost its closing quote before it
 * (unless the upstream said `finish_reason: "length"`); so does a value of a nested object or a list that
 * runs into the closers the text ends on (see `closersEnd`). A declared key
 * that lost its closing quote before its colon, with a quoted value, a list
 * or an object right after (`"key:"value"`, `"tags: ["a"]`), is that key; so
 * is one before a number or a literal (`"count: 3`) when its quote comes
 * again later in the text (else the key may be a string cut there).
 */
export const parseUnclosedStrings: ParserFamily = {
  name: "parse-unclosed-strings",
  purpose: "End a string that lost its closing quote before `, \"key\":` with a key the object declares, before the root's final `}`, or, in a nested object or list, before the two or more closers, over lines, the text ends on; a declared key that lost its closing quote before its `:` and a value (a number or a literal when the key's quote comes again later).",
  class: "lossless",
  stage: "parse",
};

const TRAILING_COMMA = /,\s*$/;

/**
 * For a value opening at `open` whose first inner quote is at `quoteAt`: the
 * index of the comma it ends before, or `undefined` when the rule does not hold.
 */
export function unclosedEnd(reader: Reader, open: number, quoteAt: number, place: Place): number | undefined {
  if (place.container !== "object" || declaredKeysOf(place.schema) === undefined) return undefined;
  const body = reader.text.slice(open + 1, quoteAt);
  const comma = TRAILING_COMMA.exec(body);
  // `"C:\", "b":` may end at its escaped quote (a backslash kept): another reading, so none here.
  if (comma === null || comma.index === 0 || body.includes(`\\${reader.text[open]!}`)) return undefined;
  // `"x', "b":`: the other quote right before the comma may be the closing quote mistyped (`x`) or text (`x'`).
  if (/['`\u2019]\s*$/.test(body.slice(0, comma.index))) return undefined;
  return keyAhead(reader, quoteAt, place.schema, "declared") === undefined ? undefined : open + 1 + comma.index;
}

/**
 * For a value opening at `open` that no quote closes: the index of the text's
 * final `}` it ends before, when it is the root object's last value, its inner
 * quotes pair up (`"sic "`: its quotes went astray, not its end) and it holds
 * no brace; else `undefined`. A string cut by `max_tokens` is never closed.
 */
export function braceEnd(reader: Reader, open: number, place: Place): number | undefined {
  if (place.root !== true || reader.finishReason === "length") return undefined;
  const text = reader.text;
  const last = text.trimEnd().length - 1;
  if (text[last] !== "}" || last <= open) return undefined;
  const body = text.slice(open + 1, last);
  const quotes = body.split(text[open]!).length - 1;
  return quotes > 0 && quotes % 2 === 0 && !/[{}]/.test(body) ? last : undefined;
}

/**
 * For a value opening at `open` that no quote closes, inside a nested object or a list (not the root's own
 * member): the index of the closers the text ends on, when they start with the value's container's own closer
 * and the value holds no quote, bracket or line break (`"00:23}\n  ]\n}`). Two closers or more, laid out over
 * lines, end the text there, each closing what is open: a cut inside the string would have had to stop right
 * after those very characters and that layout. Never after `finish_reason: "length"`.
 */
export function closersEnd(reader: Reader, open: number, place: Place): number | undefined {
  if (place.container === "root" || place.root === true || reader.finishReason === "length") return undefined;
  const text = reader.text;
  let start = text.length;
  while (start > open + 1 && /[\s}\]]/.test(text[start - 1]!)) start--;
  while (start < text.length && /\s/.test(text[start]!)) start++;
  const closer = place.closer ?? (place.container === "object" ? "}" : "]");
  // One closer alone (`{"o": {"x": "hello}`) may be the string's own `}` where a cut stopped, as at the root; so may
  // closers glued together (`["value]}`: text such as `a[0]}` cut there). Laid out over lines, they are structure.
  const run = text.slice(start);
  if (text[start] !== closer || run.replace(/\s/g, "").length < 2 || !/[}\]][ \t]*\r?\n\s*[}\]]/.test(run)) return undefined;
  const body = text.slice(open + 1, start).trimEnd();
  return body !== "" && !/["'`{}[\]\n\r]/.test(body) ? start : undefined;
}

/** A plain name, nothing a key's text could also hold around a colon. */
const PLAIN_KEY = /^[^"'`\\\s{}[\],:]{1,200}$/;

/**
 * For a key opening at `open` that no quote closes before its colon
 * (`"key:"value"`): the index of that colon, when what lies between is a key
 * the object declares and a quoted value, a list or an object follows the colon. `"key:value}`
 * (no quote after the colon) may as well be a string cut there: `undefined`.
 */
export function keyLostCloseQuote(reader: Reader, open: number, schema: unknown): number | undefined {
  if (!reader.has(parseUnclosedStrings.name)) return undefined;
  const text = reader.text;
  const quote = text[open];
  const colon = text.indexOf(":", open + 1);
  if ((quote !== '"' && quote !== "'") || colon === -1) return undefined;
  const key = text.slice(open + 1, colon);
  if (!PLAIN_KEY.test(key) || declaredKeysOf(schema)?.has(key) !== true) return undefined;
  const value = reader.skip(colon + 1);
  // A list or an object after the colon (`"tags: ["a"]`) opens the value: a key's text holds no bracket followed by items.
  if (text[value] === quote || text[value] === "[" || text[value] === "{") return colon;
  // A number or a literal after the colon (`"count: 3`), when the key's quote comes again later: the key did not run
  // on to the text's end (a string cut there), a quote just closed it too late.
  return scalarStarts(text, value) && text.indexOf(quote, value) !== -1 ? colon : undefined;
}
