/**
 * Micro-benchmarks of the repair engine (`npm run bench:micro`): the cached
 * valid path, a deterministic repair, a request's tool preparation, and each
 * name/arguments/text fixer on its typical input. Every case checks its
 * result once before it is timed, so a fast wrong answer cannot pass.
 */
import assert from "node:assert/strict";
import { arch, cpus, platform } from "node:os";
import { bench, do_not_optimize, group, run, summary } from "mitata";
import { createRepairEngine } from "../src/repair/engine.ts";
import { allFixers } from "../src/repair/fixers/index.ts";
import { createTextHoldback } from "../src/repair/text-holdback.ts";
import type { ToolDefinition } from "../src/repair/types.ts";

const readFile: ToolDefinition = {
  name: "read_file",
  description: "Read a text file from the workspace.",
  parameters: {
    type: "object",
    properties: {
      file_path: { type: "string", description: "Path relative to the workspace root." },
      offset: { type: "integer", minimum: 0 },
      limit: { type: "integer", minimum: 1, maximum: 10_000 },
      encoding: { type: "string", enum: ["utf8", "latin1"] },
    },
    required: ["file_path"],
    additionalProperties: false,
  },
};
const tools: ToolDefinition[] = [
  readFile,
  { name: "write_file", parameters: { type: "object", properties: { file_path: { type: "string" }, content: { type: "string" } }, required: ["file_path", "content"] } },
  { name: "search", parameters: { type: "object", properties: { query: { type: "string" }, max_results: { type: "integer" } }, required: ["query"] } },
];

const engine = createRepairEngine();
const prepared = engine.prepareTools(tools);

const validCall = { name: "read_file", arguments: '{"file_path":"src/index.ts","offset":0,"limit":200,"encoding":"utf8"}' };
const brokenCall = { name: "read_file", arguments: '```json\n{"file_path": "src/index.ts", "limit": "200",}\n```' };

const unquotedCall = { name: "read_file", arguments: "{file_path: C:\\Users\\a b\\x.txt, limit: 200}" };

assert.deepEqual(engine.repair(validCall, prepared), { kind: "valid", name: "read_file" });
const parsed = engine.repair(unquotedCall, prepared);
assert.equal(parsed.kind === "repaired" && parsed.arguments, '{"file_path":"C:\\\\Users\\\\a b\\\\x.txt","limit":200}');
const repaired = engine.repair(brokenCall, prepared);
assert.equal(repaired.kind, "repaired");
assert.equal(repaired.kind === "repaired" && repaired.arguments, '{"file_path":"src/index.ts","limit":200}');

/** One typical input per fixer; the fixer must change it. */
const typicalInputs: Record<string, unknown> = {
  "match-name-loosely": "readFile",
  "strip-name-namespace": "functions.read_file",
  "strip-name-junk": "read_file<|channel|>commentary",
  "match-name-by-distance": "raed_file",
  "stringify-object-arguments": { file_path: "src/index.ts", limit: 200 },
  "empty-to-object": "",
  "strip-special-tokens": '<|python_tag|>{"file_path":"src/index.ts","limit":200}<|eom_id|>',
  "strip-code-fences": '```json\n{"file_path":"src/index.ts","limit":200}\n```',
  "split-concatenated-objects": '{}{"file_path":"src/index.ts","limit":200}',
  "extract-json-object": 'Calling read_file with: {"file_path":"src/index.ts","limit":200}',
  "repair-json-syntax": "{'file_path': 'src/index.ts', 'limit': 200,}",
  "repair-json-heuristics": '{"file_path": "<a href="x">src/index.ts</a>", "limit": 200}',
  "close-truncated": '{"file_path": "src/index.ts", "limit": 200, "enc',
};

summary(() => {
  bench("valid call, cached schema (parse + validate)", () => do_not_optimize(engine.repair(validCall, prepared)));
  bench("broken call: fence + trailing comma + \"200\" (repair)", () => do_not_optimize(engine.repair(brokenCall, prepared)));
  bench("broken call: unquoted Windows path (schema-guided parse)", () => do_not_optimize(engine.repair(unquotedCall, prepared)));
  bench("prepareTools for a new request (3 tools) + one valid call", () => {
    const request = engine.prepareTools(structuredClone(tools));
    do_not_optimize(engine.repair(validCall, request));
  });
});

group("fixers on their typical input", () => {
  const toolNames = tools.map((tool) => tool.name);
  for (const fixer of allFixers) {
    if (!(fixer.name in typicalInputs)) continue;
    const input = typicalInputs[fixer.name];
    let once: () => unknown;
    if (fixer.stage === "name") once = () => fixer.fix(input as string, { toolNames });
    else if (fixer.stage === "arguments") once = () => fixer.fix(input);
    else if (fixer.stage === "text") once = () => fixer.fix(input as string, {});
    else continue;
    assert.notEqual(once(), undefined, `${fixer.name} changes its typical input`);
    bench(fixer.name, () => do_not_optimize(once()));
  }
});

/** A prose answer in 46 deltas, as scenario (d) streams it, and the same length of call written as text. */
const prose = "I found the delay computation in src/upstream/retry-policy.ts: retryDelayMs reads retry-after-ms only when the header parses. ".repeat(3);
const textCall = `<tool_call>{"name": "read_file", "arguments": {"file_path": "src/index.ts", "limit": 200}}</tool_call>`;
const deltasOf = (text: string) => text.match(/[\s\S]{1,8}/g) ?? [];
const proseDeltas = deltasOf(prose);
const callDeltas = deltasOf(textCall);
function streamText(deltas: readonly string[]) {
  const holdback = createTextHoldback({ tools, now: () => 0 });
  let released = 0;
  for (const delta of deltas) released += holdback.push(delta).length;
  return holdback.end().calls.length + released;
}
assert.equal(streamText(proseDeltas), prose.length, "prose passes whole");
assert.equal(streamText(callDeltas), 1, "the call is read, nothing released");

group("text hold-back over one streamed answer", () => {
  bench(`prose, ${proseDeltas.length} deltas (all pass at once)`, () => do_not_optimize(streamText(proseDeltas)));
  bench(`<tool_call> written as text, ${callDeltas.length} deltas`, () => do_not_optimize(streamText(callDeltas)));
});

console.log(`node ${process.version}, ${platform()} ${arch()}, ${cpus()[0]?.model ?? "unknown cpu"} × ${cpus().length}`);
await run();
