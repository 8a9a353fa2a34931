import type { FastifyInstance } from "fastify";
import type { RouteLabel } from "../observability/metrics.ts";
import { clientResponseHeaders } from "../proxy/forward-headers.ts";
import { forwardRequest } from "./passthrough.ts";
import { readJsonBody } from "./read-json-body.ts";

const interceptedPaths: ReadonlyArray<readonly [string, RouteLabel]> = [
  ["/v1/chat/completions", "chat_completions"],
  ["/v1/responses", "responses"],
];

/**
 * The routes whose answers carry tool calls. Their bodies must be JSON
 * objects (400 otherwise); the bytes are forwarded unchanged.
 */
export async function interceptedRoutes(app: FastifyInstance): Promise<void> {
  for (const [path, route] of interceptedPaths) {
    app.post(path, { config: { route } }, async (request, reply) => {
      const body = readJsonBody(request);
      const response = await forwardRequest(app, request, reply, body.bytes);
      reply.code(response.status).headers(clientResponseHeaders(response.headers));
      return reply.send(response.body);
    });
  }
}
