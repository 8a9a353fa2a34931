import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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

describe("the variables users are told about", () => {
  it("are the ones toolmend reads, wherever the docs and deploy files name them, and every one is documented", () => {
    const root = join(import.meta.dirname, "../../..");
    const files = [
      ...readdirSync(join(root, "docs")).map((name) => join("docs", name)),
      "README.md",
      "Dockerfile",
      "docker-compose.yml",
      "config/toolmend.yaml",
      "deploy/kubernetes/sidecar.yaml",
      "deploy/prometheus/prometheus.yml",
    ];
    const text = files.map((file) => readFileSync(join(root, file), "utf8")).join("\n");
    // The one deliberate unknown: the docs' example of the warning for a misspelt variable.
    const named = new Set([...text.matchAll(/TOOLMEND_[A-Z_]+/g)].map((match) => match[0]).filter((name) => name !== "TOOLMEND_UPSTREAM"));
    for (const name of named) expect(knownVariableNames, name).toContain(name);
    const configuration = readFileSync(join(root, "docs/configuration.md"), "utf8");
    for (const name of knownVariableNames) expect(configuration, name).toContain(`\`${name}\``);
  });
});
