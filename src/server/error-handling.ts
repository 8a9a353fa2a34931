import type { FastifyError, FastifyInstance } from "fastify";
import { ToolmendError, type ErrorCode } from "../errors.ts";
import { sendError } from "../turn/turn-reporting.ts";

// Fastify's own errors that a client causes, mapped onto the registry. (Every media type,
// empty or not, reaches the one catch-all body parser, so fastify's JSON-parser errors never fire.)
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "body_too_large",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "invalid_json",
};

/** Every error leaves as an OpenAI-style body, so SDKs raise their usual typed errors. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ToolmendError, request, reply) => {
    if (error instanceof ToolmendError) {
      // A client that hangs up is ordinary: one line, no stack.
      if (error.code === "client_closed") request.log.info({ code: error.code }, "client_closed");
      else if (error.status >= 500) request.log.warn({ err: error }, error.message);
      return sendError(reply, error);
    }
    const code = fastifyCodes[error.code];
    if (code !== undefined) return sendError(reply, new ToolmendError(code, error.message, { cause: error }));
    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, new ToolmendError("internal_error", "toolmend failed to handle the request.", { cause: error }));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?", 1)[0];
    const message = `No route ${request.method} ${path}: toolmend serves /v1/*, /healthz, /readyz and /metrics.`;
    sendError(reply, new ToolmendError("not_found", message));
  });
}
