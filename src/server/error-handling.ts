import type { FastifyError, FastifyInstance } from "fastify";
import { openAIErrorBody, ToolmendError, type ErrorCode } from "../errors.ts";

// Fastify's own errors that a client causes, mapped onto our table.
const fastifyCodes: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "body_too_large",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "invalid_json",
  FST_ERR_CTP_EMPTY_JSON_BODY: "invalid_json",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "invalid_json",
};

/** Every error leaves as an OpenAI-style body, so SDKs raise their usual typed errors. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ToolmendError, request, reply) => {
    if (error instanceof ToolmendError) {
      // A client that hangs up is ordinary: one line, no stack.
      if (error.code === "client_closed") request.log.info({ code: error.code }, "client_closed");
      else if (error.status >= 500) request.log.warn({ err: error }, error.message);
      return reply.code(error.status).send(openAIErrorBody(error.code, error.message));
    }
    const code = fastifyCodes[error.code];
    if (code !== undefined) return reply.code(error.statusCode ?? 400).send(openAIErrorBody(code, error.message));
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send(openAIErrorBody("internal_error", "toolmend failed to handle the request."));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?", 1)[0];
    reply
      .code(404)
      .send(
        openAIErrorBody("not_found", `No route ${request.method} ${path}: toolmend serves /v1/*, /healthz, /readyz and /metrics.`),
      );
  });
}
