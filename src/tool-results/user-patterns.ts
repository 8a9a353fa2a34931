/**
 * Patterns users add to the classification table, matched case-insensitively
 * anywhere in a result, in linear time whatever the pattern (it runs on every
 * tool result; JavaScript's own engine backtracks):
 * - `Traceback*PermissionError`: literal text in which `*` stands for any run
 *   of characters, matched by a chain of `indexOf` calls;
 * - `/quota (exceeded|exhausted)/`: a regular expression, run by RE2
 *   (re2js: no lookaround, no backreferences).
 */
import type { RE2JS } from "re2js";
import { re2 } from "../repair/re2.ts";
import type { FailureClass } from "./result-patterns.ts";

export interface UserPatternSettings {
  readonly invalidArgs: readonly string[];
  readonly execution: readonly string[];
  readonly permanent: readonly string[];
}

export interface UserPattern {
  readonly source: string;
  readonly class: FailureClass;
  /** `text` must already be lower-cased. */
  matches(text: string): boolean;
}

const regularExpression = /^\/(.+)\/$/s;

function compileRegularExpression(expression: string): RE2JS {
  const engine = re2();
  return engine.compile(engine.translateRegExp(expression), engine.CASE_INSENSITIVE);
}

/** Why `source` cannot be used as a pattern, or `undefined` when it can (checked when the config loads). */
export function userPatternProblem(source: string): string | undefined {
  const expression = regularExpression.exec(source)?.[1];
  if (expression === undefined) return /[^*]/.test(source) ? undefined : "a pattern needs some text besides *";
  try {
    compileRegularExpression(expression);
    return undefined;
  } catch (error) {
    return `not a regular expression RE2 can run (${(error as Error).message})`;
  }
}

/** `Traceback*PermissionError` or `/regular expression/` → a matcher. */
export function compileUserPattern(source: string, failureClass: FailureClass): UserPattern {
  const expression = regularExpression.exec(source)?.[1];
  if (expression !== undefined) {
    const compiled = compileRegularExpression(expression);
    return { source, class: failureClass, matches: (text) => compiled.test(text) };
  }
  const pieces = source
    .toLowerCase()
    .split("*")
    .filter((piece) => piece !== "");
  return {
    source,
    class: failureClass,
    matches(text) {
      let from = 0;
      for (const piece of pieces) {
        const at = text.indexOf(piece, from);
        if (at === -1) return false;
        from = at + piece.length;
      }
      return pieces.length > 0;
    },
  };
}

/** The configured patterns, most severe class first. */
export function compileUserPatterns(settings: UserPatternSettings): readonly UserPattern[] {
  return [
    ...settings.permanent.map((source) => compileUserPattern(source, "permanent")),
    ...settings.invalidArgs.map((source) => compileUserPattern(source, "invalid_args")),
    ...settings.execution.map((source) => compileUserPattern(source, "execution")),
  ];
}
