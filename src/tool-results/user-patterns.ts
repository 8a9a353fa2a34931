/**
 * Patterns users add to the classification table. JavaScript's regular
 * expressions backtrack, and no linear-time engine ships with Node, so a
 * user pattern is a literal text, case-insensitive, in which `*` stands for
 * any run of characters: `Traceback*PermissionError`. Matching is a chain of
 * `indexOf` calls, linear in the result's length whatever the pattern.
 */
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

/** `Traceback*PermissionError` → a matcher; literal pieces must occur in order. */
export function compileUserPattern(source: string, failureClass: FailureClass): UserPattern {
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
