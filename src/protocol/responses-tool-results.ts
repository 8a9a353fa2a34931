/**
 * Tool results in a Responses request: `function_call_output` items of
 * `input` whose `call_id` names a `function_call` item before them. Calls
 * that follow one another form one round; anything else ends it. With
 * `previous_response_id` the calls may live server-side only: their results
 * are still classified and redacted, but cannot be matched to a call.
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import { isResultContent } from "../tool-results/result-content.ts";
import { ToolHistoryBuilder } from "./tool-history-builder.ts";
import { replaceItemFields, type LocatedToolHistory, type ToolResultsFormat } from "./tool-results-format.ts";

/** A user's message item: `{ role: "user", … }` with or without `type: "message"`. */
const isUserMessage = (item: JsonObject) => item.role === "user" && (item.type === undefined || item.type === "message");

function read(body: JsonObject): LocatedToolHistory {
  const input = Array.isArray(body.input) ? (body.input as unknown[]) : [];
  const history = new ToolHistoryBuilder();
  let inRound = false;
  input.forEach((item, position) => {
    if (!isJsonObject(item)) return;
    if (isUserMessage(item)) history.user();
    if (item.type === "function_call") {
      history.modelTurn(position);
      if (!inRound) {
        history.startRound();
        inRound = true;
      }
      if (typeof item.call_id === "string") history.call(item.call_id, typeof item.name === "string" ? item.name : "", item.arguments);
      return;
    }
    // Reasoning items sit among a turn's calls; they neither end nor start a round.
    if (item.type === "reasoning") return;
    inRound = false;
    if (item.role === "assistant") history.modelTurn(position);
    if (item.type === "function_call_output" && typeof item.call_id === "string" && isResultContent(item.output)) {
      history.result(position, item.call_id, item.output);
    }
  });
  const last = input.at(-1);
  return history.finish(isJsonObject(last) && last.type === "function_call_output");
}

export const responsesToolResults: ToolResultsFormat = {
  hintPartType: "input_text",
  read,
  write: (body, contents) => replaceItemFields(body, "input", "output", contents),
  paramOf: (position) => `input[${position}].output`,
};
