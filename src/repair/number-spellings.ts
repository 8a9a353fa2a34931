/**
 * Repaired arguments are written back from a parsed value, and a double
 * writes a number its own way: `1.50` comes back `1.5`, a 19-digit id
 * comes back rounded. Writing each number as the model spelt it keeps what
 * it wrote; any spelling of the same double is the same JSON value, so the
 * choice can never change a value, only how it reads.
 */
import { rawJson } from "../json.ts";

/** A JSON number as written, outside strings, bounded by anything but a word character or a point. */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?(?![\w.])/y;

/** Each JSON number `raw` writes outside its strings (double- or single-quoted), as written. */
function* writtenNumbers(raw: string): Generator<string> {
  let quote: string | undefined;
  for (let at = 0; at < raw.length; at++) {
    const char = raw[at]!;
    if (quote !== undefined) {
      if (char === "\\") at++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      continue;
    }
    if (!/[-\d]/.test(char) || /[\w.]/.test(raw[at - 1] ?? "")) continue;
    NUMBER.lastIndex = at;
    const match = NUMBER.exec(raw);
    if (match === null) continue;
    yield match[0];
    at += match[0].length - 1;
  }
}

/** Whether `text` writes an integer a double cannot hold exactly (`9007199254740993`, an ID). */
export function losesDigits(text: string): boolean {
  for (const written of writtenNumbers(text)) {
    if (!/^-?\d{16,}$/.test(written)) continue;
    const value = Number(written);
    if (!Number.isFinite(value) || BigInt(written) !== BigInt(value)) return true;
  }
  return false;
}

/** Each double `raw` spells in a way JSON.stringify would not, with that spelling; a double spelt two ways (`1.5` and `1.50`) is left out. */
function spellings(raw: string): Map<number, string> {
  const found = new Map<number, string | null>();
  for (const written of writtenNumbers(raw)) {
    const value = Number(written);
    if (!Number.isFinite(value)) continue;
    const seen = found.get(value);
    found.set(value, seen === undefined || seen === written ? written : null);
  }
  // `9007199254740993` beside `9007199254740992` is one double spelt two ways: which is which is lost.
  const kept = new Map<number, string>();
  for (const [value, written] of found) if (written !== null && written !== JSON.stringify(value)) kept.set(value, written);
  return kept;
}

/** `value` as JSON text, each number spelt as `raw` (the arguments as the model wrote them) spelt it. */
export function writeArguments(value: unknown, raw: string): string {
  const make = rawJson;
  const spelt = make === undefined ? undefined : spellings(raw);
  if (make === undefined || spelt === undefined || spelt.size === 0) return JSON.stringify(value);
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === "number" && spelt.has(item) ? make(spelt.get(item)!) : item));
}
