import { chatCompletionsFormat } from "../protocol/chat-completions-format.ts";
import { interceptedRoute } from "./intercepted-route.ts";

/**
 * `POST /v1/chat/completions`: a request that declares tools gets its
 * answer's tool calls validated and repaired; any other is forwarded as bytes.
 */
export const chatCompletionsRoute = interceptedRoute(chatCompletionsFormat);
