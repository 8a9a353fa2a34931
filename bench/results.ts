/**
 * A bench run as JSON (`bench/results/<timestamp>.json`), so that a later run
 * can be compared with it (`npm run bench -- --compare FILE`; compare-results.ts).
 *
 * Every figure is a named number in a flat `metrics` map, on a row (one
 * scenario at one concurrency against one target) or on the run itself:
 * adding a figure needs no change to the format or to the comparison. Names
 * carry their unit (`p50Ms`, `cpuMicrosPerRequest`, `peakRssMb`); a name that
 * ends in `PerSecond` or `Ratio` is better higher, any other better lower.
 */
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Bumped when a change would make older files compare wrongly. */
export const resultsFormat = 1;

export interface ResultRow {
  /** What identifies the row across runs: `${scenario} ${target} c=${connections}`. */
  readonly key: string;
  readonly scenario: string;
  readonly title: string;
  /** What was measured: `toolmend`, `toolmend 2 workers`, `floor`, … */
  readonly target: string;
  readonly connections: number;
  readonly metrics: Readonly<Record<string, number>>;
}

export interface BenchResults {
  readonly format: number;
  readonly startedAt: string;
  readonly finishedAt: string;
  /** `git describe`-like: the commit and whether the tree had changes. */
  readonly commit: string;
  readonly node: string;
  readonly machine: { readonly cpus: number; readonly cpuModel: string; readonly loadAverage: readonly number[] };
  /** The flags the run was started with. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly rows: readonly ResultRow[];
  /** Figures of the whole run (peak RSS, …). */
  readonly metrics: Readonly<Record<string, number>>;
}

/** The row's key: stable across runs as long as the scenario, target and concurrency are the same. */
export function rowKey(scenario: string, target: string, connections: number): string {
  return `${scenario} ${target} c=${connections}`;
}

/** Whether a larger value of the metric `name` is an improvement. */
export function higherIsBetter(name: string): boolean {
  return /(PerSecond|Ratio)$/.test(name);
}

/** The checked-out commit, with `-dirty` when the tree has changes; `unknown` outside git. */
export function currentCommit(cwd: string): string {
  const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd, encoding: "utf8" });
  if (head.status !== 0) return "unknown";
  const status = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd, encoding: "utf8" });
  return `${head.stdout.trim()}${status.stdout.trim() === "" ? "" : "-dirty"}`;
}

/** This machine, as the results file records it (the load average says how busy it was). */
export function machine(): BenchResults["machine"] {
  const list = cpus();
  return { cpus: list.length, cpuModel: list[0]?.model ?? "unknown", loadAverage: loadavg().map((load) => Math.round(load * 100) / 100) };
}

/** Writes `results` to `<directory>/<startedAt>.json` (colons left out) and returns the path. */
export function writeResults(directory: string, results: BenchResults): string {
  mkdirSync(directory, { recursive: true });
  const path = join(directory, `${results.startedAt.replace(/:/g, "").replace(/\.\d+Z$/, "Z")}.json`);
  // NaN and Infinity are not JSON: a figure that could not be measured is left out.
  writeFileSync(path, `${JSON.stringify(results, (_key, value: unknown) => (typeof value === "number" && !Number.isFinite(value) ? undefined : value), 2)}\n`);
  return path;
}

/** Reads a results file, refusing one of another format or shape. */
export function readResults(path: string): BenchResults {
  const parsed = JSON.parse(readFileSync(path, "utf8")) as Partial<BenchResults>;
  if (parsed.format !== resultsFormat || !Array.isArray(parsed.rows) || typeof parsed.metrics !== "object") {
    throw new Error(`${path}: not a bench results file of format ${resultsFormat}`);
  }
  return parsed as BenchResults;
}
