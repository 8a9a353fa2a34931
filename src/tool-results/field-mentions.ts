/**
 * The argument names an error message talks about: which were missing and
 * which were not expected, in the wording of the validators the table
 * knows (result-patterns.ts). Only top-level names are kept: a hint about
 * `a.b.c` would need the nested schema, and a wrong hint is worse than none.
 */
import { isJsonObject } from "../json.ts";

export interface FieldMentions {
  readonly missing: readonly string[];
  readonly unexpected: readonly string[];
}

const NAME = String.raw`[A-Za-z_$][\w$-]{0,99}`;

/** Expressions whose first group is a name, or a list of quoted names. */
const missingPatterns: readonly RegExp[] = [
  new RegExp(String.raw`'(${NAME})' is a required property`, "g"), // python-jsonschema
  new RegExp(String.raw`must have required property '(${NAME})'`, "g"), // ajv
  new RegExp(String.raw`missing field \`(${NAME})\``, "g"), // serde
  new RegExp(String.raw`^ ?(${NAME})\n {2}Field required`, "gm"), // pydantic 2
  new RegExp(String.raw`^ ?(${NAME})\n {2}field required \(type=value_error\.missing\)`, "gm"), // pydantic 1
  new RegExp(String.raw`^ ?(${NAME}): Field required$`, "gm"), // LangGraph ToolInvocationError
  new RegExp(String.raw`received undefined\n {2}→ at (${NAME})$`, "gm"), // zod 4 prettifyError
  new RegExp(String.raw`Missing required (?:parameter|argument|field|property):? ['"\`]?(${NAME})`, "gi"),
  new RegExp(String.raw`['"\`](${NAME})['"\`] is required\b`, "g"),
  new RegExp(String.raw`(?:^|[\s:"'])(${NAME}) is required\b`, "gm"),
  new RegExp(String.raw`required (?:positional|keyword-only) arguments?: ((?:'${NAME}'(?:, | and |, and )?){1,20})`, "g"), // CPython
];

const unexpectedPatterns: readonly RegExp[] = [
  new RegExp(String.raw`got an unexpected keyword argument '(${NAME})'`, "g"), // CPython
  new RegExp(String.raw`unknown field \`(${NAME})\``, "g"), // serde
  new RegExp(String.raw`^ ?(${NAME})\n {2}Extra inputs are not permitted`, "gm"), // pydantic 2
  new RegExp(String.raw`Additional properties are not allowed \(((?:'${NAME}'(?:, )?){1,20}) (?:was|were) unexpected\)`, "g"), // jsonschema
  new RegExp(String.raw`Unrecognized keys?: ((?:"${NAME}"(?:, )?){1,20})`, "g"), // zod 4
];

const quoted = new RegExp(String.raw`['"](${NAME})['"]`, "g");

function collect(text: string, patterns: readonly RegExp[], into: Set<string>): void {
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const captured = match[1]!;
      const names = /['"]/.test(captured) ? [...captured.matchAll(quoted)].map((inner) => inner[1]!) : [captured];
      for (const name of names) into.add(name);
    }
  }
}

/** zod 3 and 4 issue lists, as JSON: a missing value is an `invalid_type` whose input was undefined. */
function collectZodIssues(text: string, missing: Set<string>, unexpected: Set<string>): void {
  const trimmed = text.trim();
  if (!trimmed.startsWith("[")) return;
  let issues: unknown;
  try {
    issues = JSON.parse(trimmed);
  } catch {
    return;
  }
  if (!Array.isArray(issues)) return;
  for (const issue of issues) {
    if (!isJsonObject(issue) || !Array.isArray(issue.path)) continue;
    const message = typeof issue.message === "string" ? issue.message : "";
    if (issue.code === "invalid_type" && issue.path.length === 1 && typeof issue.path[0] === "string") {
      if (issue.received === "undefined" || message === "Required" || message.endsWith("received undefined")) missing.add(issue.path[0]);
    }
    if (issue.code === "unrecognized_keys" && issue.path.length === 0 && Array.isArray(issue.keys)) {
      for (const key of issue.keys) if (typeof key === "string") unexpected.add(key);
    }
  }
}

/** The top-level argument names `errorText` says were missing or unexpected. */
export function fieldMentions(errorText: string): FieldMentions {
  const missing = new Set<string>();
  const unexpected = new Set<string>();
  collect(errorText, missingPatterns, missing);
  collect(errorText, unexpectedPatterns, unexpected);
  collectZodIssues(errorText, missing, unexpected);
  return { missing: [...missing], unexpected: [...unexpected] };
}
