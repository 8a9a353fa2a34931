/**
 * Every error toolmend itself answers with, in one table: HTTP status and the
 * OpenAI-style `type`. Throw sites name a code; they never choose a status or
 * spell a type, whether the error leaves as a response or inside a stream.
 */
export const errorCodes = {
  invalid_json: { status: 400, type: "invalid_request_error" },
  too_many_tools: { status: 400, type: "invalid_request_error" },
  invalid_path: { status: 400, type: "invalid_request_error" },
  // An escalation: "invalid" in both type and code so every SDK raises a non-retryable client error.
  // `repair.escalationStatus` may answer 422 instead; its default is this status.
  invalid_tool_call: { status: 400, type: "invalid_request_error" },
  body_too_large: { status: 413, type: "invalid_request_error" },
  not_found: { status: 404, type: "invalid_request_error" },
  upstream_unreachable: { status: 502, type: "upstream_error" },
  upstream_timeout: { status: 504, type: "upstream_error" },
  upstream_invalid_answer: { status: 502, type: "upstream_error" },
  upstream_invalid_response: { status: 502, type: "upstream_error" },
  upstream_response_too_large: { status: 502, type: "upstream_error" },
  upstream_stream_failed: { status: 502, type: "upstream_error" },
  client_closed: { status: 499, type: "client_error" },
  internal_error: { status: 500, type: "server_error" },
} as const satisfies Record<string, { readonly status: number; readonly type: string }>;

export type ErrorCode = keyof typeof errorCodes;

/**
 * The fields of an OpenAI-style error (`{"error":{…}}`'s inside): what every
 * SDK turns into a typed error. An upstream's error relayed mid-stream may
 * carry a numeric code or extra fields; toolmend's own carry an `ErrorCode`.
 */
export interface ErrorFields {
  readonly message: string;
  readonly type: string;
  readonly code: string | number | null;
  readonly param: string | null;
  readonly [extra: string]: unknown;
}

/** OpenAI's error body: what every SDK knows how to turn into a typed error. */
export interface OpenAIErrorBody<Fields extends ErrorFields = ErrorFields> {
  readonly error: Fields;
}

/** The fields of toolmend's own error `code`; `extra` rides along after the four standard ones. */
export function errorFields<Extra extends Record<string, unknown> = Record<never, never>>(
  code: ErrorCode,
  message: string,
  param: string | null = null,
  extra?: Extra,
): ErrorFields & Extra {
  return { message, type: errorCodes[code].type, code, param, ...(extra as Extra) };
}

/** The body of toolmend's own error `code`. */
export function openAIErrorBody<Extra extends Record<string, unknown> = Record<never, never>>(
  code: ErrorCode,
  message: string,
  param: string | null = null,
  extra?: Extra,
): OpenAIErrorBody<ErrorFields & Extra> {
  return { error: errorFields(code, message, param, extra) };
}

/** An error toolmend answers with; thrown only across I/O (inside the pipeline, errors are values). */
export class ToolmendError extends Error {
  override name = "ToolmendError";
  readonly code: ErrorCode;

  constructor(code: ErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }

  get status(): number {
    return errorCodes[this.code].status;
  }

  /** The OpenAI-style body this error leaves as. */
  body(): OpenAIErrorBody {
    return openAIErrorBody(this.code, this.message);
  }
}
