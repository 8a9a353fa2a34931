import { describe, expect, it } from "vitest";
import { selectCandidate } from "../../../src/repair/select-candidate.ts";
import { pickCandidate } from "../../../src/repair/parsers/candidates.ts";
import type { ArgumentsCandidate } from "../../../src/repair/parsers/candidates.ts";

const candidate = (name: string, value: unknown, lossy: boolean) => ({ name, value, lossy });

describe("selectCandidate", () => {
  it.each([
    { title: "nothing to choose from", candidates: [], chosen: undefined },
    { title: "one candidate", candidates: [candidate("a", { x: 1 }, false)], chosen: "a" },
    { title: "one lossy candidate: still a repair, named lossy", candidates: [candidate("a", { x: 1 }, true)], chosen: "a" },
    { title: "same value twice, key order aside: the lossless one", candidates: [candidate("a", { x: 1, y: 2 }, true), candidate("b", { y: 2, x: 1 }, false)], chosen: "b" },
    { title: "different values, one loses nothing: that one", candidates: [candidate("a", { t: "see [x](" }, true), candidate("b", { t: 'see [x]("u")' }, false)], chosen: "b" },
    { title: "different values, both lose something: not repaired", candidates: [candidate("a", { t: "x" }, true), candidate("b", { t: "y" }, true)], chosen: undefined },
    { title: "different values, both lose nothing: not repaired", candidates: [candidate("a", { t: "a, b" }, false), candidate("b", { t: ["a", "b"] }, false)], chosen: undefined },
    { title: "two lossless agreeing against a lossy one", candidates: [candidate("a", { n: 1 }, false), candidate("b", { n: 1 }, false), candidate("c", { n: 2 }, true)], chosen: "a" },
  ])("$title", ({ candidates, chosen }) => {
    expect(selectCandidate(candidates)?.name).toBe(chosen);
  });

  it("can judge loss by another field than lossy (the lossless check's list)", () => {
    const guessed = { name: "a", value: { n: 1 }, lossy: true, lost: [] as string[] };
    const cut = { name: "b", value: { n: 2 }, lossy: true, lost: ["x"] };
    expect(selectCandidate([cut, guessed], (candidate) => candidate.lost.length > 0)?.name).toBe("a");
    expect(selectCandidate([cut, guessed])).toBeUndefined();
  });
});

describe("pickCandidate", () => {
  const candidate = (parser: string, value: unknown, lost: string[]): ArgumentsCandidate => ({
    value,
    parser,
    parsers: parser === "text-fixers" ? [] : [parser],
    fixers: [parser],
    lossy: lost.length > 0,
    lost,
  });

  it("keeps the text fixers' repair when it loses nothing", () => {
    const fromText = candidate("text-fixers", { t: "a" }, []);
    expect(pickCandidate([fromText, candidate("parse-inner-quotes", { t: "b" }, [])])).toBe(fromText);
  });

  it("does not prefer the text fixers' repair when it and another reading differ and both lose something", () => {
    expect(pickCandidate([candidate("text-fixers", { t: "a" }, ["x"]), candidate("parse-stray-words", { t: "b" }, ["y"])])).toBeUndefined();
  });

  it("takes the text fixers' lossy repair when every reading gives the same value", () => {
    const fromText = candidate("text-fixers", { t: "a" }, ["x"]);
    expect(pickCandidate([fromText, candidate("parse-stray-words", { t: "a" }, ["x"])])?.value).toEqual({ t: "a" });
  });
});
