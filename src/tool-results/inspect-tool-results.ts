/**
 * The execution-error step over a request's tool results, on neutral values
 * (the wire formats' adapters build them): classify each result, redact it,
 * add a hint to a rejected call's result, then look for a loop. Pure: what
 * to send and what to count is the caller's business.
 */
import { classifyResult, type ResultClass } from "./classify-result.ts";
import { explainFailure, HINT_HEADER } from "./explain-failure.ts";
import { findLoop, type Exchange, type LoopAction, type LoopFinding, type RoundInfo } from "./loop-guard.ts";
import { redactSecrets, type RedactOptions } from "./redact-secrets.ts";
import { appendResultText, mapResultText, resultText, type ResultContent } from "./result-content.ts";
import type { RedactionKind } from "./secret-detectors.ts";
import type { UserPattern } from "./user-patterns.ts";

/** One tool result in a request, with the call it answers when the request holds it. */
export interface ToolResultEntry {
  readonly callId: string;
  readonly call: { readonly name: string; readonly arguments: unknown; readonly round: number } | undefined;
  readonly content: ResultContent;
  /** Sent after the model's last turn: new to the model, counted in metrics. */
  readonly latest: boolean;
}

/** A request's tool results and the rounds (assistant turns with calls) they answer. */
export interface ToolHistory {
  readonly results: readonly ToolResultEntry[];
  readonly rounds: readonly RoundInfo[];
  /** The round whose results end the request; `undefined` when the request does not end with results. */
  readonly trailingRound: number | undefined;
}

/** What one tool gets (`executionErrors`, overridden per tool under `repair.tools`). */
export interface ToolExecutionPolicy {
  readonly suggest: boolean;
  readonly redact: boolean;
  readonly onLoop: LoopAction;
  readonly onPermanent: LoopAction;
}

export interface InspectOptions {
  readonly patterns: readonly UserPattern[];
  readonly redact: RedactOptions;
  readonly policyFor: (tool: string | undefined) => ToolExecutionPolicy;
  /** The declared parameters schema of a tool, if the request declared it. */
  readonly schemaOf: (tool: string) => unknown;
  readonly maxRepeats: number;
  readonly maxFailureRounds: number;
  /** The content-part type a hint is added as, when a result is a list of parts. */
  readonly hintPartType: string;
}

export interface InspectedResult {
  readonly entry: ToolResultEntry;
  readonly class: ResultClass;
  readonly rules: readonly string[];
  /** The content to send: the entry's own object when nothing changed. */
  readonly content: ResultContent;
  /** The text after redaction (what an escalation may show). */
  readonly text: string;
  readonly hinted: boolean;
  readonly redactions: Partial<Record<RedactionKind, number>>;
}

export interface Inspection {
  readonly results: readonly InspectedResult[];
  /** Some result's content changed (redacted or hinted): the request must be re-encoded. */
  readonly changed: boolean;
  readonly loop: LoopFinding | undefined;
}

function inspectOne(entry: ToolResultEntry, options: InspectOptions): InspectedResult {
  const policy = options.policyFor(entry.call?.name);
  const original = resultText(entry.content);
  const classification = classifyResult(original, options.patterns);
  const redactions: Partial<Record<RedactionKind, number>> = {};
  let content = entry.content;
  if (policy.redact && (options.redact.secrets || options.redact.stackFrames)) {
    content = mapResultText(content, (text) => {
      const redacted = redactSecrets(text, options.redact);
      for (const [kind, count] of Object.entries(redacted.counts) as Array<[RedactionKind, number]>) {
        redactions[kind] = (redactions[kind] ?? 0) + count;
      }
      return redacted.text;
    });
  }
  const text = content === entry.content ? original : resultText(content);
  let hinted = false;
  if (classification.class === "invalid_args" && policy.suggest && entry.call !== undefined && !original.includes(HINT_HEADER)) {
    const hint = explainFailure({
      tool: entry.call.name,
      schema: options.schemaOf(entry.call.name),
      arguments: entry.call.arguments,
      errorText: classification.errorText,
    });
    if (hint !== undefined) {
      content = appendResultText(content, hint, options.hintPartType);
      hinted = true;
    }
  }
  return { entry, class: classification.class, rules: classification.rules, content, text, hinted, redactions };
}

/** Runs the step over `history`. */
export function inspectToolResults(history: ToolHistory, options: InspectOptions): Inspection {
  const results = history.results.map((entry) => inspectOne(entry, options));
  const exchanges: Exchange[] = results.map(({ entry, class: resultClass }, index) => ({
    index,
    callId: entry.callId,
    tool: entry.call?.name,
    arguments: entry.call?.arguments,
    class: resultClass,
    round: entry.call?.round,
  }));
  const loop = findLoop(exchanges, history.rounds, history.trailingRound, {
    maxRepeats: options.maxRepeats,
    maxFailureRounds: options.maxFailureRounds,
    onLoop: (tool) => options.policyFor(tool).onLoop,
    onPermanent: (tool) => options.policyFor(tool).onPermanent,
  });
  return { results, changed: results.some((result) => result.content !== result.entry.content), loop };
}
