/**
 * `npm run bench`: toolmend's added latency and throughput against the
 * upstream reached directly, measured back to back in one run, and its peak
 * memory. `npm run bench -- --soak SECONDS`: 1,000 slow streams plus steady
 * mixed load, toolmend's RSS printed every few seconds.
 *
 * Flags: --duration S (per measurement, default 5), --warmup S (default 1),
 * --scenarios abcdef, --concurrency 1,64, --log-level info, --no-build,
 * --cpu-prof DIR (toolmend writes a .cpuprofile there on exit; summarise it
 * with `node bench/profile-summary.ts FILE`), --no-floor (leaves out the rows of
 * a bare node:http + undici proxy, bench/floor-proxy.ts: the runtime's own
 * cost, for calibration), --node-flags="…" (extra node flags for toolmend, to try
 * tuning such as --max-semi-space-size; the default runs it as npm start does),
 * --open-streams 1000 (memory: RSS idle and with that many text streams open
 * at once, in a fresh process; 0 leaves it out), --hold 15 (seconds the
 * streams are held open while RSS is sampled). Soak: --streams 1000,
 * --delta-ms 400 (between two events of a slow stream), --mixed-rate 100
 * (requests per second of the steady load), --every 5 (seconds between samples).
 *
 * Each bench run writes its figures to bench/results/<start time>.json
 * (--results-dir DIR to write elsewhere; results.ts). --compare FILE prints
 * the change from that earlier run once this one is done; --compare FILE
 * --against FILE2 compares two files without running anything. --threshold 5:
 * changes under this percentage are not called better or worse.
 *
 * Workers: --workers 2 (default; a list such as 2,4, or 1 for none) measures
 * toolmend started with that many workers (server.workers) on the scenarios of
 * --workers-scenarios (default b, the tool answer), after the other rows.
 */
import { parseArgs } from "node:util";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { compareResults } from "./compare-results.ts";
import { checkScenario, loadAutocannon, measure, measureFirstByte, type Measurement } from "./load.ts";
import { measureOpenStreams, type OpenStreamsResult } from "./open-streams.ts";
import {
  buildToolmend,
  cpuMicros,
  ensureBenchDependencies,
  memoryOf,
  openFilesLimit,
  startFloorProxy,
  startToolmend,
  repositoryRoot,
  startUpstream,
  type Running,
} from "./processes.ts";
import { currentCommit, machine, readResults, resultsFormat, rowKey, writeResults, type BenchResults, type ResultRow } from "./results.ts";
import { runSoak } from "./soak.ts";
import { measureWorkers } from "./workers.ts";
import { scenarios, type ScenarioName } from "./scenarios.ts";

const { values } = parseArgs({
  allowNegative: true,
  options: {
    duration: { type: "string", default: "5" },
    warmup: { type: "string", default: "1" },
    scenarios: { type: "string", default: "abcdef" },
    concurrency: { type: "string", default: "1,64" },
    "log-level": { type: "string", default: "info" },
    "no-build": { type: "boolean", default: false },
    "cpu-prof": { type: "string" },
    floor: { type: "boolean", default: true },
    "open-streams": { type: "string", default: "1000" },
    hold: { type: "string", default: "15" },
    "node-flags": { type: "string", default: "" },
    soak: { type: "string" },
    streams: { type: "string", default: "1000" },
    "delta-ms": { type: "string", default: "400" },
    "mixed-rate": { type: "string", default: "100" },
    every: { type: "string", default: "5" },
    "results-dir": { type: "string", default: join(repositoryRoot, "bench/results") },
    compare: { type: "string" },
    against: { type: "string" },
    threshold: { type: "string", default: "5" },
    workers: { type: "string", default: "2" },
    "workers-scenarios": { type: "string", default: "b" },
  },
});

const seconds = Number(values.duration);
const warmupSeconds = Number(values.warmup);
const concurrencies = values.concurrency.split(",").map(Number);
const extraNodeFlags = values["node-flags"].split(" ").filter(Boolean);
const chosen = [...values.scenarios].filter((name): name is ScenarioName => name in scenarios).map((name) => scenarios[name]);
const workerCounts = values.workers.split(",").map(Number).filter((count) => count > 1);
const workerScenarios = [...values["workers-scenarios"]].filter((name): name is ScenarioName => name in scenarios).map((name) => scenarios[name]);

