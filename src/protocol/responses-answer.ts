/**
 * A whole Responses answer, decoded for judging: calls written as text into
 * a `message` are moved into `function_call` items, and every
 * `function_call` item is located. Works on the parsed answer in place: the
 * loop owns that copy.
 */
import type { JsonObject } from "../json.ts";
import { replacementCalls, type CallVerdict } from "../repair/outcomes.ts";
import { extractHeldCalls, type TextHoldbackOptions } from "../repair/text-holdback.ts";
import { responsesFeedbackRequest } from "./responses-feedback.ts";
import { extractReasoningItemCalls } from "./responses-reasoning.ts";
import { finishReasonOf, locateFunctionCalls, messageWithCalls, repairItem, splitItems, textCallItems, textOnlyMessages } from "./responses.ts";
import { readsTextCalls, type AnswerDecoding, type AnswerFormat, type AnswerReading, type DecodedAnswer, type WireCall } from "./wire-format.ts";

/** One `function_call` item of an answer; `id` is its `call_id`. */
export interface ResponsesCall extends WireCall {
  /** Its position in `output`. */
  readonly output: number;
  readonly item: JsonObject;
}

/**
 * Moves calls written as text into a message (a server without a parser for
 * the model's call format) into `function_call` items, when they name a
 * declared tool unambiguously; the rest of the message's text stays.
 */
function extractTextCalls(response: JsonObject, reading: TextHoldbackOptions): number {
  const output = response.output;
  if (!Array.isArray(output)) return 0;
  let extracted = 0;
  const cut = finishReasonOf(response) === "length";
  // From the end, so that replacing one item keeps the earlier positions valid.
  for (const { output: position, text } of textOnlyMessages(response).reverse()) {
    // Read as a stream of the same text would be, so that streamed and not end the same.
    const found = extractHeldCalls(text, reading, cut);
    if (found === undefined) continue;
    const items = textCallItems(found.calls);
    output.splice(position, 1, ...messageWithCalls(output[position] as JsonObject, found.text, items));
    extracted += items.length;
  }
  return extracted;
}

function decodeResponsesAnswer(value: JsonObject, _status: number, _request: JsonObject, reading: AnswerReading): AnswerDecoding<ResponsesCall> {
  // Messages first: the reasoning is read only for a turn left with neither calls nor text.
  const extracted = readsTextCalls(reading) ? extractTextCalls(value, reading) + extractReasoningItemCalls(value, reading) : 0;
  const calls = locateFunctionCalls(value).map(
    (located): ResponsesCall => ({
      id: located.callId,
      name: located.name,
      arguments: located.arguments,
      finishReason: finishReasonOf(value, located.item),
      param: `output[${located.output}].arguments`,
      output: located.output,
      item: located.item,
    }),
  );
  return { kind: "answer", answer: { value, calls, changed: extracted > 0, extracted, rebuilt: false } };
}

/** Writes each repair into its item; a split call becomes its items, in its place. */
function applyResponsesRepairs(answer: DecodedAnswer<ResponsesCall>, verdicts: readonly CallVerdict<ResponsesCall>[]): void {
  const output = answer.value.output;
  if (!Array.isArray(output)) return;
  // From the last call back, so that a split keeps the positions of the items before it valid.
  for (const verdict of [...verdicts].reverse()) {
    const calls = replacementCalls(verdict);
    if (calls === undefined) continue;
    const { call } = verdict;
    if (verdict.split === undefined) output[call.output] = repairItem(call.item, calls[0]!.name, calls[0]!.arguments);
    else output.splice(call.output, 1, ...splitItems(call.item, call.id, calls));
  }
}

export const responsesAnswerFormat: AnswerFormat<ResponsesCall> = {
  statuses: [200],
  decodeAnswer: decodeResponsesAnswer,
  applyRepairs: applyResponsesRepairs,
  feedbackRequest: (request, verdicts) => responsesFeedbackRequest(request, verdicts),
};
