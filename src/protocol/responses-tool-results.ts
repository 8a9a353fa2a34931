/**
 * Tool results in a Responses request: `function_call_output` items of
 * `input` whose `call_id` names a `function_call` item before them. Calls
 * that follow one another form one round; anything else ends it. With
 * `previous_response_id` the calls may live server-side only: their results
 * are still classified and redacted, but cannot be matched to a call.
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import type { ToolResultEntry } from "../tool-results/inspect-tool-results.ts";
import type { RoundInfo } from "../tool-results/loop-guard.ts";
import { isResultContent } from "../tool-results/result-content.ts";
import type { LocatedToolHistory, ToolResultsFormat } from "./tool-results-format.ts";

type KnownCall = { readonly name: string; readonly arguments: unknown; readonly round: number };

/** A user's message item: `{ role: "user", … }` with or without `type: "message"`. */
const isUserMessage = (item: JsonObject) => item.role === "user" && (item.type === undefined || item.type === "message");

function read(body: JsonObject): LocatedToolHistory {
  const input = Array.isArray(body.input) ? (body.input as unknown[]) : [];
  const calls = new Map<string, KnownCall>();
  const rounds: RoundInfo[] = [];
  const found: Array<Omit<ToolResultEntry, "latest">> = [];
  const positions: number[] = [];
  let userSince = false;
  let inRound = false;
  let lastModelItem = -1;
  input.forEach((item, position) => {
    if (!isJsonObject(item)) return;
    if (isUserMessage(item)) userSince = true;
    if (item.type === "function_call") {
      lastModelItem = position;
      if (!inRound) {
        rounds.push({ afterUser: userSince });
        userSince = false;
        inRound = true;
      }
      if (typeof item.call_id === "string") {
        calls.set(item.call_id, { name: typeof item.name === "string" ? item.name : "", arguments: item.arguments, round: rounds.length - 1 });
      }
      return;
    }
    // Reasoning items sit among a turn's calls; they neither end nor start a round.
    if (item.type === "reasoning") return;
    inRound = false;
    if (item.role === "assistant") lastModelItem = position;
    if (item.type === "function_call_output" && typeof item.call_id === "string" && isResultContent(item.output)) {
      found.push({ callId: item.call_id, call: calls.get(item.call_id), content: item.output });
      positions.push(position);
    }
  });
  // Results after the model's last turn are new to it.
  const results: ToolResultEntry[] = found.map((result, index) => ({ ...result, latest: positions[index]! > lastModelItem }));
  const last = input.at(-1);
  const endsWithResult = isJsonObject(last) && last.type === "function_call_output" && results.length > 0;
  return { results, rounds, positions, trailingRound: endsWithResult ? results.at(-1)!.call?.round : undefined };
}

function write(body: JsonObject, contents: ReadonlyMap<number, unknown>): JsonObject {
  const input = [...(body.input as unknown[])];
  for (const [position, output] of contents) input[position] = { ...(input[position] as JsonObject), output };
  return { ...body, input };
}

export const responsesToolResults: ToolResultsFormat = {
  hintPartType: "input_text",
  read,
  write,
  paramOf: (position) => `input[${position}].output`,
};
