/**
 * Compiled schemas are bounded: 4 000 distinct schemas through one engine
 * leave the heap where 1 000 left it (an LRU of validators, `removeSchema`
 * on eviction, and a fresh ajv instance every `compilesPerInstance`
 * compiles, since ajv's own tables of patterns and functions only grow).
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { createRepairEngine } from "../../src/repair/engine.ts";

setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

function heapAfterCollection(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/** A distinct schema per index, with a pattern and a format, as real tools have. */
function schema(index: number) {
  return {
    type: "object",
    properties: {
      [`path_${index}`]: { type: "string", pattern: `^/srv/${index}/[a-z]+$` },
      [`when_${index}`]: { type: "string", format: "date-time" },
      limit: { type: "integer", minimum: index },
    },
    required: [`path_${index}`],
  };
}

describe("compiled-schema memory", () => {
  it("stays flat while 4 000 distinct schemas pass through", { timeout: 120_000 }, () => {
    const engine = createRepairEngine();
    const pass = (from: number, to: number) => {
      for (let index = from; index < to; index++) {
        const tools = engine.prepareTools([{ name: "tool", parameters: schema(index) }]);
        // Valid, then invalid: both the fast and the all-errors validator get compiled.
        engine.repair({ name: "tool", arguments: JSON.stringify({ [`path_${index}`]: "/srv/x" }) }, tools);
        engine.repair({ name: "tool", arguments: JSON.stringify({ limit: -1 }) }, tools);
      }
    };
    pass(0, 1000);
    const early = heapAfterCollection();
    pass(1000, 4000);
    const late = heapAfterCollection();
    expect(engine.cachedSchemas).toBeLessThanOrEqual(512);
    // 3 000 more schemas compiled: what they leave behind must be noise, not ~22 KB each (66 MB).
    expect(late - early).toBeLessThan(24 * 1024 * 1024);
  });
});
