import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { allFixers, defaultFixerNames, fixerByName, fixerNames } from "../../../src/repair/fixers/index.ts";

const fixersDirectory = fileURLToPath(new URL("../../../src/repair/fixers/", import.meta.url));
const parsersDirectory = fileURLToPath(new URL("../../../src/repair/parsers/", import.meta.url));
const directoryOf = (stage: string): string => (stage === "parse" ? parsersDirectory : fixersDirectory);

describe("the fixer registry", () => {
  it("registers every fixer file and parse family file once, named after its file", () => {
    const fixerFiles = readdirSync(fixersDirectory).filter((file) => file.endsWith(".ts") && file !== "index.ts");
    // The parsers folder also holds the reader the families share: a family's file starts with `parse-`.
    const familyFiles = readdirSync(parsersDirectory).filter((file) => file.startsWith("parse-") && file.endsWith(".ts"));
    const files = [...fixerFiles, ...familyFiles].map((file) => file.replace(/\.ts$/, "")).sort();
    expect([...fixerNames].sort()).toEqual(files);
    expect(new Set(fixerNames).size).toBe(fixerNames.length);
  });

  it("gives every fixer a kebab-case name, a purpose, and a before → after first line", () => {
    for (const fixer of allFixers) {
      expect(fixer.name).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
      expect(fixer.purpose.length).toBeGreaterThan(10);
      const firstLine = readFileSync(`${directoryOf(fixer.stage)}${fixer.name}.ts`, "utf8").split("\n")[0]!;
      expect(firstLine, fixer.name).toMatch(/^\/\/ .*→/);
    }
  });

  it("keeps the stages in pipeline order", () => {
    const order = ["name", "arguments", "text", "parse", "value"];
    const stages = allFixers.map((fixer) => order.indexOf(fixer.stage));
    expect(stages).toEqual([...stages].sort((left, right) => left - right));
  });

  it("runs every lossless fixer by default, and of the guesses only the chosen ones", () => {
    for (const fixer of allFixers.filter((candidate) => candidate.class === "lossless")) expect(defaultFixerNames).toContain(fixer.name);
    const lossyDefaults = defaultFixerNames.filter((name) => fixerByName(name)?.class === "lossy");
    expect(lossyDefaults.sort()).toEqual([
      "close-truncated",
      "drop-unknown-fields",
      "fill-defaults",
      "match-name-part",
      "normalize-enum",
      "parse-bare-value",
      "parse-several-objects",
      "parse-stray-words",
      "rename-fields",
    ]);
    expect(fixerByName("nope")).toBeUndefined();
  });
});
