/**
 * A name-matrix case through the engine: the call as written, repaired against the declared tools, judged
 * against its label (scripts/cases/name-matrix.ts).
 */
import { canonical, parseArguments } from "../../src/eval/corpus.ts";
import type { RepairEngine } from "../../src/repair/engine.ts";
import type { NameCase } from "./name-matrix.ts";

/** exact: the call meant; refused: no call; untouched: a call that validates as written, left alone (right where no rename fits). */
export type NameVerdict = "exact" | "refused" | "untouched" | "missed" | "wrong" | "guessed" | "dropped" | "changed";
const RIGHT: ReadonlySet<NameVerdict> = new Set(["exact", "refused", "untouched"]);

export interface ScoredName {
  readonly verdict: NameVerdict;
  readonly got: { readonly name: string; readonly args: unknown } | undefined;
}

export function scoreNameCase(engine: RepairEngine, testCase: NameCase): ScoredName {
  const prepared = engine.prepareTools(testCase.tools);
  const outcome = engine.repair({ name: testCase.name, arguments: testCase.arguments }, prepared);
  if (outcome.kind === "failed") return { verdict: testCase.expected === null ? "refused" : "missed", got: undefined };
  const got = { name: outcome.name, args: parseArguments(outcome.kind === "repaired" ? outcome.arguments : testCase.arguments) };
  if (testCase.expected !== null) {
    const same = got.name === testCase.expected.name && canonical(got.args) === canonical(testCase.expected.args);
    return { verdict: same ? "exact" : "wrong", got };
  }
  if (testCase.kind === "tool") return { verdict: "guessed", got };
  const written = parseArguments(testCase.arguments) as Record<string, unknown>;
  if (got.name === testCase.name && canonical(got.args) === canonical(written)) return { verdict: "untouched", got };
  const args = (got.args ?? {}) as Record<string, unknown>;
  const value = canonical(written[testCase.writtenKey!]);
  const moved = Object.keys(args).some((key) => key !== testCase.writtenKey && !Object.hasOwn(written, key) && canonical(args[key]) === value);
  if (moved) return { verdict: "guessed", got };
  return { verdict: Object.hasOwn(args, testCase.writtenKey!) ? "changed" : "dropped", got };
}

export const isRightName = (result: ScoredName): boolean => RIGHT.has(result.verdict);
