/**
 * Tool results in a Chat Completions request: `role: "tool"` messages whose
 * `tool_call_id` names a call in an earlier assistant message's `tool_calls`.
 */
import { isJsonObject, type JsonObject } from "../json.ts";
import type { ToolResultEntry } from "../tool-results/inspect-tool-results.ts";
import type { RoundInfo } from "../tool-results/loop-guard.ts";
import { isResultContent } from "../tool-results/result-content.ts";
import type { LocatedToolHistory, ToolResultsFormat } from "./tool-results-format.ts";

type KnownCall = { readonly name: string; readonly arguments: unknown; readonly round: number };

function read(body: JsonObject): LocatedToolHistory {
  const messages = Array.isArray(body.messages) ? (body.messages as unknown[]) : [];
  const calls = new Map<string, KnownCall>();
  const rounds: RoundInfo[] = [];
  const found: Array<Omit<ToolResultEntry, "latest">> = [];
  const positions: number[] = [];
  let userSince = false;
  let lastAssistant = -1;
  messages.forEach((message, position) => {
    if (!isJsonObject(message)) return;
    if (message.role === "user") userSince = true;
    if (message.role === "assistant") lastAssistant = position;
    if (message.role === "assistant" && Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
      const round = rounds.length;
      rounds.push({ afterUser: userSince });
      userSince = false;
      for (const call of message.tool_calls) {
        if (!isJsonObject(call) || typeof call.id !== "string" || !isJsonObject(call.function)) continue;
        const name = typeof call.function.name === "string" ? call.function.name : "";
        calls.set(call.id, { name, arguments: call.function.arguments, round });
      }
    }
    if (message.role === "tool" && typeof message.tool_call_id === "string" && isResultContent(message.content)) {
      found.push({ callId: message.tool_call_id, call: calls.get(message.tool_call_id), content: message.content });
      positions.push(position);
    }
  });
  // Results after the model's last turn are new to it.
  const results: ToolResultEntry[] = found.map((result, index) => ({ ...result, latest: positions[index]! > lastAssistant }));
  const last = messages.at(-1);
  const endsWithResult = isJsonObject(last) && last.role === "tool" && results.length > 0;
  return { results, rounds, positions, trailingRound: endsWithResult ? results.at(-1)!.call?.round : undefined };
}

function write(body: JsonObject, contents: ReadonlyMap<number, unknown>): JsonObject {
  const messages = [...(body.messages as unknown[])];
  for (const [position, content] of contents) messages[position] = { ...(messages[position] as JsonObject), content };
  return { ...body, messages };
}

export const chatToolResults: ToolResultsFormat = {
  hintPartType: "text",
  read,
  write,
  paramOf: (position) => `messages[${position}].content`,
};
