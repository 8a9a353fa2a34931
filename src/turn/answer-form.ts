/**
 * An upstream answer in the other form than the one the request asked for
 * (a stream to a request for a whole answer, or the reverse) is read as what
 * it is and turned into the form asked for, then judged as usual; one that
 * cannot be read as an answer is refused with 502.
 */
import { Readable } from "node:stream";
import { ToolmendError } from "../errors.ts";
import { parseJsonObject } from "../json.ts";
import { createSseParser, type SseEvent } from "../protocol/sse.ts";
import type { FormConversion } from "../protocol/wire-format.ts";
import type { UpstreamResponse } from "../upstream/send-with-retry.ts";
import type { Turn } from "./turn.ts";
import { readAnswer } from "./upstream-answer.ts";

/** An answer toolmend turned into the other form: the upstream's status and headers, the form's own type, a body of its own. */
function standIn(response: UpstreamResponse, contentType: string, body: Readable): UpstreamResponse {
  const { "content-encoding": _encoding, "content-length": _length, ...headers } = response.headers;
  return { status: response.status, headers: { ...headers, "content-type": contentType }, body };
}

/**
 * A 200 event stream to a request for a whole answer, read whole (bounded by
 * `repair.maxResponseBytes`) and assembled into the answer it carries.
 * Returns the answer's bytes and a response that says JSON.
 */
export async function wholeFromStream(
  turn: Turn,
  response: UpstreamResponse,
  conversion: FormConversion,
): Promise<{ readonly response: UpstreamResponse; readonly raw: Buffer }> {
  const bytes = await readAnswer(turn, response);
  const parser = createSseParser({ maxEventBytes: bytes.length + 1 });
  const events = [...parser.push(bytes), ...parser.end()].filter((item): item is SseEvent => item.kind === "event");
  const assembled = conversion.answerFromStream(events);
  if (assembled.kind === "invalid") throw new ToolmendError("upstream_invalid_response", assembled.message);
  if (assembled.kind === "error") throw new ToolmendError("upstream_stream_failed", assembled.message);
  turn.telemetry.fields.answerForm = "stream_as_whole";
  const raw = Buffer.from(JSON.stringify(assembled.value));
  return { response: standIn(response, "application/json", Readable.from([])), raw };
}

/**
 * A 200 JSON answer to a request for a stream, read whole (bounded) and
 * encoded as the stream the upstream would have sent; `undefined` when the
 * body is not such an answer (it has been read: the caller refuses it).
 */
export async function streamFromWhole(turn: Turn, response: UpstreamResponse, conversion: FormConversion): Promise<UpstreamResponse | undefined> {
  const raw = await readAnswer(turn, response);
  const answer = parseJsonObject(raw.toString("utf8"));
  const text = answer === undefined ? undefined : conversion.streamFromAnswer(answer, turn.body.value);
  if (text === undefined) return undefined;
  turn.telemetry.fields.answerForm = "whole_as_stream";
  return standIn(response, "text/event-stream", Readable.from([text]));
}
