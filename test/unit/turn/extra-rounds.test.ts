import { describe, expect, it } from "vitest";
import { allowsExtraRounds } from "../../../src/turn/extra-rounds.ts";

describe("allowsExtraRounds", () => {
  it("refuses extra rounds for a stored conversation", () => {
    expect(allowsExtraRounds({})).toBe(true);
    expect(allowsExtraRounds({ conversation: null })).toBe(true);
    expect(allowsExtraRounds({ conversation: "conv_1" })).toBe(false);
    expect(allowsExtraRounds({ conversation: { id: "conv_1" } })).toBe(false);
  });
});
