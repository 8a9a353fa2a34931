import { describe, expect, it } from "vitest";
import type { ResultClass } from "../../../src/tool-results/classify-result.ts";
import { findLoop, type Exchange, type LoopAction, type RoundInfo } from "../../../src/tool-results/loop-guard.ts";

/** A history as rounds of [tool, arguments, class]; `"user"` marks a user message before a round. */
type RoundSpec = "user" | Array<[string, string, ResultClass]>;

function history(...specs: RoundSpec[]) {
  const exchanges: Exchange[] = [];
  const rounds: RoundInfo[] = [];
  let afterUser = false;
  for (const spec of specs) {
    if (spec === "user") {
      afterUser = true;
      continue;
    }
    const round = rounds.length;
    rounds.push({ afterUser });
    afterUser = false;
    for (const [tool, args, resultClass] of spec) {
      exchanges.push({ index: exchanges.length, callId: `call_${exchanges.length}`, tool, arguments: args, class: resultClass, round });
    }
  }
  return { exchanges, rounds, trailing: rounds.length - 1 };
}

const settings = (overrides: { onLoop?: LoopAction; onPermanent?: LoopAction; maxRepeats?: number; maxFailureRounds?: number } = {}) => ({
  maxRepeats: overrides.maxRepeats ?? 3,
  maxFailureRounds: overrides.maxFailureRounds ?? 3,
  onLoop: () => overrides.onLoop ?? "escalate",
  onPermanent: () => overrides.onPermanent ?? "escalate",
});

const check = (h: ReturnType<typeof history>, options = settings()) => findLoop(h.exchanges, h.rounds, h.trailing, options);

describe("findLoop", () => {
  it("stops the same call failing three times, whatever the key order", () => {
    const h = history(
      [["read_file", '{"path":"a","limit":1}', "invalid_args"]],
      [["read_file", '{"limit":1, "path":"a"}', "invalid_args"]],
      [["read_file", '{"path":"a","limit":1}', "invalid_args"]],
    );
    expect(check(h)).toMatchObject({ reason: "repeated_call", action: "escalate", exchanges: h.exchanges });
  });

  it("lets two repeats through, and a changed call resets nothing it should not", () => {
    expect(check(history([["read_file", '{"path":"a"}', "execution"]], [["read_file", '{"path":"a"}', "execution"]]))).toBeUndefined();
    const changed = history(
      [["read_file", '{"path":"a"}', "execution"]],
      [["read_file", '{"path":"b"}', "ok"]],
      [["read_file", '{"path":"a"}', "execution"]],
    );
    expect(check(changed)).toBeUndefined();
  });

  it("stops three rounds in a row in which every result failed", () => {
    const h = history(
      [["a", "{}", "execution"], ["b", "{}", "ok"]],
      [["a", '{"x":1}', "execution"]],
      [["b", '{"y":2}', "invalid_args"], ["c", "{}", "execution"]],
      [["a", '{"x":3}', "execution"]],
    );
    const finding = check(h);
    expect(finding).toMatchObject({ reason: "failure_rounds", action: "escalate" });
    expect(finding!.exchanges.map((exchange) => exchange.callId)).toEqual(["call_2", "call_3", "call_4", "call_5"]);
  });

  it("does not count a round with one good result", () => {
    const h = history([["a", "{}", "execution"]], [["a", '{"x":1}', "execution"], ["b", "{}", "ok"]], [["a", '{"x":2}', "execution"]]);
    expect(check(h)).toBeUndefined();
  });

  it("starts again after a user message", () => {
    const h = history([["a", "{}", "execution"]], [["a", "{}", "execution"]], "user", [["a", "{}", "execution"]]);
    expect(check(h)).toBeUndefined();
  });

  it("only judges a history that ends with results", () => {
    const h = history([["a", "{}", "execution"]], [["a", "{}", "execution"]], [["a", "{}", "execution"]]);
    expect(findLoop(h.exchanges, h.rounds, undefined, settings())).toBeUndefined();
  });

  it("stops a permanent failure when its policy escalates, and reports it when not", () => {
    const h = history([["export", "{}", "permanent"]]);
    expect(check(h)).toMatchObject({ reason: "permanent", action: "escalate" });
    expect(check(h, settings({ onPermanent: "passthrough" }))).toMatchObject({ reason: "permanent", action: "passthrough" });
  });

  it("lets a loop through when the tool's policy says passthrough, but an escalation elsewhere wins", () => {
    const h = history([["a", "{}", "execution"]], [["a", "{}", "execution"]], [["a", "{}", "execution"]]);
    expect(check(h, settings({ onLoop: "passthrough" }))).toMatchObject({ reason: "repeated_call", action: "passthrough" });
    const mixed = history([["p", "{}", "permanent"]], [["p", "{}", "permanent"]], [["p", "{}", "permanent"]]);
    expect(check(mixed, settings({ onPermanent: "passthrough" }))).toMatchObject({ reason: "repeated_call", action: "escalate" });
  });

  it("honours the configured counts", () => {
    const h = history([["a", "{}", "execution"]], [["a", "{}", "execution"]]);
    expect(check(h, settings({ maxRepeats: 2 }))).toMatchObject({ reason: "repeated_call" });
    expect(check(history([["a", "{}", "execution"]]), settings({ maxFailureRounds: 1 }))).toMatchObject({ reason: "failure_rounds" });
  });
});

describe("canonicalArguments", () => {
  it("sorts keys at every level, and compares what is not JSON as trimmed text", async () => {
    const { canonicalArguments } = await import("../../../src/tool-results/canonical-arguments.ts");
    expect(canonicalArguments('{"b":{"y":1,"x":2},"a":[{"d":1,"c":2}]}')).toBe('{"a":[{"c":2,"d":1}],"b":{"x":2,"y":1}}');
    expect(canonicalArguments({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
    expect(canonicalArguments("  {broken ")).toBe("{broken");
    // A client picks the depth: 100 000 levels are compared as text, without recursing.
    const deep = `${'{"s":'.repeat(100_000)}1${"}".repeat(100_000)}`;
    expect(canonicalArguments(deep)).toBe(deep);
  });
});
