/**
 * Classifies one tool result: `ok`, or a failure that is `invalid_args` (the
 * tool rejected its arguments), `execution` (anything else went wrong) or
 * `permanent` (trying again cannot help). See result-patterns.ts for why a
 * result counts as failed only on a clear signal.
 */
import { isJsonObject } from "../json.ts";
import { textNestsDeeper } from "../repair/json-depth.ts";
import { detailRules, signalRules, type FailureClass } from "./result-patterns.ts";
import type { UserPattern } from "./user-patterns.ts";

export type ResultClass = "ok" | FailureClass;

export interface Classification {
  readonly class: ResultClass;
  /** The rules that decided, in order (`json-error`, `pydantic-validation`, a user pattern's text, …). */
  readonly rules: readonly string[];
  /** The failure's own text (a JSON result's `error`, else the result): where field names are looked for. */
  readonly errorText: string;
}

/** Error messages sit at the start and, for tracebacks, at the end: only these parts are read. */
const HEAD_CHARS = 8_192;
const TAIL_CHARS = 2_048;
/** A result longer, or nesting deeper, than this is not parsed as JSON to look for an error flag. */
const MAX_JSON_CHARS = 65_536;
const MAX_JSON_DEPTH = 256;

const severity: Record<ResultClass, number> = { ok: 0, execution: 1, invalid_args: 2, permanent: 3 };

function worse(a: ResultClass, b: ResultClass): ResultClass {
  return severity[b] > severity[a] ? b : a;
}

function inspectedPart(text: string): string {
  return text.length <= HEAD_CHARS + TAIL_CHARS ? text : `${text.slice(0, HEAD_CHARS)}\n${text.slice(-TAIL_CHARS)}`;
}

type JsonVerdict = { readonly failed: boolean; readonly permanent: boolean; readonly errorText: string; readonly rule: string };

function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (isJsonObject(value) && typeof value.message === "string") return value.message;
  if (Array.isArray(value)) {
    const texts = value.filter(isJsonObject).map((part) => part.text).filter((text) => typeof text === "string");
    if (texts.length > 0) return texts.join("\n");
  }
  return JSON.stringify(value) ?? "";
}

/** zod's `error.message` is its issues as JSON: `[{"code":"invalid_type","path":["x"],"message":…}]`. */
function isZodIssueList(value: unknown[]): boolean {
  return (
    value.length > 0 &&
    value.every((issue) => isJsonObject(issue) && typeof issue.code === "string" && Array.isArray(issue.path) && typeof issue.message === "string")
  );
}

/**
 * What a JSON result says about itself: MCP's `isError`, Anthropic-style
 * `is_error`, a non-empty `error`, and `"retryable": false`.
 */
function judgeJson(text: string): JsonVerdict | undefined {
  const trimmed = text.trim();
  if (trimmed.length > MAX_JSON_CHARS || !(trimmed.startsWith("{") || trimmed.startsWith("["))) return undefined;
  // Stringifying a deep error back into text recurses.
  if (textNestsDeeper(trimmed, MAX_JSON_DEPTH)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    return undefined;
  }
  if (Array.isArray(value)) {
    return isZodIssueList(value) ? { failed: true, permanent: false, errorText: trimmed, rule: "zod-issues" } : undefined;
  }
  if (!isJsonObject(value)) return undefined;
  const error = value.error;
  const flagged = value.isError === true || value.is_error === true;
  const hasError = error !== undefined && error !== null && error !== false && error !== "" && !(isJsonObject(error) && Object.keys(error).length === 0);
  const retryable = value.retryable ?? (isJsonObject(error) ? error.retryable : undefined);
  if (!flagged && !hasError) {
    return retryable === false ? { failed: true, permanent: true, errorText: textOf(value.message ?? value), rule: "json-retryable-false" } : undefined;
  }
  const errorText = hasError ? textOf(error) : textOf(value.content ?? value.message ?? value);
  return { failed: true, permanent: retryable === false, errorText, rule: hasError ? "json-error" : "json-is-error" };
}

/** Classifies a result's text with the built-in table and the user's patterns. */
export function classifyResult(text: string, userPatterns: readonly UserPattern[] = []): Classification {
  const inspected = inspectedPart(text);
  const rules: string[] = [];
  let result: ResultClass = "ok";
  let errorText = inspected;

  const json = judgeJson(text);
  if (json !== undefined) {
    rules.push(json.rule);
    result = json.permanent ? "permanent" : "execution";
    errorText = inspectedPart(json.errorText);
    if (json.rule === "zod-issues") result = "invalid_args";
  } else {
    const start = inspected.trimStart();
    for (const rule of signalRules) {
      if (!rule.pattern.test(start)) continue;
      rules.push(rule.name);
      result = worse(result, rule.class);
      break;
    }
  }

  if (result !== "ok") {
    for (const rule of detailRules) {
      if (severity[rule.class] <= severity[result] || !rule.pattern.test(errorText)) continue;
      rules.push(rule.name);
      result = rule.class;
    }
  }

  if (userPatterns.length > 0) {
    const lower = inspected.toLowerCase();
    for (const pattern of userPatterns) {
      if (severity[pattern.class] <= severity[result] || !pattern.matches(lower)) continue;
      rules.push(pattern.source);
      result = pattern.class;
    }
  }
  return { class: result, rules, errorText };
}
