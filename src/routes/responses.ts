import type { FastifyInstance } from "fastify";
import { forwardRequest, relayResponse } from "./forward-request.ts";
import { readJsonBody } from "./read-json-body.ts";

/**
 * `POST /v1/responses`: the body must be a JSON object (400 otherwise); the
 * bytes are forwarded unchanged.
 */
export async function responsesRoute(app: FastifyInstance): Promise<void> {
  app.post("/v1/responses", { config: { route: "responses" } }, async (request, reply) => {
    const body = readJsonBody(request);
    return relayResponse(reply, await forwardRequest(app, request, reply, { body: body.bytes }));
  });
}
