/**
 * One emitted call that is several (see expand-tool-call), each member
 * repaired on its own, all or nothing:
 *
 *   multi_tool_use.parallel {"tool_uses":[…read_file {"path":"a"}…, …list_dir {"dir":"b"}…]} → read_file {"path":"a"}, list_dir {"dir":"b"}
 *   read_file {"path":"a"}{"path":"b"}                                                      → read_file {"path":"a"}, read_file {"path":"b"}
 *
 * Every member must come out valid or repaired. When one cannot, there is
 * no split: the call is judged as the one call it came as, so that no member
 * is ever dropped silently.
 */
import { expansionFixers, type Expansion } from "./expand-tool-call.ts";
import type { RepairOutcome, ToolCallInput } from "./types.ts";

/** A split's name in fixer traces: `x-toolmend-repairs`, logs and the fixes metric. */
export const SPLIT_CALLS = "split-calls";

type Mended = Extract<RepairOutcome, { kind: "valid" | "repaired" }>;
type Repaired = Extract<RepairOutcome, { kind: "repaired" }>;

/** One call of a split, as the client receives it. */
export interface SplitCall {
  /** The declared tool it calls. */
  readonly name: string;
  /** Its arguments: as the envelope held them when valid, else repaired. */
  readonly arguments: string;
  readonly outcome: Mended;
}

/** The calls one emitted call became, in order. */
export interface SplitResult {
  readonly calls: readonly SplitCall[];
  /** `split-calls`, the fixer whose reading found the calls, then every member's fixers, once each. */
  readonly fixers: readonly string[];
  /** Some member's repair was lossy (the split itself keeps every member). */
  readonly lossy: boolean;
  /** Strings the members' repairs lost, when there are any. */
  readonly lost?: readonly string[];
}

/** The split of `expansion` with each member put through `repair`, or `undefined` when it is one call or a member stays broken. */
export function splitToolCall(expansion: Expansion, repair: (call: ToolCallInput) => RepairOutcome): SplitResult | undefined {
  if (expansion.calls.length < 2) return undefined;
  const calls: SplitCall[] = [];
  for (const member of expansion.calls) {
    const outcome = repair(member);
    if (outcome.kind === "repaired") calls.push({ name: outcome.name, arguments: outcome.arguments, outcome });
    // Members carry text (expansion writes them so); anything else is left to the one-call path.
    else if (outcome.kind === "valid" && typeof member.arguments === "string") calls.push({ name: outcome.name, arguments: member.arguments, outcome });
    else return undefined;
  }
  const repaired = calls.flatMap(({ outcome }) => (outcome.kind === "repaired" ? [outcome] : []));
  const lost = repaired.flatMap((outcome) => outcome.lost ?? []);
  return {
    calls,
    fixers: [...new Set([SPLIT_CALLS, ...expansionFixers(expansion), ...repaired.flatMap((outcome) => outcome.fixers)])],
    lossy: repaired.some((outcome) => outcome.lossy),
    ...(lost.length > 0 ? { lost } : {}),
  };
}

/**
 * The verdict on the emitted call once split, given what the engine said of
 * it as one call: a repair, with the first call's name and arguments. Whoever
 * writes the answer must write every call of the split, not just the first.
 */
export function splitOutcome(asOneCall: Extract<RepairOutcome, { kind: "failed" | "repaired" }>, split: SplitResult): Repaired {
  const first = split.calls[0]!;
  return {
    kind: "repaired",
    name: first.name,
    arguments: first.arguments,
    fixers: split.fixers,
    lossy: split.lossy,
    ...(split.lost === undefined ? {} : { lost: split.lost }),
    original: asOneCall.kind === "failed" ? asOneCall.error : asOneCall.original,
  };
}
