import type { FailurePolicy, FinalPolicy } from "../repair/outcomes.ts";
import type { Severity } from "../repair/types.ts";
import type { Config, ToolPolicyOverride } from "./defaults.ts";

/** Everything toolmend decides for one tool, resolved from `repair.defaults` and `repair.tools`. */
export interface ToolPolicy {
  readonly fixers: readonly string[];
  readonly allowLossy: boolean;
  readonly onFailure: FailurePolicy;
  readonly maxRounds: number;
  readonly then: FinalPolicy;
  readonly severity: Severity | null;
  readonly destructive: boolean;
  readonly repairModel: boolean;
}

export type PolicyResolver = (toolName: string) => ToolPolicy;

function globToRegExp(glob: string): RegExp {
  const pattern = glob.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".");
  return new RegExp(`^${pattern}$`);
}

/**
 * Looks a tool up in `repair.tools`: its exact entry if any, else the first
 * glob in config order that matches, else `base`. Each entry is built once.
 */
export function createToolLookup<T>(
  tools: Readonly<Record<string, ToolPolicyOverride>>,
  build: (override: ToolPolicyOverride) => T,
  base: T,
): (toolName: string) => T {
  const exact = new Map<string, T>();
  const globs: Array<readonly [RegExp, T]> = [];
  for (const [key, override] of Object.entries(tools)) {
    const value = build(override);
    if (/[*?]/.test(key)) globs.push([globToRegExp(key), value]);
    else exact.set(key, value);
  }
  return (toolName) => exact.get(toolName) ?? globs.find(([pattern]) => pattern.test(toolName))?.[1] ?? base;
}

/**
 * Resolves a tool's policy: its exact entry if any, else the first glob in
 * config order that matches, merged over the defaults. A destructive tool
 * never gets a guess: no lossy fixer, no repair model, no extra rounds,
 * escalation at once.
 */
export function createPolicyResolver(repair: Config["repair"], engineDefaultFixers: readonly string[]): PolicyResolver {
  return createToolLookup(
    repair.tools,
    (override) => finalise(override, repair.defaults, engineDefaultFixers),
    finalise({}, repair.defaults, engineDefaultFixers),
  );
}

function finalise(
  override: ToolPolicyOverride,
  defaults: Config["repair"]["defaults"],
  engineDefaultFixers: readonly string[],
): ToolPolicy {
  const { executionErrors: _executionErrors, ...own } = override;
  const merged = { ...defaults, ...own };
  const policy: ToolPolicy = {
    fixers: merged.fixers ?? engineDefaultFixers,
    allowLossy: merged.allowLossy,
    onFailure: merged.onFailure,
    maxRounds: merged.maxRounds,
    then: merged.then,
    severity: merged.severity,
    destructive: merged.destructive,
    repairModel: merged.repairModel,
  };
  return Object.freeze(
    policy.destructive ? { ...policy, allowLossy: false, onFailure: "escalate", maxRounds: 0, then: "escalate", repairModel: false } : policy,
  );
}
