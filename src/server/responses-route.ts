import { responsesFormat } from "../protocol/responses-format.ts";
import { interceptedRoute } from "./intercepted-route.ts";

/**
 * `POST /v1/responses`: a request that declares function tools gets the
 * `function_call` items of its answer validated and repaired, streamed or
 * not; any other is forwarded as bytes.
 */
export const responsesRoute = interceptedRoute(responsesFormat);
