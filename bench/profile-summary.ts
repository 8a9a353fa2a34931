/**
 * `node bench/profile-summary.ts FILE.cpuprofile [--top 25] [--filter TEXT]`:
 * the functions with the most self time in a V8 CPU profile (from
 * `node --cpu-prof`, or `npm run bench -- --cpu-prof DIR`), with their share
 * of the samples, plus the same grouped by package (or `toolmend` for src/).
 * `--callers NAME`: where the self time of functions named NAME comes from
 * (their callers three frames up). `--inclusive`: also time by function
 * including what it calls (each sample counted once per function on its stack).
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: "string", default: "25" }, filter: { type: "string" }, callers: { type: "string" }, inclusive: { type: "boolean", default: false }, depth: { type: "string", default: "3" } },
});
if (positionals.length === 0) {
  console.error("usage: node bench/profile-summary.ts FILE.cpuprofile [--top N] [--filter TEXT]");
  process.exit(2);
}

function where(url: string, functionName: string): string {
  if (url === "") return functionName.startsWith("(") ? functionName : "(native)";
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules !== null) return inModules[1]!;
  if (url.startsWith("node:")) return "node";
  if (url.includes("/dist/") || url.includes("/src/")) return "toolmend";
  return url;
}

function shortUrl(url: string): string {
  return url.replace(/^file:\/\/.*?\/(node_modules|dist|src)\//, "$1/");
}

for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

  const byFunction = new Map<string, number>();
  const byPlace = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, micros] of selfMicros) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    total += micros;
    if (functionName === "(idle)") idle += micros;
    const key = `${functionName || "(anonymous)"}  ${shortUrl(url)}${url === "" ? "" : `:${lineNumber + 1}`}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
    if (functionName === "(idle)") continue;
    const place = where(url, functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
  }
  const busy = total - idle;
  const top = Number(values.top);
  const percent = (micros: number) => `${((100 * micros) / busy).toFixed(1).padStart(5)}%`;
  console.log(`${file}: ${(total / 1e6).toFixed(2)} s sampled, ${(busy / 1e6).toFixed(2)} s busy (shares below are of busy time)`);
  console.log("\nself time by function");
  [...byFunction]
    .filter(([key]) => !key.startsWith("(idle)") && (values.filter === undefined || key.includes(values.filter)))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([key, micros]) => console.log(`${percent(micros)}  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${key}`));
  console.log("\nself time by package");
  [...byPlace]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 15)
    .forEach(([place, micros]) => console.log(`${percent(micros)}  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${place}`));

  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const keyOf = (id: number) => {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    return `${functionName || "(anonymous)"}  ${shortUrl(url)}${url === "" ? "" : `:${lineNumber + 1}`}`;
  };

  if (values.inclusive) {
    const inclusive = new Map<string, number>();
    for (const [id, micros] of selfMicros) {
      if (byId.get(id)!.callFrame.functionName === "(idle)") continue;
      const seen = new Set<string>();
      for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) seen.add(keyOf(node));
      for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + micros);
    }
    console.log("\ntotal time by function (self + callees)");
    [...inclusive]
      .filter(([key]) => values.filter === undefined || key.includes(values.filter))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .forEach(([key, micros]) => console.log(`${percent(micros)}  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${key}`));
  }

  if (values.callers !== undefined) {
    const stacks = new Map<string, number>();
    for (const [id, micros] of selfMicros) {
      if (byId.get(id)!.callFrame.functionName !== values.callers) continue;
      const frames: string[] = [];
      for (let parent = parentOf.get(id); parent !== undefined && frames.length < Number(values.depth); parent = parentOf.get(parent)) {
        const { functionName, url, lineNumber } = byId.get(parent)!.callFrame;
        frames.push(`${functionName || "(anonymous)"}@${shortUrl(url)}:${lineNumber + 1}`);
      }
      const key = frames.join(" < ");
      stacks.set(key, (stacks.get(key) ?? 0) + micros);
    }
    console.log(`\ncallers of ${values.callers}`);
    [...stacks]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .forEach(([key, micros]) => console.log(`${percent(micros)}  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${key}`));
  }
}
