/**
 * Scoring on a repair corpus (one JSON case a line: id, class, tool,
 * tool_name_emitted, raw_arguments, expected), shared by `toolmend eval`,
 * `npm run eval` and the floor test so all count the same way.
 *
 * Verdicts per case:
 *   expected   repaired (or passed) to exactly the expected arguments and tool name
 *   failed     the engine refused (the right answer for `unrecoverable`)
 *   wrong      a call came out that is not the expected one: the worst outcome
 *   untouched  passed through unchanged (the right answer for `valid`; a miss elsewhere)
 */
import { readFileSync } from "node:fs";
import { Ajv2019 } from "ajv/dist/2019.js";
import formatsModule from "ajv-formats";
import type { FormatsPlugin } from "ajv-formats";
import { jsonrepair } from "jsonrepair";
import { isRawJson, parseJson, parseKeepingNumbers } from "../json.ts";
import { extractToolCallsFromContent } from "../repair/extract-content-calls.ts";
import { extractReasoningCalls, leavesReasoningToRead } from "../repair/reasoning-calls.ts";
import type { RepairEngine } from "../repair/engine.ts";
import type { RepairOutcome, ToolDefinition } from "../repair/types.ts";
import { judgeToolCall } from "../turn/judge-tool-call.ts";

export interface CorpusCase {
  readonly id: string;
  readonly class: string;
  readonly tool: ToolDefinition;
  readonly tool_name_emitted: string | null;
  readonly raw_arguments: unknown;
  readonly expected: Record<string, unknown> | null;
  /** What the server put in the separate reasoning field (`reasoning_content`); `raw_arguments` is then the answer's text. */
  readonly reasoning?: string;
  readonly notes?: string;
  /** Where an outside case comes from: `issue-captured`, `issue-example`, `library-test` (`synthetic` for generated ones). */
  readonly provenance?: string;
}

export type Verdict = "expected" | "failed" | "wrong" | "untouched";

export interface CaseResult {
  readonly id: string;
  readonly class: string;
  readonly verdict: Verdict;
  /** The engine's outcome, for reports (absent for the baseline). */
  readonly outcome?: RepairOutcome;
}

/** A corpus file that cannot be scored; the message names the file and the line. */
export class CorpusError extends Error {
  override name = "CorpusError";
}

/** The cases of a corpus file; a line that is not a case is a CorpusError naming it. */
export function loadCases(path: string): CorpusCase[] {
  const cases: CorpusCase[] = [];
  readFileSync(path, "utf8")
    .split("\n")
    .forEach((line, index) => {
      if (line.trim() === "") return;
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        throw new CorpusError(`${path}:${index + 1}: not JSON (${(error as Error).message})`, { cause: error });
      }
      const problem = caseProblem(value);
      if (problem !== undefined) throw new CorpusError(`${path}:${index + 1}: ${problem}`);
      // The expected numbers as the label spells them: a 19-digit id must come out with all its digits.
      const { expected } = parseKeepingNumbers(line) as Pick<CorpusCase, "expected">;
      cases.push({ ...(value as CorpusCase), expected });
    });
  return cases;
}

function caseProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "a case must be a JSON object";
  const record = value as Record<string, unknown>;
  if (typeof record.id !== "string" || typeof record.class !== "string") return "a case needs an id and a class (strings)";
  const tool = record.tool as Record<string, unknown> | null | undefined;
  if (typeof tool !== "object" || tool === null || typeof tool.name !== "string") return "a case needs a tool with a name";
  if (!("raw_arguments" in record) || !("expected" in record) || !("tool_name_emitted" in record)) {
    return "a case needs tool_name_emitted, raw_arguments and expected (null for unrecoverable)";
  }
  // Text cases only: a content_embedded_call, or an unrecoverable text (its tool_name_emitted null), as the scorers read them.
  if (record.reasoning !== undefined && (typeof record.reasoning !== "string" || (record.class !== "content_embedded_call" && record.tool_name_emitted !== null))) {
    return "a case's reasoning is a string, beside a text case's text (content_embedded_call, or tool_name_emitted null)";
  }
  return undefined;
}

/**
 * JSON with sorted keys: key order does not matter, and `1` and `1.0` are the
 * same number; an integer counts by its digits, so one a double rounds
 * (1234567890123456789 written back as …800) does not match the one meant.
 */
export function canonical(value: unknown): string {
  if (isRawJson(value)) return numberKey(value.rawJSON);
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value).toString() : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

function numberKey(text: string): string {
  return /^-?\d+$/.test(text) ? BigInt(text).toString() : canonical(Number(text));
}

/** Arguments parsed with each number as spelt (see `canonical`), or `undefined` when not JSON. */
export function parseArguments(text: unknown): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return parseKeepingNumbers(text);
  } catch {
    return undefined;
  }
}

/**
 * Judges what came out: `passedThrough` means the call went on unchanged;
 * `name`/`value` what the client would receive.
 */
export function judge(testCase: CorpusCase, result: { passedThrough: boolean; refused: boolean; name?: string; value?: unknown }): Verdict {
  if (testCase.class === "valid") {
    if (result.refused) return "failed";
    return result.passedThrough ? "untouched" : "wrong";
  }
  if (testCase.expected === null) return result.refused ? "failed" : "wrong";
  if (result.refused) return "failed";
  const matches = result.name === testCase.tool.name && canonical(result.value) === canonical(testCase.expected);
  if (result.passedThrough) return matches ? "expected" : "untouched";
  return matches ? "expected" : "wrong";
}

