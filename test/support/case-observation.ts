/**
 * What a client received from toolmend for one case, reduced to what a
 * comparison needs: escalated or not, the calls (name + arguments as sent),
 * and the visible text. Same shape for the four answer kinds, so a streamed
 * answer can be compared with the non-streamed one.
 */
import { isJsonObject, type JsonObject } from "../../src/json.ts";
import type { AnswerCase, CaseApi } from "./case-answers.ts";
import { caseHandler, caseRequest } from "./case-answers.ts";
import type { ScriptedUpstream } from "./scripted-upstream.ts";

type Json = JsonObject;

export interface ObservedCall {
  readonly name: string;
  /** As sent: a string normally; whatever the upstream sent when it was not one. */
  readonly arguments: unknown;
}

export interface Observation {
  readonly status: number;
  /** An error came back (HTTP error, or an error event in the stream). */
  readonly escalated: boolean;
  readonly calls: readonly ObservedCall[];
  readonly text: string;
  /** The reasoning shown beside the text (`reasoning_content`, reasoning items' text). */
  readonly reasoning: string;
}

function ssePayloads(body: string): unknown[] {
  const payloads: unknown[] = [];
  for (const block of body.split("\n\n")) {
    const data = block
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(line.startsWith("data: ") ? 6 : 5))
      .join("\n");
    if (data === "" || data === "[DONE]") continue;
    payloads.push(JSON.parse(data) as unknown);
  }
  return payloads;
}

const stringOr = (value: unknown): string => (typeof value === "string" ? value : "");

function observeChatMessage(body: Json): Pick<Observation, "calls" | "text" | "reasoning"> {
  const choices = Array.isArray(body.choices) ? body.choices : [];
  const message = isJsonObject(choices[0]) && isJsonObject(choices[0].message) ? choices[0].message : {};
  const toolCalls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  return {
    text: typeof message.content === "string" ? message.content : "",
    reasoning: stringOr(message.reasoning_content),
    calls: toolCalls.filter(isJsonObject).map((call) => {
      const fn = isJsonObject(call.function) ? call.function : {};
      return { name: String(fn.name), arguments: fn.arguments };
    }),
  };
}

function observeChatStream(payloads: readonly unknown[]): Omit<Observation, "status"> {
  let text = "";
  let reasoning = "";
  let escalated = false;
  const calls = new Map<number, { name: string; arguments: unknown }>();
  for (const payload of payloads) {
    if (!isJsonObject(payload)) continue;
    if (payload.error !== undefined) escalated = true;
    const choice = Array.isArray(payload.choices) && isJsonObject(payload.choices[0]) ? payload.choices[0] : undefined;
    const delta = choice !== undefined && isJsonObject(choice.delta) ? choice.delta : undefined;
    if (delta === undefined) continue;
    if (typeof delta.content === "string") text += delta.content;
    reasoning += stringOr(delta.reasoning_content);
    for (const call of Array.isArray(delta.tool_calls) ? delta.tool_calls.filter(isJsonObject) : []) {
      const index = typeof call.index === "number" ? call.index : calls.size;
      const fn = isJsonObject(call.function) ? call.function : {};
      const entry = calls.get(index) ?? { name: "", arguments: "" };
      if (typeof fn.name === "string") entry.name += fn.name;
      if (typeof fn.arguments === "string" && typeof entry.arguments === "string") entry.arguments += fn.arguments;
      else if (fn.arguments !== undefined) entry.arguments = fn.arguments;
      calls.set(index, entry);
    }
  }
  return { escalated, text, reasoning, calls: [...calls].sort(([left], [right]) => left - right).map(([, call]) => call) };
}

function observeResponseOutput(output: readonly unknown[]): Pick<Observation, "calls" | "text" | "reasoning"> {
  let text = "";
  let reasoning = "";
  const calls: ObservedCall[] = [];
  for (const item of output.filter(isJsonObject)) {
    if (item.type === "function_call") calls.push({ name: String(item.name), arguments: item.arguments });
    if (item.type === "message" && Array.isArray(item.content)) {
      for (const part of item.content.filter(isJsonObject)) if (typeof part.text === "string") text += part.text;
    }
    if (item.type === "reasoning" && Array.isArray(item.content)) {
      for (const part of item.content.filter(isJsonObject)) reasoning += stringOr(part.text);
    }
  }
  return { text, reasoning, calls };
}

function observeResponsesStream(payloads: readonly unknown[]): Omit<Observation, "status"> {
  let escalated = false;
  const done: unknown[] = [];
  // Text shown before an escalation: its message item never completes, but the client saw it.
  let shown = "";
  for (const payload of payloads) {
    if (!isJsonObject(payload)) continue;
    if (payload.type === "error" || payload.type === "response.failed" || payload.error !== undefined) escalated = true;
    if (payload.type === "response.output_item.done") done.push(payload.item);
    if (payload.type === "response.output_text.delta" && typeof payload.delta === "string") shown += payload.delta;
  }
  const output = observeResponseOutput(done);
  return { escalated, ...output, text: escalated && output.text === "" ? shown : output.text };
}

/** Reads toolmend's answer (status and body text) for the given API and mode. */
export function observeAnswer(api: CaseApi, stream: boolean, status: number, body: string): Observation {
  if (status >= 400) return { status, escalated: true, calls: [], text: "", reasoning: "" };
  if (stream) {
    const payloads = ssePayloads(body);
    return { status, ...(api === "chat" ? observeChatStream(payloads) : observeResponsesStream(payloads)) };
  }
  const parsed = JSON.parse(body) as Json;
  if (api === "chat") return { status, escalated: false, ...observeChatMessage(parsed) };
  return { status, escalated: false, ...observeResponseOutput(Array.isArray(parsed.output) ? parsed.output : []) };
}

/**
 * Runs one case through a running toolmend whose upstream is `upstream`:
 * scripts the upstream with the case's answer, sends the client request, observes.
 */
export async function runCase(
  toolmendOrigin: string,
  upstream: ScriptedUpstream,
  testCase: AnswerCase,
  api: CaseApi,
  stream: boolean,
): Promise<Observation> {
  upstream.script(caseHandler(testCase, api, stream));
  const response = await fetch(`${toolmendOrigin}/v1/${api === "chat" ? "chat/completions" : "responses"}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer sk-test" },
    body: JSON.stringify(caseRequest(testCase, api, stream)),
  });
  return observeAnswer(api, stream, response.status, await response.text());
}
