/**
 * The case files under test/fixtures/cases: every record is well formed, its
 * expected value fits its schema, the external split follows the id hash,
 * nothing is shared with the dev corpus, and the generated files are exactly
 * what scripts/generate-cases.ts makes from each case's tool, operator and seed.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2019 } from "ajv/dist/2019.js";
import type { ValidateFunction } from "ajv";
import formatsModule from "ajv-formats";
import type { FormatsPlugin } from "ajv-formats";
import { describe, expect, it } from "vitest";
import { generateCase, generateCases } from "../../scripts/generate-cases.ts";
import { loadCases } from "../../src/eval/corpus.ts";
import { hashString } from "../support/case-answers.ts";

type Record_ = Record<string, unknown>;
const fixture = (path: string) => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));
const load = (path: string): Record_[] =>
  readFileSync(fixture(path), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Record_);

const files = ["cases/tune/external.jsonl", "cases/tune/generated.jsonl", "cases/holdout/external.jsonl", "cases/holdout/generated.jsonl"];
const byFile = new Map(files.map((path) => [path, load(path)]));
const all = [...byFile.values()].flat();
const dev = load("corpus/dev-cases.jsonl");
const classes = new Set(dev.map((testCase) => testCase.class));
const ajv = new Ajv2019({ strict: false, logger: false, allErrors: true });
(formatsModule as unknown as FormatsPlugin)(ajv);

// Thousands of cases share a few hundred schemas: compile each distinct one once (undefined: it does not compile).
const validators = new Map<string, ValidateFunction | undefined>();
function validatorFor(testCase: Record_): ValidateFunction | undefined {
  const key = JSON.stringify((testCase.tool as Record_).parameters);
  if (!validators.has(key)) {
    try {
      validators.set(key, ajv.compile(JSON.parse(key) as object));
    } catch {
      validators.set(key, undefined);
    }
  }
  return validators.get(key);
}

describe("the case files", () => {
  it("hold enough cases, with unique ids", () => {
    expect(load("cases/tune/external.jsonl").length + load("cases/holdout/external.jsonl").length).toBeGreaterThanOrEqual(100);
    const ids = [...all, ...dev].map((testCase) => testCase.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(files)("%s: every record has the corpus fields", (path) => {
    for (const testCase of byFile.get(path)!) {
      expect(typeof testCase.id, String(testCase.id)).toBe("string");
      expect(typeof testCase.source).toBe("string");
      expect(classes.has(testCase.class as string), `${String(testCase.id)}: class ${String(testCase.class)}`).toBe(true);
      const tool = testCase.tool as Record_;
      expect(typeof tool.name).toBe("string");
      expect(typeof tool.parameters).toBe("object");
      expect(testCase.tool_name_emitted === null || typeof testCase.tool_name_emitted === "string").toBe(true);
      expect("raw_arguments" in testCase).toBe(true);
      expect(testCase.expected === null || typeof testCase.expected === "object").toBe(true);
      expect(typeof testCase.notes).toBe("string");
      expect(["issue-captured", "issue-example", "library-test", "synthetic"]).toContain(testCase.provenance);
      expect(testCase.expected === null, String(testCase.id)).toBe(testCase.class === "unrecoverable");
    }
  });

  it("give every tool a schema that compiles, so no case is scored as an unchecked pass-through", () => {
    for (const testCase of all) expect(validatorFor(testCase) !== undefined, String(testCase.id)).toBe(true);
  });

  it("gives expected values that fit their schemas, and valid cases whose raw arguments are the expected value", () => {
    for (const testCase of all) {
      if (testCase.expected === null) continue;
      const validate = validatorFor(testCase);
      expect(validate?.(testCase.expected), `${String(testCase.id)}: ${ajv.errorsText(validate?.errors)}`).toBe(true);
      if (testCase.class === "valid") expect(JSON.parse(testCase.raw_arguments as string), String(testCase.id)).toEqual(testCase.expected);
    }
  });

  it("loads with the scorers' reader (npm run eval and the server runs refuse a file that does not)", () => {
    for (const path of files) expect(() => loadCases(fixture(path)), path).not.toThrow();
  });

  it("splits external cases by the hash of their id (20% held out)", () => {
    for (const testCase of load("cases/holdout/external.jsonl")) expect(hashString(testCase.id as string) % 100, String(testCase.id)).toBeLessThan(20);
    for (const testCase of load("cases/tune/external.jsonl")) expect(hashString(testCase.id as string) % 100, String(testCase.id)).toBeGreaterThanOrEqual(20);
  });

  it("shares no source item and no raw string with the dev corpus", () => {
    const devSources = new Set(dev.map((testCase) => testCase.source));
    const devRaw = new Set(dev.map((testCase) => JSON.stringify(testCase.raw_arguments)));
    for (const testCase of all) {
      expect(devSources.has(testCase.source), String(testCase.id)).toBe(false);
      expect(devRaw.has(JSON.stringify(testCase.raw_arguments)), String(testCase.id)).toBe(false);
    }
  });
});

describe("the generated cases", () => {
  it.each(["tune", "holdout"] as const)("%s: the file is what the generator makes", (part) => {
    expect(load(`cases/${part}/generated.jsonl`)).toEqual(JSON.parse(JSON.stringify(generateCases(part))));
  });

  it("are each reproducible from their tool, operator and seed", () => {
    for (const testCase of [...load("cases/tune/generated.jsonl"), ...load("cases/holdout/generated.jsonl")]) {
      const again = generateCase(testCase.tool_index as number, testCase.operator as string, testCase.seed as number);
      expect(JSON.parse(JSON.stringify(again)), String(testCase.id)).toEqual(testCase);
    }
  });

  it("use disjoint tools and seeds for the held-out part", () => {
    const tune = load("cases/tune/generated.jsonl");
    const holdout = load("cases/holdout/generated.jsonl");
    const tools = (cases: Record_[]) => new Set(cases.map((testCase) => (testCase.tool as Record_).name));
    const seeds = (cases: Record_[]) => new Set(cases.map((testCase) => testCase.seed));
    expect([...tools(tune)].filter((name) => tools(holdout).has(name))).toEqual([]);
    expect([...seeds(tune)].filter((seed) => seeds(holdout).has(seed))).toEqual([]);
  });
});
