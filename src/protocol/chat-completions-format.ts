/** The Chat Completions adapter: `POST /v1/chat/completions`, streamed or not. */
import type { JsonObject } from "../json.ts";
import { chatFormConversion } from "./chat-form-conversion.ts";
import { chatAnswerFormat } from "./chat-answer.ts";
import { declaredTools, type ChatCall } from "./chat-completions.ts";
import { mendChatHistory } from "./chat-history.ts";
import { chatStreamFormat, type ChatStreamCall, type ChatStreamCalls } from "./chat-stream-format.ts";
import { chatToolResults } from "./chat-tool-results.ts";
import type { RequestFormat, WireFormat } from "./wire-format.ts";

const chatRequestFormat: RequestFormat = {
  declaredTools,
  mendHistory: mendChatHistory,
  // The client keeps the conversation: every round is a request of its own.
  storedConversation: () => false,
  // `n`, whose default (absent or null) is one.
  toolResults: chatToolResults,
  choiceCount: (body: JsonObject) => (body.n === undefined || body.n === null ? 1 : typeof body.n === "number" ? body.n : Number.NaN),
};

export const chatCompletionsFormat: WireFormat<ChatCall, ChatStreamCall, string, ChatStreamCalls> = {
  path: "/v1/chat/completions",
  route: "chat_completions",
  request: chatRequestFormat,
  answer: chatAnswerFormat,
  stream: chatStreamFormat,
  conversion: chatFormConversion,
};
