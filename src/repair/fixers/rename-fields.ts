// {"filePath":"a.txt"} → {"file_path":"a.txt"}; {"contents":"x"} → {"content":"x"}: unknown key to the one absent declared key it spells
import type { SchemaError, ValueFixer } from "../types.ts";
import { isJsonObject } from "../../json.ts";
import { defineOwn, getPointer, ownValue, setPointer } from "../json-pointer.ts";
import { type JsonObject } from "../../json.ts";
import { declaredProperties, declaredTypes, isInsideAlternative, jsonTypeOf, typeAdmits } from "../schema-shape.ts";
import { editDistance, foldIdentifier } from "../similarity.ts";

/** Pairing is quadratic: past these counts an object is not a misspelt call but a payload. */
const MAX_KEYS = 64;
const MAX_KEY_LENGTH = 128;

/** How closely two folded names match; lower is closer, `undefined` is no match. */
function matchLevel(unknownKey: string, declaredKey: string): number | undefined {
  const a = foldIdentifier(unknownKey);
  const b = foldIdentifier(declaredKey);
  if (a === "" || b === "") return undefined;
  if (a === b) return 0; // case, snake/camel/kebab
  const [shorter, longer] = a.length <= b.length ? [a, b] : [b, a];
  if (longer === `${shorter}s` || longer === `${shorter}es` || (shorter.endsWith("y") && longer === `${shorter.slice(0, -1)}ies`)) {
    return 1; // plural and singular
  }
  // One typo in a short name is already a different word ("tag"/"tab"); allow more only as names grow.
  const allowed = shorter.length < 4 ? 0 : shorter.length < 8 ? 1 : 2;
  if (allowed > 0 && editDistance(a, b, allowed) <= allowed) return 2;
  if (shorter.length >= 4 && longer.includes(shorter)) return 3; // "path" for "file_path"
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

/** Renames in one object; `undefined` when no pairing is unique both ways. */
function renameIn(target: JsonObject, schema: unknown, errorsHere: readonly SchemaError[]): JsonObject | undefined {
  const declared = declaredProperties(schema);
  if (declared === undefined || ownValue(schema, "patternProperties") !== undefined) return undefined;
  const keys = Object.keys(target);
  // A key the schema requires is known even when `properties` does not list it: never rename it away.
  const requiredList = ownValue(schema, "required");
  const required = new Set(Array.isArray(requiredList) ? requiredList.filter((key) => typeof key === "string") : []);
  const unknownKeys = keys.filter((key) => !Object.hasOwn(declared, key) && !required.has(key) && key.length <= MAX_KEY_LENGTH);
  const rejectsUnknown = errorsHere.some((error) => error.keyword === "additionalProperties" || error.keyword === "unevaluatedProperties");
  // Where unknown keys are allowed, a rename is only worth making to supply a missing required key.
  const absent = rejectsUnknown
    ? Object.keys(declared).filter((key) => !Object.hasOwn(target, key))
    : errorsHere.flatMap((error) => {
        const missing = error.keyword === "required" ? ownValue(error.params, "missingProperty") : undefined;
        return typeof missing === "string" && !Object.hasOwn(target, missing) ? [missing] : [];
      });
  if (unknownKeys.length === 0 || absent.length === 0 || keys.length > MAX_KEYS || absent.length > MAX_KEYS) return undefined;

  const renames = new Map<string, string>();
  for (const unknownKey of unknownKeys) {
    const forward = closest(unknownKey, absent, matchLevel);
    if (forward.found.length !== 1) continue;
    const declaredKey = forward.found[0]!;
    const backward = closest(declaredKey, unknownKeys, (key, candidate) => matchLevel(candidate, key));
    if (backward.found.length !== 1 || backward.found[0] !== unknownKey) continue;
    if (typeFits(declared[declaredKey], target[unknownKey])) renames.set(unknownKey, declaredKey);
  }
  if (renames.size === 0) return undefined;
  // Rebuilt in the original key order; a target key is absent by construction, so nothing is overwritten.
  const renamed: JsonObject = {};
  for (const key of keys) defineOwn(renamed, renames.get(key) ?? key, target[key]);
  return renamed;
}

export const renameFields: ValueFixer = {
  name: "rename-fields",
  purpose: "Rename an unknown key to the one absent declared key it resembles (case, plural, typo, substring).",
  class: "lossy",
  stage: "value",
  fix(value, { errors }) {
    let current = value;
    let changed = false;
    const visited = new Set<string>();
    for (const error of errors) {
      if (error.keyword !== "additionalProperties" && error.keyword !== "unevaluatedProperties" && error.keyword !== "required") continue;
      if (visited.has(error.instancePath) || isInsideAlternative(error, errors)) continue;
      visited.add(error.instancePath);
      const target = getPointer(current, error.instancePath);
      if (!isJsonObject(target)) continue;
      const errorsHere = errors.filter((other) => other.instancePath === error.instancePath && other.parentSchema === error.parentSchema);
      const renamed = renameIn(target, error.parentSchema, errorsHere);
      if (renamed === undefined) continue;
      const next = setPointer(current, error.instancePath, renamed);
      if (next === undefined) continue;
      current = next;
      changed = true;
    }
    return changed ? current : undefined;
  },
};
