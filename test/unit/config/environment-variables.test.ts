import { describe, expect, it } from "vitest";
import { knownVariableNames, unknownVariableWarnings } from "../../../src/config/environment-variables.ts";

describe("unknownVariableWarnings", () => {
  it("says nothing about known variables and others' variables", () => {
    expect(unknownVariableWarnings(Object.fromEntries(knownVariableNames.map((name) => [name, "1"])))).toEqual([]);
    expect(unknownVariableWarnings({ PATH: "/bin", OPENAI_API_KEY: "k" })).toEqual([]);
  });

  it("names the nearest known variable for a typo or a cut-short name", () => {
    expect(unknownVariableWarnings({ TOOLMEND_UPSTREAM: "x", TOOLMEND_PROT: "1", TOOLMEND_LOGLEVEL: "debug" })).toEqual([
      "TOOLMEND_LOGLEVEL is not a toolmend setting and is ignored; did you mean TOOLMEND_LOG_LEVEL?",
      "TOOLMEND_PROT is not a toolmend setting and is ignored; did you mean TOOLMEND_PORT?",
      "TOOLMEND_UPSTREAM is not a toolmend setting and is ignored; did you mean TOOLMEND_UPSTREAM_URL?",
    ]);
  });
});
