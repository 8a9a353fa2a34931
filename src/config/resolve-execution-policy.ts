import type { ToolExecutionPolicy } from "../tool-results/inspect-tool-results.ts";
import type { Config } from "./defaults.ts";
import { createToolLookup } from "./resolve-policy.ts";

/**
 * Resolves what the execution-error step does for a tool: `executionErrors`,
 * overridden by the tool's `repair.tools` entry (exact name, then first glob).
 * A result whose call is not in the request gets the defaults.
 */
export function createExecutionPolicyResolver(config: Pick<Config, "executionErrors" | "repair">): (tool: string | undefined) => ToolExecutionPolicy {
  const settings = config.executionErrors;
  const base: ToolExecutionPolicy = Object.freeze({
    suggest: settings.suggest,
    redact: true,
    onLoop: settings.onLoop,
    onPermanent: settings.onPermanent,
  });
  const lookup = createToolLookup(config.repair.tools, (override) => Object.freeze({ ...base, ...override.executionErrors }), base);
  return (tool) => (tool === undefined ? base : lookup(tool));
}
