// {"contents":"x"} → {"content":"x"}; {"desciption":"d"} → {"description":"d"}; {"cmd":"ls"} → {"command":"ls"}: unknown key to the one absent declared key it resembles (never {"context":"x"} → content: another word)
import type { SchemaError, ValueFixer } from "../types.ts";
import { isJsonObject } from "../../json.ts";
import { defineOwn, getPointer, ownValue, setPointer } from "../json-pointer.ts";
import type { JsonObject } from "../../json.ts";
import { editAtErrors } from "../edit-at-errors.ts";
import { declaredProperties, declaredTypes, jsonTypeOf, typeAdmits } from "../schema-shape.ts";
import { editDistance, foldIdentifier, isPlural, mayName, wordsOf } from "../similarity.ts";

/** Pairing is quadratic: past these counts an object is not a misspelt call but a payload. */
const MAX_KEYS = 64;
const MAX_KEY_LENGTH = 128;

/**
 * One letter changed in a word of seven letters or fewer is as often another word as a typo ("date"/"data",
 * "mode"/"node", "batch"/"patch", "content"/"context"): a typo is only read in longer words ("desciption"),
 * two of them only in words of twelve letters or more. The declared word says how long the word is: a letter
 * left out of `customer` (`custmer`) is a typo in a word of eight letters.
 */
function isTypo(written: string, declared: string): boolean {
  const allowed = declared.length < 8 ? 0 : declared.length < 12 ? 1 : 2;
  return allowed > 0 && editDistance(written, declared, allowed) <= allowed;
}

/**
 * A word and its usual short form: cut after at least three letters (`desc`, `dir`, `repo`), or its first
 * letter and consonants in order (`cmd`, `msg`, `src`). A short form of one letter or two is too many words'.
 */
