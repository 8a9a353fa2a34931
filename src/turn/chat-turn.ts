/**
 * One non-streamed chat answer, judged: calls written as text are extracted,
 * every tool call goes through the engine, and the repairs are applied to
 * the parsed answer when the decision is to rewrite.
 */
import { extractHeldCalls } from "../repair/text-holdback.ts";
import type { CallVerdict } from "../repair/outcomes.ts";
import { synthesizeCallId } from "../protocol/call-id.ts";
import { type JsonObject } from "../json.ts";
import { contentOnlyChoices, locateToolCalls, type LocatedCall } from "../protocol/chat-completions.ts";
import type { ToolCallContext } from "./tool-call-context.ts";

export interface JudgedTurn {
  readonly verdicts: CallVerdict[];
  readonly calls: LocatedCall[];
  /** The answer was changed before any repair (ids, finish reason, calls pulled out of text). */
  readonly normalised: boolean;
  /** Calls found written as text in `content` and moved into `tool_calls`. */
  readonly extracted: number;
}

/** Judges every call of `response` (changing it in place only to normalise quirks). */
export function judgeChatTurn(response: JsonObject, context: ToolCallContext): JudgedTurn {
  let extracted = 0;
  for (const { choice, message, content } of contentOnlyChoices(response)) {
    // Read as a stream of the same text would be, so that streamed and not end the same.
    const found = extractHeldCalls(content, { tools: context.tools, ...context.textHoldback });
    if (found === undefined) continue;
    message.tool_calls = found.calls.map((call) => ({
      id: synthesizeCallId(),
      type: "function",
      function: { name: call.name, arguments: call.arguments },
    }));
    message.content = found.text === "" ? null : found.text;
    choice.finish_reason = "tool_calls";
    extracted += found.calls.length;
  }

  const { calls, normalised } = locateToolCalls(response);
  const verdicts = calls.map((call): CallVerdict => {
    const { outcome, policy } = context.judge({ name: call.name, arguments: call.arguments, finishReason: call.finishReason });
    return { choice: call.choice, call: call.call, id: call.id, outcome, policy };
  });
  return { verdicts, calls, normalised: normalised || extracted > 0, extracted };
}

/** Writes every repaired call's name and arguments into the parsed answer; nothing else changes. */
export function applyRepairs(turn: JudgedTurn): void {
  turn.verdicts.forEach((verdict, position) => {
    if (verdict.outcome.kind !== "repaired") return;
    const target = turn.calls[position]!.function;
    target.name = verdict.outcome.name;
    target.arguments = verdict.outcome.arguments;
  });
}

/** Names of the fixers that changed something, once each, for `x-toolmend-repairs` and the metric. */
export function appliedFixers(turn: JudgedTurn): string[] {
  const names = new Set<string>();
  if (turn.extracted > 0) names.add("extract-content-calls");
  for (const { outcome } of turn.verdicts) if (outcome.kind === "repaired") for (const fixer of outcome.fixers) names.add(fixer);
  return [...names];
}
