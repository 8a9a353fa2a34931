/**
 * The repair engine's public API: pure, synchronous, no I/O.
 */
export { createRepairEngine } from "./engine.ts";
export { expandToolCall } from "./expand-tool-call.ts";
export { lostStrings } from "./lost-strings.ts";
export { selectCandidate } from "./select-candidate.ts";
export type { RepairCandidate } from "./select-candidate.ts";
export type { RepairEngine, RepairEngineOptions, RepairOptions } from "./engine.ts";
export type { PreparedTool, PreparedTools } from "./repair-tool-call.ts";
export { allFixers, defaultFixerNames, fixerByName, fixerNames } from "./fixers/index.ts";
export { describeSchemaErrors, formatIssue } from "./describe-errors.ts";
export { createSchemaValidator } from "./validate.ts";
export type { CompiledSchema, SchemaCompilation, SchemaValidator, SchemaValidatorOptions } from "./validate.ts";
export type {
  ArgumentsFixer,
  Fixer,
  FixerClass,
  JsonSchema,
  NameFixer,
  RepairOutcome,
  SchemaError,
  SchemaIssue,
  Severity,
  TextFixer,
  ToolCallError,
  ToolCallErrorKind,
  ToolCallInput,
  ToolDefinition,
  ValueFixer,
} from "./types.ts";
export { extractToolCallsFromContent } from "./extract-content-calls.ts";
export type { ContentToolCall, ContentToolCalls } from "./extract-content-calls.ts";
export { createTextHoldback, extractHeldCalls, DEFAULT_HOLDBACK_LIMITS } from "./text-holdback.ts";
export type { HeldTextEnd, TextHoldback, TextHoldbackLimits, TextHoldbackOptions } from "./text-holdback.ts";
export { createReasoningHoldback, extractReasoningCalls } from "./reasoning-calls.ts";
export type { ReasoningCalls, ReasoningReadOptions } from "./reasoning-calls.ts";
export { decideOutcome, replacementCalls, responseOutcome } from "./outcomes.ts";
export type { CallVerdict, Decision, FailurePolicy, JudgedCall, OutcomePolicy, ReplacementCall, ResponseOutcome, RoundState } from "./outcomes.ts";
export { SPLIT_CALLS, splitOutcome } from "./split-tool-call.ts";
export type { SplitCall, SplitResult } from "./split-tool-call.ts";
export { allowsStrict, readRepairModelAnswer, repairModelRequest } from "./repair-model.ts";
export type { RepairModelAnswer, RepairModelPrompt } from "./repair-model.ts";
