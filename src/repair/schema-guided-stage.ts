/**
 * The parse stage: when the argument text does not parse, or what the text
 * fixers made of it does not validate, the parse families read the original
 * text (its special tokens, fences and surrounding prose peeled off) with the
 * schema. Each reading the schema accepts, after the value fixers when it
 * needs them, is a candidate; `pickCandidate` decides among them.
 */
import { dropUnknownFields } from "./fixers/drop-unknown-fields.ts";
import { parseJson } from "../json.ts";
import { closeTruncated } from "./fixers/close-truncated.ts";
import { afterUndeclaredLabel, extractJsonObject } from "./fixers/extract-json-object.ts";
import { holdsNonFiniteNumber, lostStrings } from "./lost-strings.ts";
import type { ArgumentsCandidate } from "./parsers/candidates.ts";
import { parseSeveralObjects } from "./parsers/parse-several-objects.ts";
import { parseCallMarkup, readCallMarkup } from "./parsers/parse-call-markup.ts";
import { readArguments } from "./parsers/read-arguments.ts";
import { deepEqualJson } from "./schema-shape.ts";
import { swallowsMember } from "./swallowed-member.ts";
import type { Reading } from "./parsers/read-arguments.ts";
import { Trace, attempt } from "./trace.ts";
import type { ParserFamily, TextFixer, ToolCallInput, ValueFixer } from "./types.ts";
import type { CompiledSchema } from "./validate.ts";
import { errorsOf, fixValue, isValidArguments } from "./value-stage.ts";

/** Text fixers that take away what surrounds the arguments or only respell their quotes: the parsers read what is left. */
const PEELERS: ReadonlySet<string> = new Set(["strip-special-tokens", "normalize-fullwidth-punctuation", "quote-tokens", "strip-code-fences", "extract-json-object"]);

export interface GuidedStageInput {
  readonly call: ToolCallInput;
  readonly toolName: string;
  readonly compiled: CompiledSchema;
  readonly fixers: {
    readonly text: readonly TextFixer[];
    readonly parse: readonly ParserFamily[];
    readonly value: readonly ValueFixer[];
    readonly allowLossy: boolean;
  };
}

/** Every reading of `source` that validates, as a candidate; `trace` learns what was tried. */
export function guidedCandidates(source: string, input: GuidedStageInput, trace: Trace): ArgumentsCandidate[] {
  const { text: textFixers, parse } = input.fixers;
  if (parse.length === 0) return [];
  let text = source;
  const peeled: string[] = [];
  for (const fixer of textFixers) {
    if (!PEELERS.has(fixer.name)) continue;
    const next = attempt(() => fixer.fix(text, { finishReason: input.call.finishReason, schema: input.compiled.schema }));
    if (next === undefined || next === text) continue;
    text = next;
    peeled.push(fixer.name);
  }
  // `args: {…}`: a label no key of the root is named after, before the object; extract-json-object left it to the schema.
  const declared = new Set(Object.keys((input.compiled.schema as { properties?: object }).properties ?? {}));
  const unlabelled = textFixers.some((fixer) => fixer.name === extractJsonObject.name) ? afterUndeclaredLabel(text, declared) : undefined;
  if (unlabelled !== undefined) {
    const value = parseJson(unlabelled);
    // JSON once the label is off: that is the reading, no parse family needed.
    const candidate = value === undefined ? undefined : validated(source, { value, parsers: [extractJsonObject.name], lossy: false }, input, trace);
    if (candidate !== undefined) return [candidate];
    text = unlabelled;
    peeled.push(extractJsonObject.name);
  }
  for (const family of parse) trace.tried.add(family.name);
  const candidates: ArgumentsCandidate[] = [];
  // A number ending the text with no finish reason: taken as complete only where close-truncated may guess so.
  const numberEndGuess = textFixers.some((fixer) => fixer.name === closeTruncated.name) ? closeTruncated.name : undefined;
  let strayObject = false;
  // The model's whole call in its markup is read as written (the peelers would take the markup for tokens), and
  // checked for loss against the arguments its reading found: the markup around them is no content.
  const markup = parse.some((family) => family.name === parseCallMarkup.name) ? readCallMarkup(source, input.compiled.schema, input.toolName) : undefined;
  if (markup !== undefined) {
    const candidate = validated(JSON.stringify(markup), { value: markup, parsers: [parseCallMarkup.name], lossy: false }, input, trace);
    if (candidate !== undefined) candidates.push(candidate);
  }
  for (const reading of readArguments(text, input.compiled.schema, parse, input.call.finishReason, numberEndGuess, input.toolName)) {
    const candidate = validated(source, reading, input, trace);
    if (candidate !== undefined) candidates.push({ ...candidate, fixers: [...peeled, ...candidate.fixers] });
    else if (reading.parsers[0] === parseSeveralObjects.name) strayObject = true;
  }
  // An object of the row that does not validate is not junk to drop: it may hold what the model meant.
  return strayObject ? candidates.filter((candidate) => candidate.parser !== parseSeveralObjects.name) : withoutRivalObjects(candidates);
}

/**
 * Objects in a row that validate with different values are two sets of
 * arguments, and one call cannot say which was meant; none of them stands.
 * The lossless check cannot tell them apart: `{"city": "Paris"}` loses
 * nothing beside `{"city": "Paris, TX"}`, whose string holds `Paris`.
 */
function withoutRivalObjects(candidates: ArgumentsCandidate[]): ArgumentsCandidate[] {
  const objects = candidates.filter((candidate) => candidate.parser === parseSeveralObjects.name);
  if (objects.every((candidate) => deepEqualJson(candidate.value, objects[0]!.value))) return candidates;
  return candidates.filter((candidate) => candidate.parser !== parseSeveralObjects.name);
}

/**
 * A reading guessed where members start and end: an unknown key in it may be
 * a piece of a value or a member put in the wrong object (`{names: a, b: c}`,
 * an object closed early), so it is not dropped as an extra.
 */
function keepsMembers(fixer: ValueFixer): boolean {
  return fixer.name !== dropUnknownFields.name;
}

function validated(source: string, reading: Reading, input: GuidedStageInput, trace: Trace): ArgumentsCandidate | undefined {
  const base = { parser: reading.parsers[0]!, parsers: reading.parsers };
  const valid = isValidArguments(input.compiled, reading.value);
  if (valid === undefined) return undefined;
  const values = new Trace();
  values.truncated = trace.truncated;
  let value = reading.value;
  if (!valid) {
    const errors = errorsOf(input.compiled, reading.value);
    if (errors === undefined) return undefined;
    const fixed = fixValue(reading.value, errors, input.compiled, input.toolName, input.fixers.value.filter(keepsMembers), values);
    for (const name of values.tried) trace.tried.add(name);
    if (fixed === undefined || fixed === "unvalidated") return undefined;
    value = fixed.value;
  }
  if (swallowsMember(value, input.compiled.schema) || holdsNonFiniteNumber(value)) return undefined;
  const lost = lostStrings(source, value, values.excused, input.compiled.schema);
  return { ...base, value, fixers: [...reading.parsers, ...values.applied], lossy: reading.lossy || values.lossy || lost.length > 0, lost };
}
