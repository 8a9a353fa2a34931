// {"unit":" Celsius "} → {"unit":"celsius"}; {"status":"in progress"} → {"status":"in_progress"}: only when one member matches
import type { SchemaError, ValueFixer } from "../types.ts";
import { getPointer, hasPointer, ownValue, setPointer } from "../json-pointer.ts";
import { editAtErrors } from "../edit-at-errors.ts";
import { alternativeBranches, isAlternativeError, soleBranchByType } from "../schema-shape.ts";

/** Enum values are short; a long string is prose, not a misspelt member. */
const MAX_ENUM_TEXT = 256;

/** Successively looser spellings: as written but trimmed, then case-blind, then separator-blind. */
const SPELLINGS: readonly ((text: string) => string)[] = [
  (text) => text.trim(),
  (text) => text.trim().toLowerCase(),
  (text) => text.toLowerCase().replace(/[\s_-]+/g, ""),
];

/** The one member `text` spells, at the strictest spelling that finds any; `undefined` when none or several. */
export function matchEnumMember(text: string, members: readonly unknown[]): string | undefined {
  if (text.length > MAX_ENUM_TEXT) return undefined;
  const strings = members.filter((member): member is string => typeof member === "string");
  for (const spell of SPELLINGS) {
    const wanted = spell(text);
    if (wanted === "") return undefined;
    const matches = strings.filter((member) => spell(member) === wanted);
    if (matches.length === 1) return matches[0];
    if (matches.length > 1) return undefined;
  }
  return undefined;
}

/** The members allowed at the error's instance, when the error pins them down. */
function allowedMembers(error: SchemaError, value: unknown, root: unknown): readonly unknown[] | undefined {
  if (error.keyword === "enum") {
    const allowed = ownValue(error.params, "allowedValues");
    return Array.isArray(allowed) ? allowed : undefined;
  }
  if (error.keyword === "const") return [ownValue(error.params, "allowedValue")];
  if (isAlternativeError(error)) {
    // `anyOf: [{enum: […]}, {type: "null"}]`, OpenAI strict's optional enum: the string can only mean the enum branch.
    const branches = alternativeBranches(error, root);
    const branch = branches === undefined ? undefined : soleBranchByType(branches, value);
    if (branch === undefined) return undefined;
    if (Object.hasOwn(branch, "const")) return [branch["const"]];
    const allowed = ownValue(branch, "enum");
    return Array.isArray(allowed) ? allowed : undefined;
  }
  return undefined;
}

export const normalizeEnum: ValueFixer = {
  name: "normalize-enum",
  purpose: "Map an enum value in the wrong case, spacing or separators to the one member it spells.",
  class: "lossy",
  stage: "value",
  fix(value, { errors, schema }) {
    return editAtErrors(value, errors, {
      root: schema,
      handles: (error) => error.keyword === "enum" || error.keyword === "const" || isAlternativeError(error),
      edit(current, error) {
        if (!hasPointer(current, error.instancePath)) return undefined;
        const present = getPointer(current, error.instancePath);
        if (typeof present !== "string") return undefined;
        const members = allowedMembers(error, present, schema);
        if (members === undefined || members.includes(present)) return undefined;
        const member = matchEnumMember(present, members);
        return member === undefined ? undefined : setPointer(current, error.instancePath, member);
      },
    });
  },
};
