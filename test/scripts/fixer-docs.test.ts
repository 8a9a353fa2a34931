import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { docsPath, renderDocs } from "../../scripts/fixer-docs.ts";

describe("the fixer table of docs/repair-engine.md", () => {
  it("lists every fixer as the registry has it (node scripts/fixer-docs.ts --write)", () => {
    const page = readFileSync(docsPath, "utf8");
    expect(renderDocs(page)).toBe(page);
  });
});
