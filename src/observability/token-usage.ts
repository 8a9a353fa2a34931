/**
 * Token counts from an upstream answer's `usage`: chat completions name them
 * `prompt_tokens` / `completion_tokens`, the Responses API `input_tokens` /
 * `output_tokens` (inside `response` in its stream events).
 */
import { isJsonObject, parseJsonObject } from "../json.ts";

export interface TokenUsage {
  readonly prompt: number;
  readonly completion: number;
}

const count = (value: unknown): number => (typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? value : 0);

/** The usage of a whole answer (a chat completion, a response, a stream chunk or event), if it has one. */
export function tokenUsage(answer: unknown): TokenUsage | undefined {
  if (!isJsonObject(answer)) return undefined;
  const usage = isJsonObject(answer.usage) ? answer.usage : isJsonObject(answer.response) && isJsonObject(answer.response.usage) ? answer.response.usage : undefined;
  if (usage === undefined) return undefined;
  return { prompt: count(usage.prompt_tokens ?? usage.input_tokens), completion: count(usage.completion_tokens ?? usage.output_tokens) };
}

// Most stream events carry no usage (or `"usage":null`): only those with an object are parsed again.
const hasUsageObject = /"usage"\s*:\s*\{/;

/** The usage in one stream event's data, looked for only when the text has a usage object. */
export function tokenUsageInEvent(data: string): TokenUsage | undefined {
  return hasUsageObject.test(data) ? tokenUsage(parseJsonObject(data)) : undefined;
}
