/**
 * Mid-stream errors arrive in every vendor's shape; clients only understand
 * OpenAI's `{"error":{message,type,code,param}}`. Recognise and normalise.
 */
import { errorCodes, type ErrorFields } from "../errors.ts";
import { isJsonObject, type JsonObject } from "../json.ts";

// An upstream error that names no type is a server failure, as toolmend's own internal error is.
const DEFAULT_TYPE = errorCodes.internal_error.type;

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : value === undefined || value === null ? undefined : JSON.stringify(value);

const codeOf = (value: unknown): string | number | null =>
  typeof value === "string" || typeof value === "number" ? value : null;

function fromFields(fields: JsonObject, fallbackMessage: string): ErrorFields {
  return {
    message: text(fields.message) ?? fallbackMessage,
    type: typeof fields.type === "string" && fields.type !== "" ? fields.type : DEFAULT_TYPE,
    code: codeOf(fields.code),
    param: typeof fields.param === "string" ? fields.param : null,
  };
}

/**
 * The error a parsed `data:` payload carries, or undefined for an ordinary chunk.
 * - `{"error":{…}}` OpenAI, SGLang, vLLM ≥ 0.6; OpenRouter adds it to a chunk with `finish_reason: "error"`
 * - `{"error":"…"}` llama.cpp and assorted proxies
 * - `{"type":"error","error":{"type":"overloaded_error",…}}` Anthropic-style gateways
 * - `{"object":"error","message":…,"code":400}` older vLLM
 * - `{"detail":…}` FastAPI-based servers
 */
export function streamErrorOf(payload: JsonObject): ErrorFields | undefined {
  const error = payload.error;
  if (isJsonObject(error)) return fromFields(error, "upstream error");
  if (typeof error === "string") return { message: error, type: DEFAULT_TYPE, code: null, param: null };
  if (payload.object === "error" || (payload.type === "error" && error === undefined)) {
    return fromFields(payload, "upstream error");
  }
  if (payload.detail !== undefined && payload.choices === undefined) {
    return { message: text(payload.detail) ?? "upstream error", type: DEFAULT_TYPE, code: null, param: null };
  }
  return undefined;
}

/** The payload of an `event: error` SSE event: JSON in any shape above, or plain text. */
export function streamErrorFromEventData(data: string): ErrorFields {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return { message: data === "" ? "upstream error" : data, type: DEFAULT_TYPE, code: null, param: null };
  }
  if (isJsonObject(parsed)) return streamErrorOf(parsed) ?? fromFields(parsed, data);
  return { message: typeof parsed === "string" ? parsed : data, type: DEFAULT_TYPE, code: null, param: null };
}
