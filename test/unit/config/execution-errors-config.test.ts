import { describe, expect, it } from "vitest";
import { ConfigError, resolveConfig } from "../../../src/config/load-config.ts";
import { createExecutionPolicyResolver } from "../../../src/config/resolve-execution-policy.ts";
import { createPolicyResolver } from "../../../src/config/resolve-policy.ts";

const resolve = (values: object) => resolveConfig([{ source: "toolmend.yaml", values }]);
const failure = (values: object) => {
  try {
    resolve(values);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected a ConfigError");
};

describe("executionErrors configuration", () => {
  it("defaults to redaction and the loop guard, hints on, permanent failures let through", () => {
    const { executionErrors } = resolve({});
    expect(executionErrors).toEqual({
      enabled: true,
      suggest: true,
      redact: { secrets: true, stackFrames: false },
      patterns: { invalidArgs: [], execution: [], permanent: [] },
      loopGuard: { maxRepeats: 3, maxFailureRounds: 3 },
      onLoop: "escalate",
      onPermanent: "passthrough",
      severity: "HIGH",
    });
  });

  it("resolves per-tool overrides: exact names, then globs, then the section's values", () => {
    const config = resolve({
      executionErrors: { onPermanent: "escalate" },
      repair: {
        tools: {
          "delete_*": { destructive: true, executionErrors: { onLoop: "passthrough" } },
          read_file: { executionErrors: { suggest: false, redact: false } },
        },
      },
    });
    const policyFor = createExecutionPolicyResolver(config);
    expect(policyFor("read_file")).toEqual({ suggest: false, redact: false, onLoop: "escalate", onPermanent: "escalate" });
    expect(policyFor("delete_file")).toEqual({ suggest: true, redact: true, onLoop: "passthrough", onPermanent: "escalate" });
    expect(policyFor("other")).toEqual({ suggest: true, redact: true, onLoop: "escalate", onPermanent: "escalate" });
    expect(policyFor(undefined)).toEqual(policyFor("other"));
    // The repair policy of the same entry is unaffected by its executionErrors part.
    expect(createPolicyResolver(config.repair, ["coerce-types"])("delete_file").destructive).toBe(true);
  });

  it("names the path and what was expected for a bad value", () => {
    expect(failure({ executionErrors: { loopGuard: { maxRepeats: 1 } } })).toMatch(/toolmend\.yaml: \/executionErrors\/loopGuard\/maxRepeats: must be >= 2/);
    expect(failure({ executionErrors: { onLoop: "stop" } })).toMatch(/\/executionErrors\/onLoop: must be one of escalate, passthrough/);
    expect(failure({ executionErrors: { redact: { keys: true } } })).toMatch(/unknown key "keys" \(expected one of: secrets, stackFrames\)/);
    expect(failure({ repair: { tools: { x: { executionErrors: { onLoop: "retry" } } } } })).toMatch(/\/repair\/tools\/x\/executionErrors\/onLoop/);
  });

  it("refuses a user pattern made only of wildcards, or a regular expression RE2 cannot run in linear time", () => {
    expect(failure({ executionErrors: { patterns: { execution: ["**"] } } })).toMatch(/\/executionErrors\/patterns\/execution\/0: a pattern needs some text besides \*/);
    expect(failure({ executionErrors: { patterns: { permanent: ["/(a)\\1/"] } } })).toMatch(/\/executionErrors\/patterns\/permanent\/0: not a regular expression RE2 can run/);
    expect(failure({ executionErrors: { patterns: { invalidArgs: ["/(?=x)y/"] } } })).toMatch(/\/executionErrors\/patterns\/invalidArgs\/0/);
    expect(resolve({ executionErrors: { patterns: { execution: ["/quota (exceeded|exhausted)/", "rate*limit"] } } }).executionErrors.patterns.execution).toHaveLength(2);
  });

  it("does not accept executionErrors in repair.defaults (the section itself holds the defaults)", () => {
    expect(failure({ repair: { defaults: { executionErrors: { suggest: false } } } })).toMatch(/unknown key "executionErrors"/);
  });
});

describe("the shipped config/toolmend.yaml", () => {
  it("validates and documents the executionErrors defaults as they are", async () => {
    const { readFileSync } = await import("node:fs");
    const { parse } = await import("yaml");
    const shipped = parse(readFileSync(new URL("../../../config/toolmend.yaml", import.meta.url), "utf8")) as object;
    expect(resolve(shipped).executionErrors).toEqual(resolve({}).executionErrors);
  });
});
