/**
 * Every error toolmend itself answers with, in one table: HTTP status, the
 * OpenAI-style `type`. Throw sites name a code; they never choose a status.
 */
export const errorCodes = {
  invalid_json: { status: 400, type: "invalid_request_error" },
  too_many_tools: { status: 400, type: "invalid_request_error" },
  invalid_path: { status: 400, type: "invalid_request_error" },
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
} as const;

export type ErrorCode = keyof typeof errorCodes;

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
}

/** OpenAI's error body: what every SDK knows how to turn into a typed error. */
export interface OpenAIErrorBody {
  error: { message: string; type: string; code: string; param: string | null; [extra: string]: unknown };
}

export function openAIErrorBody(code: ErrorCode, message: string, param: string | null = null): OpenAIErrorBody {
  return { error: { message, type: errorCodes[code].type, code, param } };
}