/**
 * Runs the engine with its default fixers on one case, judged as the server
 * judges a call (a call that is several is split; its first call is scored).
 */
export function scoreEngineCase(engine: RepairEngine, testCase: CorpusCase): CaseResult {
  const tools = engine.prepareTools([testCase.tool]);
  let call: { name: string; arguments: unknown };
  // A call read from text was already rewritten: valid or not, it does not pass through.
  const fromText = testCase.class === "content_embedded_call" || testCase.tool_name_emitted === null;
  if (fromText) {
    const content = String(testCase.raw_arguments);
    // The reasoning is read only when the text leaves it to be, as the server does.
    const found =
      extractToolCallsFromContent(content, [testCase.tool]) ??
      (testCase.reasoning !== undefined && leavesReasoningToRead(content) ? extractReasoningCalls(testCase.reasoning, { tools: [testCase.tool] }) : undefined);
    // Parallel calls in one content: the corpus scores the first (its notes say so). A later call that cannot be
    // repaired fails the answer, as the server escalates it whole.
    const [first, ...others] = found?.calls ?? [];
    if (first === undefined || others.some((other) => judgeToolCall(engine, tools, {}, other).outcome.kind === "failed")) {
      return { id: testCase.id, class: testCase.class, verdict: judge(testCase, { passedThrough: false, refused: true }) };
    }
    call = first;
  } else {
    call = { name: testCase.tool_name_emitted, arguments: testCase.raw_arguments };
  }
  const { outcome } = judgeToolCall(engine, tools, {}, call);
  const base = { id: testCase.id, class: testCase.class, outcome };
  switch (outcome.kind) {
    case "valid":
    case "unvalidated":
      return { ...base, verdict: judge(testCase, { passedThrough: !fromText, refused: false, name: outcome.name, value: parseArguments(call.arguments) }) };
    case "repaired":
      return { ...base, verdict: judge(testCase, { passedThrough: false, refused: false, name: outcome.name, value: parseArguments(outcome.arguments) }) };
    case "failed":
      return { ...base, verdict: judge(testCase, { passedThrough: false, refused: true }) };
  }
}

/** The baseline: jsonrepair when JSON.parse fails, then ajv; exact tool names only, no content extraction. */
export function createBaseline(): (testCase: CorpusCase) => CaseResult {
  const ajv = new Ajv2019({ strict: false, logger: false, validateSchema: false });
  (formatsModule as unknown as FormatsPlugin)(ajv);
  return (testCase) => {
    const refused = { id: testCase.id, class: testCase.class, verdict: judge(testCase, { passedThrough: false, refused: true }) };
    const raw = testCase.raw_arguments;
    if (typeof raw !== "string" || testCase.tool_name_emitted !== testCase.tool.name || testCase.class === "content_embedded_call") {
      return refused;
    }
    // JSON.parse as a client would: the baseline keeps no number's spelling.
    let value = parseJson(raw);
    const passedThrough = value !== undefined;
    if (!passedThrough) {
      try {
        value = JSON.parse(jsonrepair(raw)) as unknown;
      } catch {
        return refused;
      }
    }
    let valid: boolean;
    try {
      valid = ajv.validate(testCase.tool.parameters ?? { type: "object" }, value) as boolean;
    } catch {
      return refused;
    }
    if (!valid) return refused;
    return { id: testCase.id, class: testCase.class, verdict: judge(testCase, { passedThrough, refused: false, name: testCase.tool.name, value }) };
  };
}

export interface ClassRow {
  readonly class: string;
  readonly cases: number;
  readonly counts: Record<Verdict, number>;
  /** Cases with the right outcome for the class (untouched for valid, failed for unrecoverable). */
  readonly ok: number;
}

export function isRightOutcome(result: Pick<CaseResult, "class" | "verdict">): boolean {
  if (result.class === "valid") return result.verdict === "untouched";
  if (result.class === "unrecoverable") return result.verdict === "failed";
  return result.verdict === "expected";
}

export function summarise(results: readonly CaseResult[]): ClassRow[] {
  const rows = new Map<string, { cases: number; counts: Record<Verdict, number>; ok: number }>();
  for (const result of results) {
    let row = rows.get(result.class);
    if (row === undefined) {
      row = { cases: 0, counts: { expected: 0, failed: 0, wrong: 0, untouched: 0 }, ok: 0 };
      rows.set(result.class, row);
    }
    row.cases++;
    row.counts[result.verdict]++;
    if (isRightOutcome(result)) row.ok++;
  }
  return [...rows].map(([name, row]) => ({ class: name, ...row }));
}

/** The floor figures: wrong outcomes anywhere, and the share of repairable cases repaired. */
export function floorFigures(results: readonly CaseResult[]): { wrong: number; repairable: number; repaired: number } {
  const repairable = results.filter((result) => result.class !== "valid" && result.class !== "unrecoverable");
  return {
    wrong: results.filter((result) => result.verdict === "wrong").length,
    repairable: repairable.length,
    repaired: repairable.filter((result) => result.verdict === "expected").length,
  };
}