function isShortForm(short: string, word: string): boolean {
  if (short.length < 3 || word.length < short.length + 2 || short[0] !== word[0]) return false;
  if (word.startsWith(short)) return true;
  if (!/^[a-z]+$/.test(short) || /[aeiouy]/.test(short.slice(1))) return false;
  let at = 1;
  for (const letter of short.slice(1)) {
    at = word.indexOf(letter, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

/**
 * How closely two names match; lower is closer, `undefined` is no match.
 * 0 is the same name in another spelling style (case, snake/camel/kebab):
 * the only level that is not a guess. A word added or left out is another
 * name, never a match: `file_path` is not `path`, `user_name` not `name`.
 */
export function matchLevel(unknownKey: string, declaredKey: string): number | undefined {
  const a = foldIdentifier(unknownKey);
  const b = foldIdentifier(declaredKey);
  if (a === "" || b === "") return undefined;
  if (a === b) return 0;
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (isPlural(shorter, longer)) return 1;
  const wordsA = wordsOf(unknownKey);
  const wordsB = wordsOf(declaredKey);
  // A typo stays inside one word; the other words must match exactly.
  if (wordsA.length === wordsB.length) {
    const differing = wordsA.flatMap((word, index) => (word === wordsB[index] ? [] : [[word, wordsB[index]!] as const]));
    if (differing.length === 1 && isTypo(differing[0]![0], differing[0]![1])) return 2;
    // One word written short (`cmd` for `command`, `src_dir` for `src_directory`), either way round.
    if (differing.length === 1 && (isShortForm(differing[0]![0], differing[0]![1]) || isShortForm(differing[0]![1], differing[0]![0]))) return 3;
  }
  return undefined;
}

/** The closest candidates of `key`: those at the best level found, with that level. */
function closest(key: string, candidates: readonly string[], level: (key: string, candidate: string) => number | undefined) {
  let best = Number.POSITIVE_INFINITY;
  let found: string[] = [];
  for (const candidate of candidates) {
    const current = level(key, candidate);
    if (current === undefined || current > best) continue;
    if (current < best) [best, found] = [current, []];
    found.push(candidate);
  }
  return { level: best, found };
}

/** A renamed value must at least have a type the target property accepts. */
function typeFits(propertySchema: unknown, value: unknown): boolean {
  const types = declaredTypes(propertySchema);
  const actual = jsonTypeOf(value);
  return types === undefined || (actual !== undefined && types.some((type) => typeAdmits(type, actual)));
}

/**
 * A plural's value as one item, or a one-item list for a singular: `{"query": "x"}` for a list `queries`,
 * `{"urls": ["a"]}` for a string `url`. The count is in the key as much as in the value, so the item fits
 * once wrapped or unwrapped (coerce-types does that, exactly).
 */
function itemFits(propertySchema: unknown, value: unknown): boolean {
  const types = declaredTypes(propertySchema);
  if (types === undefined) return false;
  if (types.every((type) => type === "array")) {
    return jsonTypeOf(value) !== "array" && jsonTypeOf(value) !== "object" && typeFits(ownValue(propertySchema, "items"), value);
  }
  return Array.isArray(value) && value.length === 1 && !types.includes("array") && typeFits(propertySchema, value[0]);
}

/** How a renamer pairs keys: its match levels, and whether it may rename where unknown keys are allowed. */
export interface RenamePolicy {
  readonly level: (unknownKey: string, declaredKey: string) => number | undefined;
  /** Rename to any absent declared key, even where the schema allows unknown keys (not only to a missing required one). */
  readonly anyAbsentKey: boolean;
  /** Also read several keys each one letter off their own declared key (see `slipsInObject`): a guess. */
  readonly slips?: true;
}

/** Renames in one object; `undefined` when no pairing is unique both ways. */
export function renameIn(target: JsonObject, schema: unknown, errorsHere: readonly SchemaError[], policy: RenamePolicy): JsonObject | undefined {
  const declared = declaredProperties(schema);
  if (declared === undefined || ownValue(schema, "patternProperties") !== undefined) return undefined;
  const keys = Object.keys(target);
  // A key the schema requires is known even when `properties` does not list it: never rename it away.
  const requiredList = ownValue(schema, "required");
  const required = new Set(Array.isArray(requiredList) ? requiredList.filter((key) => typeof key === "string") : []);
  const unknownKeys = keys.filter((key) => !Object.hasOwn(declared, key) && !required.has(key) && key.length <= MAX_KEY_LENGTH);
  const rejectsUnknown = errorsHere.some((error) => error.keyword === "additionalProperties" || error.keyword === "unevaluatedProperties");
  // Where unknown keys are allowed, a guess is only worth making to supply a missing required key.
  const absent =
    rejectsUnknown || policy.anyAbsentKey
      ? Object.keys(declared).filter((key) => !Object.hasOwn(target, key))
      : errorsHere.flatMap((error) => {
          const missing = error.keyword === "required" ? ownValue(error.params, "missingProperty") : undefined;
          return typeof missing === "string" && !Object.hasOwn(target, missing) ? [missing] : [];
        });
  if (unknownKeys.length === 0 || absent.length === 0 || keys.length > MAX_KEYS || absent.length > MAX_KEYS) return undefined;

  const renames = new Map<string, string>();
  for (const unknownKey of unknownKeys) {
    const forward = closest(unknownKey, absent, policy.level);
    if (forward.found.length !== 1) continue;
    const declaredKey = forward.found[0]!;
    const backward = closest(declaredKey, unknownKeys, (key, candidate) => policy.level(candidate, key));
    if (backward.found.length !== 1 || backward.found[0] !== unknownKey) continue;
    // A guess must be the only absent key the unknown one may name: `names` is `name` plural, and a word of `contents_names`.
    if (forward.level > 0 && Object.keys(declared).some((key) => key !== declaredKey && !Object.hasOwn(target, key) && mayName(unknownKey, key))) continue;
    // The same name in another style is the key the model meant, whatever its value; a guess must at least fit.
    const fits = typeFits(declared[declaredKey], target[unknownKey]) || (forward.level === 1 && itemFits(declared[declaredKey], target[unknownKey]));
    if (forward.level === 0 || fits) renames.set(unknownKey, declaredKey);
  }
  if (policy.slips === true) for (const [unknownKey, declaredKey] of slipsInObject(target, declared, unknownKeys, absent, renames) ?? []) renames.set(unknownKey, declaredKey);
  if (renames.size === 0) return undefined;
  // Rebuilt in the original key order; a target key is absent by construction, so nothing is overwritten.
  const renamed: JsonObject = {};
  for (const key of keys) defineOwn(renamed, renames.get(key) ?? key, target[key]);
  return renamed;
}

/** Short keys are folded to at least this many letters before a slip in one is read (`ag` is too many keys' start). */
const MIN_SLIP_LENGTH = 3;

/**
 * Several keys each one letter off their own declared key (`{"nam": …, "agge": …, "emal": …}` for `name`,
 * `age` and `email`). One such key alone may be another word (`data` is not `date`), but an object whose every
 * unknown key pairs off, one to one, with an absent declared key (by a rule above, or one letter added, left
 * out or changed) is the schema's object with its keys misspelt. All or nothing: an unknown key that pairs with
 * no absent key, or with two, or a declared key within two edits of a slip besides its own, and nothing is
 * read so; nor where a value does not fit its key. In an open object at least one of them must supply a
 * missing required key (`needed`): else the keys are extras it allows.
 */
function slipsInObject(
  target: JsonObject,
  declared: JsonObject,
  unknownKeys: readonly string[],
  needed: readonly string[],
  renames: ReadonlyMap<string, string>,
): Map<string, string> | undefined {
  if (unknownKeys.length < 2) return undefined;
  const taken = new Set(renames.values());
  // Any absent declared key may be a slip's, in an open object too, once one of them supplies a key it needs (`needed`).
  const open = Object.keys(declared).filter((key) => !Object.hasOwn(target, key) && !taken.has(key));
  const slips = new Map<string, string>();
  for (const unknownKey of unknownKeys) {
    if (renames.has(unknownKey)) continue;
    const folded = foldIdentifier(unknownKey);
    if (folded.length < MIN_SLIP_LENGTH) return undefined;
    const near = Object.keys(declared).filter((key) => editDistance(folded, foldIdentifier(key), 2) <= 2);
    const partner = near.length === 1 ? near[0]! : undefined;
    if (partner === undefined || !open.includes(partner) || editDistance(folded, foldIdentifier(partner), 1) !== 1) return undefined;
    // The slip must name its key only: `stat` is `state`, and a word of `status` too.
    if (open.some((key) => key !== partner && mayName(unknownKey, key))) return undefined;
    if (!typeFits(declared[partner], target[unknownKey]) || [...slips.values()].includes(partner)) return undefined;
    slips.set(unknownKey, partner);
  }
  return [...slips.values(), ...renames.values()].some((key) => needed.includes(key)) ? slips : undefined;
}

/**
 * Renames keys, with `policy` (or the policy for the object's path), in every object the schema errors point at
 * (never inside anyOf/oneOf, unless the value's type chose the branch: `root` reads a branch that is a `$ref`).
 */
export function renameKeys(
  value: unknown,
  errors: readonly SchemaError[],
  policy: RenamePolicy | ((instancePath: string) => RenamePolicy),
  root?: unknown,
): unknown {
  const policyAt = typeof policy === "function" ? policy : () => policy;
  const visited = new Set<string>();
  return editAtErrors(value, errors, {
    root,
    handles: (error) => error.keyword === "additionalProperties" || error.keyword === "unevaluatedProperties" || error.keyword === "required",
    edit(current, error) {
      // One look per object: its errors are read together.
      if (visited.has(error.instancePath)) return undefined;
      visited.add(error.instancePath);
      const target = getPointer(current, error.instancePath);
      if (!isJsonObject(target)) return undefined;
      const errorsHere = errors.filter((other) => other.instancePath === error.instancePath && other.parentSchema === error.parentSchema);
      const renamed = renameIn(target, error.parentSchema, errorsHere, policyAt(error.instancePath));
      return renamed === undefined ? undefined : setPointer(current, error.instancePath, renamed);
    },
  });
}

const guessPolicy: RenamePolicy = { level: matchLevel, anyAbsentKey: false, slips: true };

export const renameFields: ValueFixer = {
  name: "rename-fields",
  purpose: "Rename an unknown key to the one absent declared key it resembles (plural, also with one item for a list, typo within a word of eight letters or more, a word's short form such as `cmd`; short keys one letter off when every unknown key of the object pairs so); a word more or less is another name.",
  class: "lossy",
  stage: "value",
  fix(value, { errors, schema }) {
    return renameKeys(value, errors, guessPolicy, schema);
  },
};
