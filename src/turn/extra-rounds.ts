import type { JsonObject } from "../json.ts";
import type { RequestFormat } from "../protocol/wire-format.ts";

/** Where a streamed turn stands. */
export interface StreamPosition {
  /** Something of the answer already went to the client. */
  readonly started: boolean;
  /** The format's stream may carry a new round's events after output went out (chat chunks may). */
  readonly continuesAfterOutput: boolean;
}

/**
 * Whether another round (feedback, resample) may replace the answer at all;
 * when not, the tools' `then` decides at once.
 * - A request bound to a stored conversation: never. The upstream would
 *   append every round's input and output to it, so the client's
 *   conversation would keep the failed turn and a second copy of its input.
 * - A stream: the whole turn must be ours to replace: one choice, and
 *   nothing of it shown yet unless the format can go on after it.
 */
export function extraRoundsAllowed(request: RequestFormat, body: JsonObject, stream?: StreamPosition): boolean {
  if (request.storedConversation(body)) return false;
  if (stream === undefined) return true;
  return request.choiceCount(body) === 1 && (stream.continuesAfterOutput || !stream.started);
}
