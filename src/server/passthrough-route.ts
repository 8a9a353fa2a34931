import type { FastifyInstance } from "fastify";
import { forwardRequest, relayResponse } from "../turn/forward-request.ts";

/** Every `/v1/*` route toolmend does not intercept: bytes streamed both ways. */
export async function passthroughRoute(app: FastifyInstance): Promise<void> {
  app.all("/v1/*", { config: { route: "passthrough" } }, async (request, reply) => {
    return relayResponse(reply, await forwardRequest(app.toolmend, request, reply));
  });
}