interface Row {
  readonly scenario: ScenarioName;
  /** Shown in the table: the scenario's title, or what this row measures instead. */
  readonly title: string;
  /** What was measured through: `toolmend`, `floor`, … (results.ts `rowKey`). */
  readonly target: string;
  readonly connections: number;
  readonly direct: Measurement;
  readonly proxied: Measurement;
  /** Time-to-first-byte rows have no throughput. */
  readonly latencyOnly?: boolean;
  /** CPU time per request: the upstream's in the direct run, toolmend's in the proxied one. */
  readonly upstreamCpuMicros?: number;
  readonly toolmendCpuMicros?: number;
  /** Throughput over the single process's in the same scenario and concurrency (workers rows). */
  readonly speedup?: number;
  /** The floor proxy's CPU per request in the same run, on toolmend's row. */
  floorCpuMicros?: number;
}

/** The memory figures as run-level metrics of the results file. */
function memoryMetrics(figures: MemoryFigures | undefined): Record<string, number> {
  if (figures === undefined) return {};
  const { toolmend, floor } = figures;
  return {
    idleRssMb: toolmend.idleRssMb,
    openStreamsRssMb: toolmend.openRssMb,
    kbPerOpenStream: toolmend.kbPerStream,
    ...(floor === undefined ? {} : { floorIdleRssMb: floor.idleRssMb, floorOpenStreamsRssMb: floor.openRssMb, floorKbPerOpenStream: floor.kbPerStream }),
  };
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : "-");

