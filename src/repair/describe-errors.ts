/**
 * Turns what went wrong into values a human and a model can act on: ajv's
 * errors become `SchemaIssue`s ("`/limit`: expected integer, got \"ten\""),
 * and each error kind gets a message written to be read back to the model as
 * a tool result, with a suggestion when one is unambiguous.
 */
import { isJsonObject } from "../json.ts";
import { editDistance, foldIdentifier, mayName, uniqueMatch } from "./similarity.ts";
import type { SchemaError, SchemaIssue, Severity, ToolCallError } from "./types.ts";

/** Issues listed in a message; the rest are summarised as a count. */
const MAX_LISTED_ISSUES = 12;
/** Declared tool names listed in an unknown-tool message. */
const MAX_LISTED_TOOLS = 32;
const MAX_SHOWN_VALUE = 60;

export const defaultSeverities = {
  unknown_tool: "MEDIUM",
  invalid_args: "MEDIUM",
  invalid_args_truncated: "HIGH",
  schema_mismatch: "MEDIUM",
} as const satisfies Record<string, Severity>;

/** A JSON value shortened for a message: `"ten"`, `{"a":1,…`. */
export function showValue(value: unknown): string {
  if (value === undefined) return "nothing";
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_SHOWN_VALUE ? `${text.slice(0, MAX_SHOWN_VALUE - 1)}…` : text;
}

function appendPointer(pointer: string, key: string): string {
  return `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
}

/**
 * The unique candidate closest to `target`: same name once case and
 * separators are ignored, else edit distance ≤ 2 (less for short names),
 * else one name containing the other. `undefined` when nothing is close or
 * two are equally close.
 */
export function nearestName(target: string, candidates: Iterable<string>, maxDistance = 2): string | undefined {
  const folded = foldIdentifier(target);
  let best: string | undefined;
  let bestScore = Number.POSITIVE_INFINITY;
  let tie = false;
  for (const candidate of candidates) {
    if (candidate === target) continue;
    const other = foldIdentifier(candidate);
    // Two edits turn `id` into anything: short names get fewer (a third of their length).
    const allowed = Math.min(maxDistance, Math.floor(Math.min(folded.length, other.length) / 3));
    let score = editDistance(folded, other, allowed);
    if (score > allowed) {
      const shorter = folded.length <= other.length ? folded : other;
      const longer = shorter === folded ? other : folded;
      // A substring of three characters or fewer matches too much to mean anything.
      if (shorter.length < 4 || !longer.includes(shorter)) continue;
      score = maxDistance + 0.5;
    }
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
      tie = false;
    } else if (score === bestScore) {
      tie = true;
    }
  }
  return tie ? undefined : best;
}

function objectKeys(value: unknown): string[] {
  return isJsonObject(value) ? Object.keys(value) : [];
}

function declaredPropertyNames(schema: unknown): string[] {
  if (typeof schema !== "object" || schema === null) return [];
  return objectKeys((schema as Record<string, unknown>)["properties"]);
}

function typeNames(type: unknown): string {
  return Array.isArray(type) ? type.join(" or ") : String(type);
}

function describeOne(error: SchemaError): SchemaIssue {
  const pointer = error.instancePath;
  const params = error.params as Record<string, unknown>;
  const got = `got ${showValue(error.data)}`;
  switch (error.keyword) {
    case "type":
      return { pointer, keyword: "type", message: `expected ${typeNames(params["type"])}, ${got}` };
    case "required": {
      const missing = String(params["missingProperty"]);
      const declared = new Set(declaredPropertyNames(error.parentSchema));
      const provided = objectKeys(error.data).filter((key) => !declared.has(key));
      const near = nearestName(missing, provided);
      return {
        pointer: appendPointer(pointer, missing),
        keyword: "required",
        message: "required property is missing",
        ...(near === undefined ? {} : { suggestion: `you sent \`${near}\`; did you mean \`${missing}\`?` }),
      };
    }
    case "additionalProperties": {
      const extra = String(params["additionalProperty"]);
      const present = new Set(objectKeys(error.data));
      const absent = declaredPropertyNames(error.parentSchema).filter((name) => !present.has(name));
      // The one absent property the key may name (`liimt`, `contents` for `limit_contents`) when no name is nearest.
      const near = nearestName(extra, absent) ?? uniqueMatch(absent, (name) => mayName(extra, name));
      return {
        pointer: appendPointer(pointer, extra),
        keyword: "additionalProperties",
        message: "unknown property: the schema allows no other properties",
        ...(near === undefined ? {} : { suggestion: `did you mean \`${near}\`?` }),
      };
    }
    case "enum": {
      const allowed = Array.isArray(params["allowedValues"]) ? (params["allowedValues"] as unknown[]) : [];
      const listed = allowed.slice(0, 10).map(showValue).join(", ") + (allowed.length > 10 ? ", …" : "");
      const data = error.data;
      const near =
        typeof data === "string"
          ? allowed.filter((member) => typeof member === "string" && member.trim().toLowerCase() === data.trim().toLowerCase())
          : [];
      return {
        pointer,
        keyword: "enum",
        message: `expected one of ${listed}, ${got}`,
        ...(near.length === 1 ? { suggestion: `did you mean ${showValue(near[0])}?` } : {}),
      };
    }
    case "const":
      return { pointer, keyword: "const", message: `expected ${showValue(params["allowedValue"])}, ${got}` };
    case "format":
      return { pointer, keyword: "format", message: `expected a string in format "${String(params["format"])}", ${got}` };
    case "anyOf":
      return { pointer, keyword: "anyOf", message: `matches none of the allowed shapes, ${got}` };
    case "oneOf":
      return {
        pointer,
        keyword: "oneOf",
        message:
          params["passingSchemas"] === null || params["passingSchemas"] === undefined
            ? `matches none of the allowed shapes, ${got}`
            : `matches more than one of the allowed shapes, ${got}`,
      };
    default:
      return { pointer, keyword: error.keyword, message: `${error.message ?? "is invalid"}, ${got}` };
  }
}

