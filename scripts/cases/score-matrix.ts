/**
 * A matrix case through the engine as the server runs it: the calls read
 * from the whole text, each repaired against its tool, and the same text
 * streamed in random pieces through the hold-back, which must end the same.
 */
import { canonical, parseArguments } from "../../src/eval/corpus.ts";
import type { RepairEngine } from "../../src/repair/engine.ts";
import { extractToolCallsFromContent } from "../../src/repair/extract-content-calls.ts";
import { createTextHoldback } from "../../src/repair/text-holdback.ts";
import { judgeToolCall } from "../../src/turn/judge-tool-call.ts";
import type { MatrixCase } from "./format-matrix.ts";
import { createRandom } from "./random.ts";

/**
 * exact: the calls, exactly; refused: no call (right when the format cannot carry a value);
 * missed: no call where there was one to read; wrong: other calls; guessed: a value the
 * format cannot carry read anyway; stream: the streamed text ended otherwise than the whole.
 */
export type MatrixVerdict = "exact" | "refused" | "missed" | "wrong" | "guessed" | "stream";

export interface MatrixResult {
  readonly verdict: MatrixVerdict;
  /** What came out, for reports: name and arguments per call. */
  readonly got: readonly { name: string; arguments: unknown }[];
}

export const isRight = (result: MatrixResult): boolean => result.verdict === "exact" || result.verdict === "refused";

const same = (left: readonly { name: string; arguments: unknown }[], right: readonly { name: string; args: unknown }[]): boolean =>
  left.length === right.length && left.every((call, index) => call.name === right[index]!.name && canonical(call.arguments) === canonical(right[index]!.args));

export function scoreMatrixCase(engine: RepairEngine, testCase: MatrixCase, streamSeed = 1): MatrixResult {
  const whole = extractToolCallsFromContent(testCase.text, testCase.tools);
  // Streamed in random pieces: the same calls and the same text.
  const random = createRandom(streamSeed);
  const holdback = createTextHoldback({ tools: testCase.tools });
  let released = "";
  for (let at = 0; at < testCase.text.length; ) {
    const next = Math.min(testCase.text.length, at + random.int(1, 24));
    released += holdback.push(testCase.text.slice(at, next));
    at = next;
  }
  const end = holdback.end();
  const streamedText = (released + end.text).trim();
  const streamSame =
    JSON.stringify(end.calls) === JSON.stringify(whole?.calls ?? []) && (whole === undefined ? released + end.text === testCase.text : streamedText === whole.text);

  const prepared = engine.prepareTools(testCase.tools);
  const got: { name: string; arguments: unknown }[] = [];
  let failed = whole === undefined;
  for (const call of whole?.calls ?? []) {
    const { outcome } = judgeToolCall(engine, prepared, {}, call);
    if (outcome.kind === "failed") failed = true;
    else got.push({ name: outcome.name, arguments: parseArguments(outcome.kind === "repaired" ? outcome.arguments : call.arguments) });
  }
  const verdict = ((): MatrixVerdict => {
    if (!streamSame) return "stream";
    if (testCase.expected === null) {
      if (failed || got.length === 0) return "refused";
      return "guessed";
    }
    if (failed || got.length === 0) return testCase.mayRefuse && got.length === 0 ? "refused" : "missed";
    return same(got, testCase.expected) ? "exact" : "wrong";
  })();
  return { verdict, got };
}
