/**
 * Tool results in a Chat Completions request: `role: "tool"` messages whose
 * `tool_call_id` names a call in an earlier assistant message's `tool_calls`.
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import { isResultContent } from "../tool-results/result-content.ts";
import { ToolHistoryBuilder } from "./tool-history-builder.ts";
import { replaceItemFields, type LocatedToolHistory, type ToolResultsFormat } from "./tool-results-format.ts";

function read(body: JsonObject): LocatedToolHistory {
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  const history = new ToolHistoryBuilder();
  messages.forEach((message, position) => {
    if (!isJsonObject(message)) return;
    if (message.role === "user") history.user();
    if (message.role === "assistant") history.modelTurn(position);
    if (message.role === "assistant" && Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
      history.startRound();
      for (const call of message.tool_calls) {
        if (!isJsonObject(call) || typeof call.id !== "string" || !isJsonObject(call.function)) continue;
        history.call(call.id, typeof call.function.name === "string" ? call.function.name : "", call.function.arguments);
      }
    }
    if (message.role === "tool" && typeof message.tool_call_id === "string" && isResultContent(message.content)) {
      history.result(position, message.tool_call_id, message.content);
    }
  });
  const last = messages.at(-1);
  return history.finish(isJsonObject(last) && last.role === "tool");
}

export const chatToolResults: ToolResultsFormat = {
  hintPartType: "text",
  read,
  write: (body, contents) => replaceItemFields(body, "messages", "content", contents),
  paramOf: (position) => `messages[${position}].content`,
};
