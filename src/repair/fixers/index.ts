/**
 * The fixer registry: every fixer in its default order, and which run by
 * default. Within a stage the order is the order below; the stages
 * themselves always run name → arguments → text → value.
 */
import type { Fixer } from "../types.ts";
import { closeTruncated } from "./close-truncated.ts";
import { emptyToObject } from "./empty-to-object.ts";
import { extractJsonObject } from "./extract-json-object.ts";
import { matchNameByDistance } from "./match-name-by-distance.ts";
import { matchNameLoosely } from "./match-name-loosely.ts";
import { matchNamePart } from "./match-name-part.ts";
import { repairJsonHeuristics } from "./repair-json-heuristics.ts";
import { repairJsonSyntax } from "./repair-json-syntax.ts";
import { splitConcatenatedObjects } from "./split-concatenated-objects.ts";
import { stringifyObjectArguments } from "./stringify-object-arguments.ts";
import { stripCodeFences } from "./strip-code-fences.ts";
import { stripNameJunk } from "./strip-name-junk.ts";
import { stripNameNamespace } from "./strip-name-namespace.ts";
import { stripSpecialTokens } from "./strip-special-tokens.ts";
import { spacePieceMarkers } from "./space-piece-markers.ts";
import { normalizeFullwidthPunctuation } from "./normalize-fullwidth-punctuation.ts";
import { quoteTokens } from "./quote-tokens.ts";
import { undoubleBraces } from "./undouble-braces.ts";
import { unescapeJsonText } from "./unescape-json-text.ts";
import { unquoteSingleQuotedJson } from "./unquote-single-quoted-json.ts";
// Parse families: read the original text with the schema when the text fixers' result does not validate.
import { parserFamilies } from "../parsers/index.ts";
// Value fixers: schema-driven, run after validation fails.
import { coerceTypes } from "./coerce-types.ts";
import { decodeDoubleEncoded } from "./decode-double-encoded.ts";
import { dropEmptyOptionals } from "./drop-empty-optionals.ts";
import { dropUnknownFields } from "./drop-unknown-fields.ts";
import { fillConst } from "./fill-const.ts";
import { fillDefaults } from "./fill-defaults.ts";
import { normalizeEnum } from "./normalize-enum.ts";
import { renameFields } from "./rename-fields.ts";
import { renameFieldsByStyle } from "./rename-fields-by-style.ts";
import { stripValueTokens } from "./strip-value-tokens.ts";
import { unwrapEnvelope } from "./unwrap-envelope.ts";
import { nestFlatArguments } from "./nest-flat-arguments.ts";
import { nestDottedKeys } from "./nest-dotted-keys.ts";
import { splitLeakedMembers } from "./split-leaked-members.ts";

/** Every fixer, in the default order. */
export const allFixers: readonly Fixer[] = [
  // name: exact spelling variants first, the guess last
  matchNameLoosely,
  stripNameNamespace,
  stripNameJunk,
  matchNamePart,
  matchNameByDistance,
  // arguments that are not text yet
  stringifyObjectArguments,
  emptyToObject,
  // text: peel off what surrounds the object, then fix its syntax, then (a guess) close it
  stripSpecialTokens,
  spacePieceMarkers,
  normalizeFullwidthPunctuation,
  quoteTokens,
  stripCodeFences,
  splitConcatenatedObjects,
  extractJsonObject,
  undoubleBraces,
  unescapeJsonText,
  unquoteSingleQuotedJson,
  repairJsonSyntax,
  repairJsonHeuristics,
  closeTruncated,
  // parse: families of syntax the schema-guided parsers read (src/repair/parsers/)
  ...parserFamilies,
  // value: unwrap before coercing, rename before dropping what did not rename
  decodeDoubleEncoded,
  unwrapEnvelope,
  nestFlatArguments,
  nestDottedKeys,
  splitLeakedMembers,
  stripValueTokens,
  dropEmptyOptionals,
  coerceTypes,
  fillConst,
  normalizeEnum,
  renameFieldsByStyle,
  renameFields,
  dropUnknownFields,
  fillDefaults,
];

const byName = new Map<string, Fixer>(allFixers.map((fixer) => [fixer.name, fixer]));

/** Every fixer's name, in the default order (for config validation). */
export const fixerNames: readonly string[] = allFixers.map((fixer) => fixer.name);

/** The lossy fixers that run by default. */
const DEFAULT_LOSSY: ReadonlySet<string> = new Set([
  // Only when exactly one declared name fits; marked lossy.
  "match-name-part",
  "normalize-enum",
  "rename-fields",
  "drop-unknown-fields",
  // Closes only after a complete value and never a cut string; its result is
  // marked lossy, so a tool configured with `allowLossy: false` still escalates.
  "close-truncated",
  // A `default` is the schema author's own answer for the value left out;
  // never after a cut or beside a key nothing matched, and marked lossy.
  "fill-defaults",
  // Each only when it is the one reading the schema accepts.
  "parse-several-objects",
  "parse-bare-value",
  // Only where neither a key nor a value can be, and never over a reading that keeps the words.
  "parse-stray-words",
]);

/**
 * What runs when nothing is configured: every lossless fixer, plus the
 * guesses that are right far more often than not. Off:
 * `repair-json-heuristics` (jsonrepair's guesses where text has several
 * readings) and `match-name-by-distance` (a misspelt name may be another tool).
 */
export const defaultFixerNames: readonly string[] = allFixers
  .filter((fixer) => fixer.class === "lossless" || DEFAULT_LOSSY.has(fixer.name))
  .map((fixer) => fixer.name);

/** The fixer called `name`, or `undefined`. */
export function fixerByName(name: string): Fixer | undefined {
  return byName.get(name);
}
