import { declaredTools } from "../protocol/chat-completions.ts";
import { completeChat } from "../turn/complete-chat.ts";
import { repairHistory } from "../turn/repair-history.ts";
import { streamChatCompletion } from "../turn/stream-chat-completion.ts";
import { interceptedRoute } from "./intercepted-route.ts";

/**
 * `POST /v1/chat/completions`: a request that declares tools gets its
 * answer's tool calls validated and repaired; any other is forwarded as bytes.
 */
export const chatCompletionsRoute = interceptedRoute({
  path: "/v1/chat/completions",
  route: "chat_completions",
  declaredTools: declaredTools,
  repairHistory: repairHistory,
  stream: streamChatCompletion,
  complete: completeChat,
});
