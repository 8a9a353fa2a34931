import { declaredResponseTools } from "../protocol/responses.ts";
import { completeResponse } from "../turn/complete-response.ts";
import { repairResponsesHistory } from "../turn/repair-history.ts";
import { streamResponse } from "../turn/stream-response.ts";
import { interceptedRoute } from "./intercepted-route.ts";

/**
 * `POST /v1/responses`: a request that declares function tools gets the
 * `function_call` items of its answer validated and repaired, streamed or
 * not; any other is forwarded as bytes.
 */
export const responsesRoute = interceptedRoute({
  path: "/v1/responses",
  route: "responses",
  declaredTools: declaredResponseTools,
  repairHistory: repairResponsesHistory,
  stream: streamResponse,
  complete: completeResponse,
});
