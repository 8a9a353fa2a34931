/**
 * A feedback round for the Responses API: the request again, with the
 * failed turn's `function_call` items and one `function_call_output` item
 * per call telling the model what to fix, appended to `input`. The client
 * never sees this turn.
 *
 * `previous_response_id` is kept as the client sent it: the new round
 * continues the same conversation, and the failed turn travels in `input`
 * rather than by reference, so it works with `store: false` too. The calls
 * go back without their item `id`: a reasoning model's upstream refuses a
 * `function_call` item that names its id without the reasoning item it
 * came with.
 */
import type { CallVerdict } from "../repair/outcomes.ts";
import { feedbackMessage } from "./chat-feedback.ts";
import type { JsonObject } from "../json.ts";

/** A failed turn's call as the model emitted it. */
export interface EmittedCall {
  /** `call_id`: what a `function_call_output` answers. */
  readonly id: string;
  readonly name: string;
  readonly arguments: unknown;
}

/** `input` as a list of items: a bare string is the user's message. */
function inputItems(input: unknown): unknown[] {
  if (Array.isArray(input)) return input;
  if (typeof input === "string") return [{ type: "message", role: "user", content: input }];
  return [];
}

/** `body` with the failed turn's calls (every call of the turn) and their error outputs appended to `input`. */
export function responsesFeedbackRequest(body: JsonObject, verdicts: readonly CallVerdict<EmittedCall>[]): JsonObject {
  const echoed = verdicts.map(({ call }) => ({
    type: "function_call",
    call_id: call.id,
    name: call.name,
    // Arguments that are not a string (an upstream quirk) go back as strings, which every upstream accepts.
    arguments: typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments ?? {}),
  }));
  const outputs = verdicts.map((verdict) => ({ type: "function_call_output", call_id: verdict.call.id, output: feedbackMessage(verdict) }));
  return { ...body, input: [...inputItems(body.input), ...echoed, ...outputs] };
}
