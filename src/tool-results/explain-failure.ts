/**
 * A short hint for a result whose tool rejected its arguments, computed from
 * the tool's declared schema and the failing call's arguments: the required
 * field that was not sent and the provided key nearest to it, the declared
 * parameter nearest to an unexpected key, the enum value nearest to the one
 * given, the expected type. Top-level properties only; nothing is said that
 * the schema, the arguments and the error do not support.
 */
import { isJsonObject, parseJsonObject, type JsonObject } from "../json.ts";
import { nearestName, showValue } from "../repair/describe-errors.ts";
import { editDistance } from "../repair/similarity.ts";
import { fieldMentions } from "./field-mentions.ts";

export interface FailedCall {
  readonly tool: string;
  /** The tool's declared parameters schema, if the request declared it. */
  readonly schema: unknown;
  /** The call's arguments as the model sent them (a JSON string, usually). */
  readonly arguments: unknown;
  /** The failure's text (classify-result's `errorText`). */
  readonly errorText: string;
}

/** Marks a hint in a result, so that a result already carrying one is not given a second. */
export const HINT_HEADER = "Hint from toolmend:";
const MAX_LINES = 5;

type Schema = JsonObject;

function parsedArguments(raw: unknown): JsonObject | undefined {
  if (isJsonObject(raw)) return raw;
  return typeof raw === "string" ? parseJsonObject(raw) : undefined;
}

function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function typeMatches(value: unknown, expected: unknown): boolean {
  const types = Array.isArray(expected) ? expected : [expected];
  if (!types.every((type) => typeof type === "string")) return true;
  const actual = jsonType(value);
  return types.some((type) => type === actual || (type === "number" && actual === "integer"));
}

function expectedType(property: unknown): string | undefined {
  if (!isJsonObject(property)) return undefined;
  const type = property.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type) && type.every((item) => typeof item === "string")) return type.join(" or ");
  return undefined;
}

/**
 * The allowed value nearest to `given`: the same but for case and spaces,
 * else the one closest by edit distance (2 for five letters or more, 1 from
 * three: `wirte` → `write`), when no other is as close.
 */
function nearestEnumValue(given: string, allowed: readonly string[]): string | undefined {
  const folded = given.trim().toLowerCase();
  const same = allowed.filter((value) => value.trim().toLowerCase() === folded);
  if (same.length === 1) return same[0];
  const max = folded.length >= 5 ? 2 : folded.length >= 3 ? 1 : 0;
  let best: string | undefined;
  let bestDistance = max + 1;
  let tie = false;
  for (const value of allowed) {
    const distance = editDistance(folded, value.toLowerCase(), max);
    if (distance < bestDistance) [best, bestDistance, tie] = [value, distance, false];
    else if (distance === bestDistance) tie = true;
  }
  return tie || bestDistance > max ? undefined : best;
}

function missingLines(call: FailedCall, properties: Schema, args: Record<string, unknown>, schema: Schema, used: Set<string>): string[] {
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === "string") : [];
  const declared = [...new Set([...Object.keys(properties), ...required])];
  const mentions = fieldMentions(call.errorText);
  const names = [...new Set([...required, ...mentions.missing])].filter((name) => !Object.hasOwn(args, name));
  const spare = Object.keys(args).filter((key) => !declared.includes(key));
  const lines: string[] = [];
  for (const name of names) {
    const near = nearestName(name, spare);
    // A name only the error mentions, with nothing sent that resembles it, may not be an argument at all.
    if (!declared.includes(name) && near === undefined) continue;
    const type = expectedType(properties[name]);
    const what = `\`${name}\`${type === undefined ? "" : ` (${type})`} is required but was not sent`;
    if (near === undefined) {
      lines.push(`${what}.`);
      continue;
    }
    used.add(near);
    lines.push(`${what}; you sent \`${near}\`: did you mean \`${name}\`?`);
  }
  return lines;
}

function unexpectedLines(call: FailedCall, properties: Schema, args: Record<string, unknown>, schema: Schema, used: Set<string>): string[] {
  const declared = Object.keys(properties);
  if (declared.length === 0) return [];
  const closed = schema.additionalProperties === false;
  const mentioned = new Set(fieldMentions(call.errorText).unexpected);
  const lines: string[] = [];
  for (const key of Object.keys(args)) {
    if (declared.includes(key) || used.has(key) || !(closed || mentioned.has(key))) continue;
    const near = nearestName(
      key,
      declared.filter((name) => !Object.hasOwn(args, name)),
    );
    lines.push(
      near === undefined
        ? `\`${key}\` is not a parameter of \`${call.tool}\` (its parameters: ${declared.slice(0, 12).map((name) => `\`${name}\``).join(", ")}).`
        : `\`${key}\` is not a parameter of \`${call.tool}\`: did you mean \`${near}\`?`,
    );
  }
  return lines;
}

function valueLines(properties: Schema, args: Record<string, unknown>): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(args)) {
    const property = properties[key];
    if (!isJsonObject(property)) continue;
    if (Array.isArray(property.enum) && !property.enum.some((member) => member === value)) {
      const allowed = property.enum.filter((member): member is string => typeof member === "string");
      const near = typeof value === "string" ? nearestEnumValue(value, allowed) : undefined;
      const listed = property.enum.slice(0, 10).map(showValue).join(", ") + (property.enum.length > 10 ? ", …" : "");
      lines.push(`\`${key}\` must be one of ${listed}; got ${showValue(value)}${near === undefined ? "" : `: did you mean ${showValue(near)}?`}`);
      continue;
    }
    const type = expectedType(property);
    if (type !== undefined && !typeMatches(value, property.type)) lines.push(`\`${key}\` must be ${type}; got ${showValue(value)}.`);
  }
  return lines;
}

/**
 * The hint for one failed call, or `undefined` when the schema and the
 * arguments give nothing certain to say (then the result is left as it is).
 */
export function explainFailure(call: FailedCall): string | undefined {
  if (call.errorText.includes(HINT_HEADER)) return undefined;
  const args = parsedArguments(call.arguments);
  const schema = isJsonObject(call.schema) ? call.schema : undefined;
  if (args === undefined || schema === undefined) return undefined;
  const properties = isJsonObject(schema.properties) ? schema.properties : {};
  const used = new Set<string>();
  const lines = [
    ...missingLines(call, properties, args, schema, used),
    ...unexpectedLines(call, properties, args, schema, used),
    ...valueLines(properties, args),
  ];
  if (lines.length === 0) return undefined;
  const shown = lines.slice(0, MAX_LINES).map((line) => `- ${line}`);
  if (lines.length > MAX_LINES) shown.push(`- and ${lines.length - MAX_LINES} more.`);
  return `${HINT_HEADER} the call to \`${call.tool}\` does not match its declared parameters.\n${shown.join("\n")}`;
}
