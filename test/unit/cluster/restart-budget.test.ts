import { describe, expect, it } from "vitest";
import { createRestartBudget } from "../../../src/cluster/restart-budget.ts";

describe("createRestartBudget", () => {
  it("allows maxRestarts within the window and refuses the next", () => {
    const budget = createRestartBudget({ maxRestarts: 3, windowMs: 60_000 });
    expect([0, 1_000, 2_000, 3_000].map((now) => budget.take(now))).toEqual([true, true, true, false]);
  });

  it("allows again once the oldest restart has left the window", () => {
    const budget = createRestartBudget({ maxRestarts: 2, windowMs: 10_000 });
    expect(budget.take(0)).toBe(true);
    expect(budget.take(5_000)).toBe(true);
    expect(budget.take(9_999)).toBe(false);
    expect(budget.take(10_000)).toBe(true);
    expect(budget.take(14_999)).toBe(false);
    expect(budget.take(15_000)).toBe(true);
  });

  it("does not count a refused restart", () => {
    const budget = createRestartBudget({ maxRestarts: 1, windowMs: 1_000 });
    expect(budget.take(0)).toBe(true);
    expect(budget.take(500)).toBe(false);
    expect(budget.take(1_000)).toBe(true);
  });
});
