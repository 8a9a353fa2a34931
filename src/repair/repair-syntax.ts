/**
 * jsonrepair behind the two syntax fixers. jsonrepair also closes cut input,
 * strips fences and turns concatenated objects into an array: those are
 * other fixers' decisions (a cut string must not be closed at all), so only
 * text that starts with `{`, is not cut, and repairs into one object is taken.
 */
import { jsonrepair } from "jsonrepair";
import { parseJson } from "../json.ts";
import { tokenAt } from "./json-tokens.ts";
import { normalizeJsonish } from "./normalize-jsonish.ts";
import { analyzeCut } from "./truncation.ts";

export function repairSyntax(text: string, finishReason: string | null | undefined, options: { readonly exactOnly: boolean }): string | undefined {
  // JSON already: nothing to repair (the normaliser may read its escapes otherwise and make a second change).
  if (parseJson(text) !== undefined) return undefined;
  const normalized = normalizeJsonish(text);
  if (options.exactOnly && !normalized.exact) return undefined;
  // Judged after normalising: a bare word in an array can throw the quote parity off.
  if (analyzeCut(normalized.text, finishReason).kind !== "complete") return undefined;
  let repaired: string;
  try {
    repaired = jsonrepair(normalized.text);
    const value: unknown = JSON.parse(repaired);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  } catch {
    return undefined;
  }
  // jsonrepair's look-ahead for a missing end quote can re-read a string that
  // holds a bracket (`["["]` → `["",[""]]`). When the text had one reading,
  // the repair must keep its brackets and its values, or it is refused.
  if (options.exactOnly && structureOf(repaired) !== structureOf(normalized.text)) return undefined;
  return repaired === text ? undefined : repaired;
}

/**
 * Brackets in order, and each scalar (string, number, literal, bare word) as
 * `v`, up to the close of the root (a stray closer after it is dropped).
 */
function structureOf(text: string): string {
  let shape = "";
  let depth = 0;
  for (let index = 0; index < text.length; ) {
    const token = tokenAt(text, index);
    index = token.end;
    if (token.kind === "open") {
      shape += text[token.start] === "{" ? "{" : "[";
      depth++;
    } else if (token.kind === "close") {
      shape += text[token.start] === "}" ? "}" : "]";
      if (--depth === 0) break;
    } else if (token.kind === "string" || token.kind === "word") shape += "v";
  }
  return shape;
}
