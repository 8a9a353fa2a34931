/**
 * A whole Chat Completions answer, decoded for judging: calls written as
 * text are moved into `tool_calls`, Groq's `tool_use_failed` error is turned
 * back into the answer it should have been, and every tool call is located.
 * Works on the parsed answer in place: the loop owns that copy.
 */
import type { JsonObject } from "../json.ts";
import { replacementCalls, type CallVerdict, type ReplacementCall } from "../repair/outcomes.ts";
import { extractToolCallsFromContent } from "../repair/extract-content-calls.ts";
import { extractHeldCalls, type TextHoldbackOptions } from "../repair/text-holdback.ts";
import type { ToolDefinition } from "../repair/types.ts";
import { splitCallId, synthesizeCallId } from "./call-id.ts";
import {
  assistantMessage,
  choicesClaimingCallsWithoutAny,
  completionFromCalls,
  contentOnlyChoices,
  failedGeneration,
  locateToolCalls,
  type ChatCall,
} from "./chat-completions.ts";
import { feedbackRequest } from "./chat-feedback.ts";
import { extractReasoningTextCalls } from "./chat-reasoning.ts";
import { readsTextCalls, type AnswerDecoding, type AnswerFormat, type AnswerReading, type DecodedAnswer } from "./wire-format.ts";

/** Moves calls written as text in `content` into `tool_calls`; returns how many. */
function extractTextCalls(response: JsonObject, reading: TextHoldbackOptions): number {
  let extracted = 0;
  for (const { choice, message, content } of contentOnlyChoices(response)) {
    // Read as a stream of the same text would be, so that streamed and not end the same.
    const found = extractHeldCalls(content, reading, choice.finish_reason === "length");
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
  return extracted;
}

/** Groq's `400 tool_use_failed` turned back into the answer it should have been, when the call is readable. */
function rebuildFailedGeneration(errorBody: JsonObject, request: JsonObject, tools: readonly ToolDefinition[]): JsonObject | undefined {
  const generation = failedGeneration(errorBody);
  if (generation === undefined) return undefined;
  const found = extractToolCallsFromContent(generation, tools);
  if (found === undefined) return undefined;
  const calls = found.calls.map((call) => ({ ...call, id: synthesizeCallId() }));
  return completionFromCalls(request.model, calls, found.text);
}

function decodeChatAnswer(value: JsonObject, status: number, request: JsonObject, reading: AnswerReading): AnswerDecoding<ChatCall> {
  const rebuilt = status !== 200;
  const answer = rebuilt ? rebuildFailedGeneration(value, request, reading.tools) : value;
  if (answer === undefined) return { kind: "opaque" };
  // Content first: the reasoning is read only for a choice left with neither calls nor text.
  const extracted = readsTextCalls(reading) ? extractTextCalls(answer, reading) + extractReasoningTextCalls(answer, reading) : 0;
  const { calls, normalised } = locateToolCalls(answer);
  if (choicesClaimingCallsWithoutAny(answer).length > 0) {
    // A turn that says "tool_calls" but carries none would leave an agent waiting for results.
    return { kind: "invalid", message: "The upstream finished with tool_calls but sent no tool call." };
  }
  return { kind: "answer", answer: { value: answer, calls, changed: normalised || extracted > 0 || rebuilt, extracted, rebuilt } };
}

/**
 * Writes each repair into its call; a split call becomes its calls, in its
 * place, each a copy of it (unknown fields kept) with its own id.
 */
function applyChatRepairs(answer: DecodedAnswer<ChatCall>, verdicts: readonly CallVerdict<ChatCall>[]): void {
  // From the last call back, so that a split keeps the positions of the calls before it valid.
  for (const verdict of [...verdicts].reverse()) {
    const calls = replacementCalls(verdict);
    if (calls === undefined) continue;
    const { call } = verdict;
    if (verdict.split === undefined) {
      call.function.name = calls[0]!.name;
      call.function.arguments = calls[0]!.arguments;
      continue;
    }
    const toolCalls = assistantMessage(answer.value, call.choice)?.tool_calls;
    if (Array.isArray(toolCalls)) toolCalls.splice(call.call, 1, ...splitToolCalls(toolCalls[call.call] as JsonObject, call, calls));
  }
}

function splitToolCalls(toolCall: JsonObject, call: ChatCall, calls: readonly ReplacementCall[]): JsonObject[] {
  return calls.map((member, position) => ({
    ...toolCall,
    id: splitCallId(call.id, position),
    function: { ...call.function, name: member.name, arguments: member.arguments },
  }));
}

/** A feedback round for the first failed choice: its assistant message and a tool result per call of it. */
function chatFeedbackRequest(request: JsonObject, verdicts: readonly CallVerdict<ChatCall>[], answer: DecodedAnswer<ChatCall>): JsonObject | undefined {
  const failed = verdicts.find((verdict) => verdict.outcome.kind === "failed");
  if (failed === undefined) return undefined;
  const assistant = assistantMessage(answer.value, failed.call.choice);
  if (assistant === undefined) return undefined;
  return feedbackRequest(request, assistant, verdicts.filter((verdict) => verdict.call.choice === failed.call.choice));
}

/** Groq's 400 `tool_use_failed` carries a call too. */
export const chatAnswerFormat: AnswerFormat<ChatCall> = {
  statuses: [200, 400],
  decodeAnswer: decodeChatAnswer,
  applyRepairs: applyChatRepairs,
  feedbackRequest: chatFeedbackRequest,
};
