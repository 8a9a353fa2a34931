import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compareResults, describeChange, formatFigure } from "../../bench/compare-results.ts";
import { higherIsBetter, readResults, resultsFormat, rowKey, writeResults, type BenchResults, type ResultRow } from "../../bench/results.ts";

const options = { thresholdPercent: 5 };

function row(scenario: string, target: string, connections: number, metrics: Record<string, number>): ResultRow {
  return { key: rowKey(scenario, target, connections), scenario, title: `scenario ${scenario}`, target, connections, metrics };
}

function run(rows: ResultRow[], metrics: Record<string, number> = {}): BenchResults {
  return {
    format: resultsFormat,
    startedAt: "2026-11-23T15:00:00.000Z",
    finishedAt: "2026-11-23T15:02:00.000Z",
    commit: "abc1234",
    node: "v24.0.0",
    machine: { cpus: 2, cpuModel: "test", loadAverage: [1.5, 1, 1] },
    options: {},
    rows,
    metrics,
  };
}

/** The table line of `key` and `metric`, split into cells. */
function cells(text: string, key: string, metric: string): string[] | undefined {
  return text
    .split("\n")
    .map((line) => line.split("|").map((cell) => cell.trim()))
    .find((line) => line[1] === key && line[2] === metric)
    ?.slice(1, 6);
}

describe("the direction of a figure", () => {
  it("is up for throughput and ratios, down for times, CPU, memory and errors", () => {
    expect(["requestsPerSecond", "throughputRatio"].map(higherIsBetter)).toEqual([true, true]);
    expect(["p50Ms", "p99OverDirect", "cpuMicrosPerRequest", "peakRssMb", "errors"].map(higherIsBetter)).toEqual([false, false, false, false, false]);
  });
});

describe("describeChange", () => {
  it("calls a change past the threshold better or worse by the figure's direction", () => {
    expect(describeChange("requestsPerSecond", 1000, 1200, options)).toBe("+20.0% better");
    expect(describeChange("requestsPerSecond", 1000, 800, options)).toBe("-20.0% worse");
    expect(describeChange("p50Ms", 2, 3, options)).toBe("+50.0% worse");
    expect(describeChange("cpuMicrosPerRequest", 140, 100, options)).toBe("-28.6% better");
  });

  it("marks a change under the threshold as noise, and a change from zero without a percentage", () => {
    expect(describeChange("requestsPerSecond", 1000, 1040, options)).toBe("+4.0% ~");
    expect(describeChange("p50Ms", 1, 1, options)).toBe("0% ~");
    expect(describeChange("errors", 0, 3, options)).toBe("from 0 worse");
  });
});

describe("formatFigure", () => {
  it("shows large figures whole and small ones to three significant digits", () => {
    expect([formatFigure(3456.78), formatFigure(12.3456), formatFigure(0.012345), formatFigure(0)]).toEqual(["3457", "12.3", "0.0123", "0"]);
  });
});

describe("compareResults", () => {
  it("compares the rows and figures both runs have, per row and figure, and the run's own figures", () => {
    const earlier = run([row("b", "toolmend", 64, { requestsPerSecond: 3000, p50Ms: 20 })], { peakRssMb: 200 });
    const later = run([row("b", "toolmend", 64, { requestsPerSecond: 3600, p50Ms: 20.5, cpuMicrosPerRequest: 90 })], { peakRssMb: 150 });
    const text = compareResults(earlier, later, options);
    expect(cells(text, "b toolmend c=64", "requestsPerSecond")).toEqual(["b toolmend c=64", "requestsPerSecond", "3000", "3600", "+20.0% better"]);
    expect(cells(text, "b toolmend c=64", "p50Ms")).toEqual(["b toolmend c=64", "p50Ms", "20", "20.5", "+2.5% ~"]);
    expect(cells(text, "(run)", "peakRssMb")).toEqual(["(run)", "peakRssMb", "200", "150", "-25.0% better"]);
    // A figure only the new run has is not compared with anything.
    expect(text).not.toContain("cpuMicrosPerRequest");
  });

  it("keeps apart rows that differ in target or concurrency, and names the rows only one run has", () => {
    const earlier = run([row("b", "toolmend", 64, { requestsPerSecond: 3000 }), row("b", "toolmend", 1, { requestsPerSecond: 900 })]);
    const later = run([row("b", "toolmend", 64, { requestsPerSecond: 2000 }), row("b", "toolmend 2 workers", 64, { requestsPerSecond: 5000 })]);
    const text = compareResults(earlier, later, options);
    expect(cells(text, "b toolmend c=64", "requestsPerSecond")?.[4]).toBe("-33.3% worse");
    expect(cells(text, "b toolmend 2 workers c=64", "requestsPerSecond")).toBeUndefined();
    expect(text).toContain("Only in the earlier run: b toolmend c=1");
    expect(text).toContain("Only in this run: b toolmend 2 workers c=64");
  });

  it("says so when the runs have nothing in common", () => {
    expect(compareResults(run([row("a", "toolmend", 1, { p50Ms: 1 })]), run([row("b", "toolmend", 1, { p50Ms: 1 })]), options)).toContain("No row and figure in common.");
  });
});

describe("the results file", () => {
  it("round-trips through JSON, named by its start time, leaving out figures that are not numbers", () => {
    const directory = mkdtempSync(join(tmpdir(), "toolmend-bench-results-"));
    const path = writeResults(directory, run([row("d", "toolmend first byte", 1, { p50Ms: 1.25, p99Ms: Number.NaN })], { peakRssMb: 180 }));
    expect(path).toBe(join(directory, "2026-11-23T150000Z.json"));
    const read = readResults(path);
    expect(read.rows[0]!.metrics).toEqual({ p50Ms: 1.25 });
    expect(read.metrics).toEqual({ peakRssMb: 180 });
    expect(JSON.parse(readFileSync(path, "utf8")).format).toBe(resultsFormat);
  });

  it("refuses a file that is not a results file of this format", () => {
    const path = join(mkdtempSync(join(tmpdir(), "toolmend-bench-results-")), "other.json");
    writeFileSync(path, JSON.stringify({ format: resultsFormat + 1, rows: [], metrics: {} }));
    expect(() => readResults(path)).toThrow(/not a bench results file/);
  });
});
