import { describe, expect, it } from "vitest";
import { createModelLabels } from "../../../src/observability/model-labels.ts";

describe("model labels", () => {
  it("gives the first models their own label and every later one 'other'", () => {
    const labels = createModelLabels(2);
    expect(labels.labelOf("gpt-4.1")).toBe("gpt-4.1");
    expect(labels.labelOf("qwen3")).toBe("qwen3");
    expect(labels.labelOf("llama")).toBe("other");
    // A model already seen keeps its label.
    expect(labels.labelOf("gpt-4.1")).toBe("gpt-4.1");
  });

  it("labels a missing or non-string model 'unknown' and cuts long names", () => {
    const labels = createModelLabels(4);
    for (const model of [undefined, null, 42, "", { name: "x" }]) expect(labels.labelOf(model)).toBe("unknown");
    expect(labels.labelOf("m".repeat(500))).toHaveLength(100);
  });
});
