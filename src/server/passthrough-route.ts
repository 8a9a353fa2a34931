import type { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { forwardRequest, relayResponse } from "../turn/forward-request.ts";
import { replayableOrStreamed } from "../upstream/client-body.ts";

/**
 * Every `/v1/*` route toolmend does not intercept: bytes streamed both ways,
 * with no size limit and bounded memory. A body up to
 * `REPLAYABLE_BODY_BYTES` is held so that transport retries can replay it;
 * a larger one streams and is sent once.
 */
export async function passthroughRoute(app: FastifyInstance): Promise<void> {
  // In this route's scope only: the body is left unread, as the client's stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
  app.all("/v1/*", { config: { route: "passthrough" } }, async (request, reply) => {
    const body = request.body === undefined ? undefined : await replayableOrStreamed(request.body as Readable);
    return relayResponse(reply, await forwardRequest(app.toolmend, request, reply, { body }));
  });
}
