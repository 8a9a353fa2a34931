/**
 * A feedback round for Chat Completions: the request again, with the
 * assistant turn that went wrong and one tool result per call telling the
 * model what to fix. The client never sees this turn.
 */
import type { CallVerdict } from "../repair/outcomes.ts";
import { isJsonObject, type JsonObject } from "../json.ts";

export const NOT_EXECUTED =
  "Not executed: another call in the same turn had invalid arguments, so none of them ran. Re-issue this call if it is still needed.";

/** The tool result the model reads for one call of the failed turn. */
export function feedbackMessage(verdict: CallVerdict): string {
  if (verdict.outcome.kind !== "failed") return NOT_EXECUTED;
  const { error } = verdict.outcome;
  const retry =
    error.kind === "unknown_tool" ? "Call one of the available tools instead." : `Call \`${error.tool}\` again with corrected arguments.`;
  return `Error: the call was not executed. ${error.message}\n${retry}`;
}

/**
 * `body` with the assistant message of the failed choice and a tool result
 * for each of its calls appended. Arguments that are not a string (an
 * upstream quirk) are sent back as strings, which every upstream accepts.
 */
export function feedbackRequest(body: JsonObject, assistant: JsonObject, verdicts: readonly CallVerdict[]): JsonObject {
  const toolCalls = Array.isArray(assistant.tool_calls) ? assistant.tool_calls : [];
  const echoed = {
    ...assistant,
    tool_calls: toolCalls.map((toolCall: unknown) => {
      if (!isJsonObject(toolCall) || !isJsonObject(toolCall.function)) return toolCall;
      const args = toolCall.function.arguments;
      return typeof args === "string" ? toolCall : { ...toolCall, function: { ...toolCall.function, arguments: JSON.stringify(args ?? {}) } };
    }),
  };
  const results = verdicts.map((verdict) => ({ role: "tool", tool_call_id: verdict.call.id, content: feedbackMessage(verdict) }));
  const messages = Array.isArray(body.messages) ? body.messages : [];
  return { ...body, messages: [...messages, echoed, ...results] };
}