function table(rows: readonly Row[]): string {
  const header = ["scenario", "conc", "direct req/s", "toolmend req/s", "ratio", "direct p50 ms", "toolmend p50 ms", "added p50 ms", "direct p99 ms", "toolmend p99 ms", "ratio p99", "upstream CPU µs/req", "toolmend CPU µs/req", "errors d/t"];
  const lines = rows.map((row) => [
    `(${row.scenario}) ${row.title}`,
    String(row.connections),
    row.latencyOnly ? "-" : fixed(row.direct.requestsPerSecond, 0),
    row.latencyOnly ? "-" : fixed(row.proxied.requestsPerSecond, 0),
    row.latencyOnly ? "-" : `${fixed(row.proxied.requestsPerSecond / row.direct.requestsPerSecond, 2)}×`,
    fixed(row.direct.p50Ms, 3),
    fixed(row.proxied.p50Ms, 3),
    fixed(row.proxied.p50Ms - row.direct.p50Ms, 3),
    row.latencyOnly ? "-" : fixed(row.direct.p99Ms, 2),
    row.latencyOnly ? "-" : fixed(row.proxied.p99Ms, 2),
    row.latencyOnly ? "-" : `${fixed(row.proxied.p99Ms / row.direct.p99Ms, 2)}×`,
    fixed(row.upstreamCpuMicros ?? Number.NaN, 0),
    fixed(row.toolmendCpuMicros ?? Number.NaN, 0),
    `${row.direct.errors}/${row.proxied.errors}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: readonly string[]) => `| ${cells.map((cell, column) => (column < 1 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(" | ")} |`;
  const rule = `|${widths.map((width, column) => (column < 1 ? `:${"-".repeat(width + 1)}` : `${"-".repeat(width + 1)}:`)).join("|")}|`;
  return [format(header), rule, ...lines.map(format)].join("\n");
}

/** A table row as results.ts records it: every figure the table shows, by name and unit. */
function resultRow(row: Row): ResultRow {
  const metrics: Record<string, number> = row.latencyOnly
    ? { p50Ms: row.proxied.p50Ms, directP50Ms: row.direct.p50Ms, addedP50Ms: row.proxied.p50Ms - row.direct.p50Ms, errors: row.proxied.errors }
    : {
        requestsPerSecond: row.proxied.requestsPerSecond,
        directRequestsPerSecond: row.direct.requestsPerSecond,
        throughputRatio: row.proxied.requestsPerSecond / row.direct.requestsPerSecond,
        p50Ms: row.proxied.p50Ms,
        directP50Ms: row.direct.p50Ms,
        addedP50Ms: row.proxied.p50Ms - row.direct.p50Ms,
        p99Ms: row.proxied.p99Ms,
        directP99Ms: row.direct.p99Ms,
        p99OverDirect: row.proxied.p99Ms / row.direct.p99Ms,
        errors: row.proxied.errors,
        directErrors: row.direct.errors,
      };
  if (row.toolmendCpuMicros !== undefined) metrics.cpuMicrosPerRequest = row.toolmendCpuMicros;
  if (row.upstreamCpuMicros !== undefined) metrics.upstreamCpuMicrosPerRequest = row.upstreamCpuMicros;
  if (row.speedup !== undefined) metrics.overOneWorkerRatio = row.speedup;
  if (row.floorCpuMicros !== undefined && row.toolmendCpuMicros !== undefined) metrics.cpuOverFloor = row.toolmendCpuMicros / row.floorCpuMicros;
  return { key: rowKey(row.scenario, row.target, row.connections), scenario: row.scenario, title: row.title, target: row.target, connections: row.connections, metrics };
}

/** toolmend's CPU per request beside the floor's, row by row: the part of the cost that is toolmend's own. */
function cpuTable(rows: readonly Row[]): string {
  const lines = ["| scenario | conc | floor CPU µs/req | toolmend CPU µs/req | toolmend / floor |", "| --- | ---: | ---: | ---: | ---: |"];
  for (const row of rows) {
    if (row.target !== "toolmend") continue;
    const floor = rows.find((other) => other.target === "floor" && other.scenario === row.scenario && other.connections === row.connections);
    if (floor?.toolmendCpuMicros === undefined || row.toolmendCpuMicros === undefined) continue;
    const title = rows.find((other) => other.scenario === row.scenario)!.title;
    lines.push(`| (${row.scenario}) ${title} | ${row.connections} | ${fixed(floor.toolmendCpuMicros, 0)} | ${fixed(row.toolmendCpuMicros, 0)} | ${fixed(row.toolmendCpuMicros / floor.toolmendCpuMicros, 2)}× |`);
  }
  return lines.join("\n");
}

interface MemoryFigures {
  readonly toolmend: OpenStreamsResult;
  readonly floor?: OpenStreamsResult;
}

/**
 * RSS idle and with `streams` text streams open at once, each in a fresh
 * process (so that the throughput runs' heap does not count): toolmend as
 * `npm start` runs it, and the floor proxy beside it.
 */
async function measureMemory(upstream: Running, streams: number): Promise<MemoryFigures | undefined> {
  // Each stream holds a socket client→proxy and proxy→upstream; this process holds the client ends.
  const needed = streams * 2 + 256;
  if (openFilesLimit() < needed) {
    console.error(`bench: open-files limit ${openFilesLimit()} is below the ${needed} that ${streams} open streams need; memory figures left out (ulimit -n ${needed * 2}).`);
    return undefined;
  }
  const directory = join(tmpdir(), `toolmend-bench-${process.pid}`);
  mkdirSync(directory, { recursive: true });
  const configPath = join(directory, "toolmend.yaml");
  writeFileSync(configPath, `upstream:\n  connections: ${streams + 256}\n`);
  const options = { streams, deltaMs: 600, holdSeconds: Number(values.hold) };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));
  const toolmend = await startToolmend({ upstreamUrl: upstream.url, logLevel: values["log-level"], configPath, nodeFlags: extraNodeFlags });
  let result: OpenStreamsResult;
  try {
    await settle();
    result = await measureOpenStreams({ toolmend, ...options });
  } finally {
    await toolmend.stop();
  }
  console.error(`bench: toolmend RSS idle ${result.idleRssMb.toFixed(1)} MB, ${result.openRssMb.toFixed(1)} MB with ${streams} open streams`);
  if (!values.floor) return { toolmend: result };
  const floor = await startFloorProxy(upstream.url, streams + 256);
  try {
    await settle();
    return { toolmend: result, floor: await measureOpenStreams({ toolmend: floor, ...options }) };
  } finally {
    await floor.stop();
  }
}

function memoryLines(figures: MemoryFigures, streams: number): string {
  const line = (name: string, result: OpenStreamsResult) =>
    `${name}: RSS idle ${result.idleRssMb.toFixed(1)} MB; with ${streams} text streams open ${result.openRssMb.toFixed(1)} MB ` +
    `(${result.kbPerStream.toFixed(0)} KB per open stream; sampled every second while held: ${result.samplesMb.map((mb) => mb.toFixed(0)).join(" ")} MB` +
    `${result.failed > 0 ? `; ${result.failed} streams failed` : ""})`;
  const floor = figures.floor;
  // The floor runs from TypeScript source: Node's type stripping inflates its idle figure, not its per-stream one.
  const floorLine = floor === undefined ? [] : [`floor (bare node proxy): ${floor.kbPerStream.toFixed(0)} KB per open stream (+${(floor.openRssMb - floor.idleRssMb).toFixed(1)} MB with ${streams} open)`];
  return [line("toolmend", figures.toolmend), ...floorLine].join("\n");
}

/** Prints the change from the `--compare` file to `later`. */
function printComparison(later: BenchResults): void {
  console.log("");
  console.log(compareResults(readResults(values.compare!), later, { thresholdPercent: Number(values.threshold) }));
}

function onStop(processes: Running[]): void {
  const stopAll = () => void Promise.all(processes.map((running) => running.stop())).finally(() => process.exit(130));
  process.once("SIGINT", stopAll);
  process.once("SIGTERM", stopAll);
}

async function bench(): Promise<void> {
  const startedAt = new Date().toISOString();
  const autocannon = loadAutocannon();
  const upstream = await startUpstream();
  const nodeFlags = [...extraNodeFlags, ...(values["cpu-prof"] === undefined ? [] : ["--cpu-prof", "--cpu-prof-dir", values["cpu-prof"]])];
  const toolmend = await startToolmend({ upstreamUrl: upstream.url, logLevel: values["log-level"], nodeFlags });
  onStop([upstream, toolmend]);
  const openStreams = Number(values["open-streams"]);
  const memoryFigures = openStreams > 0 ? await measureMemory(upstream, openStreams) : undefined;
  const floor = values.floor ? await startFloorProxy(upstream.url) : undefined;
  if (floor !== undefined) onStop([upstream, toolmend, floor]);
  const pid = toolmend.process.pid!;
  let rssPeakSampled = 0;
  const sampler = setInterval(() => (rssPeakSampled = Math.max(rssPeakSampled, memoryOf(pid).rssMb)), 500);
  const rows: Row[] = [];
  try {
    for (const scenario of chosen) {
      await checkScenario(upstream.url, scenario, false);
      await checkScenario(toolmend.url, scenario, true);
      for (const connections of concurrencies) {
        if (warmupSeconds > 0) await measure(autocannon, toolmend.url, scenario, connections, warmupSeconds);
        const upstreamCpuBefore = cpuMicros(upstream.process.pid!);
        const direct = await measure(autocannon, upstream.url, scenario, connections, seconds);
        const upstreamCpuMicros = (cpuMicros(upstream.process.pid!) - upstreamCpuBefore) / direct.count;
        const toolmendCpuBefore = cpuMicros(pid);
        const proxied = await measure(autocannon, toolmend.url, scenario, connections, seconds);
        const toolmendCpuMicros = (cpuMicros(pid) - toolmendCpuBefore) / proxied.count;
        rows.push({ scenario: scenario.name, title: scenario.title, target: "toolmend", connections, direct, proxied, upstreamCpuMicros, toolmendCpuMicros });
        if (floor !== undefined) {
          const floorPid = floor.process.pid!;
          await measure(autocannon, floor.url, scenario, connections, warmupSeconds);
          const floorCpuBefore = cpuMicros(floorPid);
          const bare = await measure(autocannon, floor.url, scenario, connections, seconds);
          const floorCpuMicros = (cpuMicros(floorPid) - floorCpuBefore) / bare.count;
          rows.at(-1)!.floorCpuMicros = floorCpuMicros;
          rows.push({ scenario: scenario.name, title: "floor: bare node proxy", target: "floor", connections, direct, proxied: bare, upstreamCpuMicros, toolmendCpuMicros: floorCpuMicros });
        }
        console.error(`bench: ${scenario.name} c=${connections}: direct ${direct.requestsPerSecond.toFixed(0)} req/s, toolmend ${proxied.requestsPerSecond.toFixed(0)} req/s`);
      }
      if (scenario.stream && scenario.name === "d") {
        const firstByteSeconds = Math.max(1, Math.round(seconds / 2));
        const direct = await measureFirstByte(upstream.url, scenario, firstByteSeconds);
        const proxied = await measureFirstByte(toolmend.url, scenario, firstByteSeconds);
        const asMeasurement = (ttfb: { p50Ms: number; errors: number }): Measurement => ({ requestsPerSecond: Number.NaN, p50Ms: ttfb.p50Ms, p99Ms: Number.NaN, errors: ttfb.errors, count: 0 });
        rows.push({ scenario: "d", title: "time to first byte", target: "toolmend first byte", connections: 1, direct: asMeasurement(direct), proxied: asMeasurement(proxied), latencyOnly: true });
      }
    }
  } finally {
    clearInterval(sampler);
  }
  const memory = memoryOf(pid);
  await toolmend.stop();
  const single = (scenario: ScenarioName, connections: number) => rows.find((row) => row.target === "toolmend" && row.scenario === scenario && row.connections === connections);
  for (const measured of await measureWorkers({ autocannon, upstream, counts: workerCounts, scenarios: workerScenarios, concurrencies, seconds, warmupSeconds, logLevel: values["log-level"], nodeFlags: extraNodeFlags })) {
    const one = single(measured.scenario.name, measured.connections);
    rows.push({
      scenario: measured.scenario.name,
      title: `${measured.scenario.title}, ${measured.workers} workers`,
      target: `toolmend ${measured.workers} workers`,
      connections: measured.connections,
      direct: measured.direct,
      proxied: measured.proxied,
      upstreamCpuMicros: measured.upstreamCpuMicros,
      toolmendCpuMicros: measured.toolmendCpuMicros,
      ...(one === undefined ? {} : { speedup: measured.proxied.requestsPerSecond / one.proxied.requestsPerSecond }),
    });
  }
  await floor?.stop();
  await upstream.stop();

  console.log("");
  console.log(table(rows));
  console.log("");
  for (const row of rows.filter((candidate) => candidate.speedup !== undefined)) {
    console.log(`(${row.scenario}) c=${row.connections}: ${row.target} ${fixed(row.proxied.requestsPerSecond, 0)} req/s, ${fixed(row.speedup!, 2)}× one process`);
  }
  if (floor !== undefined) {
    console.log(cpuTable(rows));
    console.log("");
  }
  if (memoryFigures !== undefined) {
    console.log(memoryLines(memoryFigures, openStreams));
    console.log("");
  }
  console.log(
    `toolmend peak RSS ${memory.peakMb.toFixed(1)} MB (VmHWM), ${memory.rssMb.toFixed(1)} MB at the end; ` +
      `${seconds} s per measurement after ${warmupSeconds} s warm-up; log level ${values["log-level"]} (stdout to /dev/null); ` +
      (extraNodeFlags.length > 0 ? `toolmend node flags: ${extraNodeFlags.join(" ")}; ` : "") +
      `node ${process.version}.`,
  );
  if (values["cpu-prof"] !== undefined) console.log(`cpu profile written to ${values["cpu-prof"]}: node bench/profile-summary.ts ${values["cpu-prof"]}/*.cpuprofile`);

  const results: BenchResults = {
    format: resultsFormat,
    startedAt,
    finishedAt: new Date().toISOString(),
    commit: currentCommit(repositoryRoot),
    node: process.version,
    machine: machine(),
    options: { duration: seconds, warmup: warmupSeconds, scenarios: values.scenarios, concurrency: concurrencies, logLevel: values["log-level"], nodeFlags: extraNodeFlags, floor: values.floor, workers: workerCounts, workersScenarios: values["workers-scenarios"] },
    rows: rows.map(resultRow),
    metrics: { peakRssMb: memory.peakMb, endRssMb: memory.rssMb, ...memoryMetrics(memoryFigures) },
  };
  console.log(`results written to ${writeResults(resolve(values["results-dir"]), results)}`);
  if (values.compare !== undefined) printComparison(results);
}

async function soak(durationSeconds: number): Promise<void> {
  const streams = Number(values.streams);
  // Each stream holds a socket client→toolmend and toolmend→upstream; the pool must allow them all.
  const needed = streams * 2 + 256;
  const limit = openFilesLimit();
  if (limit < needed) {
    console.error(`bench: open-files limit ${limit} is below the ${needed} toolmend needs for ${streams} streams; raise it (ulimit -n ${needed * 2}) first.`);
    process.exit(1);
  }
  const directory = join(tmpdir(), `toolmend-bench-${process.pid}`);
  mkdirSync(directory, { recursive: true });
  const configPath = join(directory, "toolmend.yaml");
  // The default pool (128 connections) would queue all but 128 streams: size it for the soak.
  writeFileSync(configPath, `upstream:\n  connections: ${streams + 256}\n`);
  const upstream = await startUpstream();
  const toolmend = await startToolmend({ upstreamUrl: upstream.url, logLevel: values["log-level"], configPath, nodeFlags: extraNodeFlags });
  onStop([upstream, toolmend]);
  try {
    await runSoak({
      autocannon: loadAutocannon(),
      toolmend,
      seconds: durationSeconds,
      streams,
      deltaMs: Number(values["delta-ms"]),
      mixedRate: Number(values["mixed-rate"]),
      everySeconds: Number(values.every),
    });
  } finally {
    await toolmend.stop();
    await upstream.stop();
  }
}

if (values.compare !== undefined && values.against !== undefined) printComparison(readResults(values.against));
else {
  // Fail before minutes of measuring, not after.
  if (values.compare !== undefined) readResults(values.compare);
  ensureBenchDependencies();
  if (!values["no-build"]) buildToolmend();
  if (values.soak !== undefined) await soak(Number(values.soak));
  else await bench();
}
