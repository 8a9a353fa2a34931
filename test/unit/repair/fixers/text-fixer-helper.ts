/**
 * `assertRepair`-style helpers for the name, arguments and text fixers: the
 * expected result, and the fixer's contract on every row (no throw,
 * idempotent, result different from the input).
 */
import { expect } from "vitest";
import type { ArgumentsFixer, NameFixer, TextContext, TextFixer } from "../../../../src/repair/types.ts";

/** `expected === undefined` means "leaves it alone". */
export function assertTextFix(fixer: TextFixer, input: string, expected: string | undefined, context: TextContext = {}): void {
  const output = fixer.fix(input, context);
  expect(output, `${fixer.name}(${JSON.stringify(input)})`).toBe(expected);
  if (output !== undefined) {
    expect(output).not.toBe(input);
    expect(fixer.fix(output, context), `${fixer.name} is idempotent on ${JSON.stringify(output)}`).toBeUndefined();
  }
}

/** Like `assertTextFix`, comparing what the output parses to. */
export function assertTextFixParses(fixer: TextFixer, input: string, expected: unknown, context: TextContext = {}): void {
  const output = fixer.fix(input, context);
  expect(output, `${fixer.name}(${JSON.stringify(input)})`).toBeDefined();
  expect(JSON.parse(output!)).toStrictEqual(expected);
  expect(fixer.fix(output!, context), `${fixer.name} is idempotent on ${JSON.stringify(output)}`).toBeUndefined();
}

export function assertNameFix(fixer: NameFixer, emitted: string, toolNames: readonly string[], expected: string | undefined): void {
  const output = fixer.fix(emitted, { toolNames });
  expect(output, `${fixer.name}(${JSON.stringify(emitted)})`).toBe(expected);
  if (output !== undefined) {
    expect(toolNames).toContain(output);
    // Idempotent in the pipeline's sense: a declared name needs no fixing.
    expect(fixer.fix(output, { toolNames }) ?? output).toBe(output);
  }
}

export function assertArgumentsFix(fixer: ArgumentsFixer, raw: unknown, expected: string | undefined): void {
  const output = fixer.fix(raw);
  expect(output).toBe(expected);
  if (output !== undefined) expect(fixer.fix(output)).toBeUndefined();
}