/** ajv errors as issues, duplicates (from `anyOf` branches) removed. */
export function describeSchemaErrors(errors: readonly SchemaError[]): SchemaIssue[] {
  const seen = new Set<string>();
  const issues: SchemaIssue[] = [];
  for (const error of errors) {
    const issue = describeOne(error);
    const identity = `${issue.pointer}\u0000${issue.keyword}\u0000${issue.message}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    issues.push(issue);
  }
  return issues;
}

/** "`/limit`: expected integer, got \"ten\" (did you mean …?)" */
export function formatIssue(issue: SchemaIssue): string {
  const where = issue.pointer === "" ? "the arguments" : `\`${issue.pointer}\``;
  return `${where}: ${issue.message}${issue.suggestion === undefined ? "" : ` (${issue.suggestion})`}`;
}

export function schemaMismatchError(tool: string, errors: readonly SchemaError[]): ToolCallError {
  return mismatchError(tool, describeSchemaErrors(errors));
}

/** A call valid as sent whose keys spell declared ones in another style: what the tool would not have read. */
export function styleMismatchError(tool: string, renames: readonly { pointer: string; from: string; to: string }[]): ToolCallError {
  return mismatchError(
    tool,
    renames.map(({ pointer, to }) => ({
      pointer,
      keyword: "properties",
      message: "undeclared property: the tool reads a declared one spelt in another style",
      suggestion: `did you mean \`${to}\`?`,
    })),
  );
}

/** Strings sent between Gemma's quote tokens inside their JSON quotes: the tool would have read the tokens as text. */
export function tokenQuotedError(tool: string, pointers: readonly string[]): ToolCallError {
  return mismatchError(
    tool,
    pointers.map((pointer) => ({ pointer, keyword: "type", message: "a string wrapped in quote tokens (`<|\"|>`) inside its JSON quotes: write the value alone" })),
  );
}

function mismatchError(tool: string, issues: SchemaIssue[]): ToolCallError {
  const listed = issues.slice(0, MAX_LISTED_ISSUES).map((issue) => `- ${formatIssue(issue)}`);
  if (issues.length > MAX_LISTED_ISSUES) listed.push(`- and ${issues.length - MAX_LISTED_ISSUES} more`);
  return {
    kind: "schema_mismatch",
    tool,
    severity: defaultSeverities.schema_mismatch,
    errors: issues,
    message: `The arguments for \`${tool}\` do not match its parameters schema:\n${listed.join("\n")}`,
  };
}

export function unknownToolError(emitted: string, toolNames: readonly string[]): ToolCallError {
  const near = nearestName(emitted, toolNames, 3);
  const listed = toolNames.slice(0, MAX_LISTED_TOOLS).map((name) => `\`${name}\``);
  if (toolNames.length > MAX_LISTED_TOOLS) listed.push(`and ${toolNames.length - MAX_LISTED_TOOLS} more`);
  const available = toolNames.length === 0 ? "No tools are available." : `Available tools: ${listed.join(", ")}.`;
  return {
    kind: "unknown_tool",
    tool: emitted,
    severity: defaultSeverities.unknown_tool,
    candidates: near === undefined ? [] : [near],
    message: `There is no tool named \`${showName(emitted)}\`. ${available}${near === undefined ? "" : ` Did you mean \`${near}\`?`}`,
  };
}

function showName(name: string): string {
  return name.length > MAX_SHOWN_VALUE ? `${name.slice(0, MAX_SHOWN_VALUE - 1)}…` : name;
}

export function invalidArgumentsError(tool: string, detail: string, truncated: boolean): ToolCallError {
  const message = truncated
    ? `The arguments for \`${tool}\` were cut off before the JSON object was complete (${detail}). Send the call again with the complete arguments.`
    : `The arguments for \`${tool}\` are not valid JSON (${detail}). Send them as a single JSON object that matches the tool's parameters.`;
  return {
    kind: "invalid_args",
    tool,
    severity: truncated ? defaultSeverities.invalid_args_truncated : defaultSeverities.invalid_args,
    detail,
    truncated,
    message,
  };
}
