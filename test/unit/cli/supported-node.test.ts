import { describe, expect, it } from "vitest";
import { minimumNodeVersion, unsupportedNodeMessage } from "../../../src/cli/supported-node.ts";
import packageJson from "../../../package.json" with { type: "json" };

describe("unsupportedNodeMessage", () => {
  it("accepts 22.12 and newer, refuses older, in one line", () => {
    for (const version of ["22.12.0", "22.13.1", "23.0.0", "24.11.1", "30.0.0"]) expect(unsupportedNodeMessage(version), version).toBeUndefined();
    for (const version of ["22.11.0", "20.20.2", "18.19.0", "21.7.3"]) {
      const message = unsupportedNodeMessage(version);
      expect(message, version).toContain(`this is Node.js ${version}`);
      expect(message).not.toContain("\n");
    }
  });

  it("agrees with package.json engines", () => {
    expect(packageJson.engines.node).toBe(`>=${minimumNodeVersion.replace(/\.0$/, "")}`);
  });
});
