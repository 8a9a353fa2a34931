import { describe, expect, it } from "vitest";
import { createToolLabeler } from "../../../src/observability/tool-label.ts";

describe("createToolLabeler", () => {
  it("keeps configured names and the first declared ones, then says other", () => {
    const label = createToolLabeler(["send_email", "delete_*"], 2);
    const declared = new Set(["a", "b", "c", "send_email"]);
    expect(label("send_email", declared)).toBe("send_email");
    expect(label("a", declared)).toBe("a");
    expect(label("b", declared)).toBe("b");
    expect(label("c", declared)).toBe("other");
    expect(label("a", new Set(["a"]))).toBe("a");
    expect(label("delete_file", new Set(["delete_file"]))).toBe("other");
    expect(label("undeclared", new Set())).toBe("other");
    expect(label(undefined, declared)).toBe("unknown");
  });
});
