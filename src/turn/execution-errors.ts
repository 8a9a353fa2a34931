/**
 * The execution-error step on the request path, before the upstream is
 * called: the request's tool results are classified, redacted and given
 * hints (src/tool-results/), and a loop ends in an escalation instead of
 * another upstream call. A request whose results need no change goes on as
 * the client's own bytes.
 */
import type { Config } from "../config/defaults.ts";
import { createExecutionPolicyResolver } from "../config/resolve-execution-policy.ts";
import type { Metrics } from "../observability/metrics.ts";
import { createToolLabeler } from "../observability/tool-label.ts";
import { loopEscalationBody } from "../protocol/loop-guard-escalation.ts";
import type { ToolResultsFormat } from "../protocol/tool-results-format.ts";
import type { ToolDefinition } from "../repair/types.ts";
import { inspectToolResults, type InspectedResult } from "../tool-results/inspect-tool-results.ts";
import type { LoopReason } from "../tool-results/loop-guard.ts";
import type { ResultContent } from "../tool-results/result-content.ts";
import type { RedactionKind } from "../tool-results/secret-detectors.ts";
import { compileUserPatterns } from "../tool-results/user-patterns.ts";
import type { JsonBody } from "./read-json-body.ts";

/** The request's log field: what the step saw in the results new to the model, and did. */
export interface ToolResultsSummary {
  readonly seen: number;
  readonly classes: Partial<Record<InspectedResult["class"], number>>;
  readonly hints: number;
  readonly redactions: Partial<Record<RedactionKind, number>>;
  readonly loop?: { readonly reason: LoopReason; readonly action: "escalate" | "passthrough" };
}

export type ExecutionErrorsOutcome =
  | { readonly kind: "forward"; readonly body: JsonBody; readonly summary: ToolResultsSummary | undefined }
  | {
      readonly kind: "escalate";
      readonly error: ReturnType<typeof loopEscalationBody>;
      readonly severity: Config["executionErrors"]["severity"];
      readonly summary: ToolResultsSummary;
    };

export type ExecutionErrorsStep = (body: JsonBody, format: ToolResultsFormat, tools: readonly ToolDefinition[]) => ExecutionErrorsOutcome;

function increment<K extends string>(counts: Partial<Record<K, number>>, key: K, by = 1): void {
  counts[key] = (counts[key] ?? 0) + by;
}

/** Builds the step once per app from the frozen config. */
export function createExecutionErrorsStep(config: Pick<Config, "executionErrors" | "repair">, metrics: Metrics): ExecutionErrorsStep {
  const settings = config.executionErrors;
  const patterns = compileUserPatterns(settings.patterns);
  const policyFor = createExecutionPolicyResolver(config);
  const toolLabel = createToolLabeler(Object.keys(config.repair.tools));

  function summarise(results: readonly InspectedResult[], declared: ReadonlySet<string>): ToolResultsSummary {
    const summary = { seen: 0, classes: {}, hints: 0, redactions: {} } satisfies ToolResultsSummary;
    for (const result of results) {
      if (!result.entry.latest) continue;
      const tool = toolLabel(result.entry.call?.name, declared);
      summary.seen++;
      increment(summary.classes, result.class);
      metrics.toolResults.inc({ tool, class: result.class });
      if (result.hinted) {
        summary.hints++;
        metrics.toolResultHints.inc({ tool });
      }
      for (const [kind, count] of Object.entries(result.redactions) as Array<[RedactionKind, number]>) {
        increment(summary.redactions, kind, count);
        metrics.redactions.inc({ kind }, count);
      }
    }
    return summary;
  }

  return function executionErrors(body, format, tools) {
    if (!settings.enabled) return { kind: "forward", body, summary: undefined };
    const history = format.read(body.value);
    if (history.results.length === 0) return { kind: "forward", body, summary: undefined };
    const schemas = new Map(tools.map((tool) => [tool.name, tool.parameters]));
    const inspection = inspectToolResults(history, {
      patterns,
      redact: settings.redact,
      policyFor,
      schemaOf: (tool) => schemas.get(tool),
      maxRepeats: settings.loopGuard.maxRepeats,
      maxFailureRounds: settings.loopGuard.maxFailureRounds,
      hintPartType: format.hintPartType,
    });
    const counted = summarise(inspection.results, new Set(schemas.keys()));
    const { loop } = inspection;
    const summary: ToolResultsSummary = loop === undefined ? counted : { ...counted, loop: { reason: loop.reason, action: loop.action } };
    if (loop !== undefined) metrics.loopGuardStops.inc({ reason: loop.reason, action: loop.action });
    if (loop?.action === "escalate") {
      const error = loopEscalationBody({
        finding: loop,
        results: inspection.results,
        severity: settings.severity,
        paramOf: (index) => format.paramOf(history.positions[index]!),
      });
      return { kind: "escalate", error, severity: settings.severity, summary };
    }
    if (!inspection.changed) return { kind: "forward", body, summary };
    const contents = new Map<number, ResultContent>();
    inspection.results.forEach((result, index) => {
      if (result.content !== result.entry.content) contents.set(history.positions[index]!, result.content);
    });
    const value = format.write(body.value, contents);
    return { kind: "forward", body: { value, bytes: Buffer.from(JSON.stringify(value)) }, summary };
  };
}
