import { describe, expect, it } from "vitest";
import { bucketsUpTo } from "../../../src/observability/metrics.ts";

describe("bucketsUpTo", () => {
  it("keeps the buckets below the limit and ends with the limit", () => {
    expect(bucketsUpTo([1, 10, 100, 1000], 900)).toEqual([1, 10, 100, 900]);
    expect(bucketsUpTo([1, 10, 100], 10)).toEqual([1, 10]);
  });
});
