/**
 * Tool calls written as text into an assistant message's `content`, read
 * the way the stream hold-back reads them: wherever in the text a call may
 * start, with the same limits, so that a text gives the same calls whole as
 * streamed in any deltas.
 */
import type { ToolDefinition } from "./types.ts";
import type { ContentToolCalls } from "./content-calls/read-leading-calls.ts";
import { extractHeldCalls } from "./text-holdback.ts";

export type { ContentToolCall, ContentToolCalls } from "./content-calls/read-leading-calls.ts";

/**
 * The tool calls written into `content`, with the text around them, or
 * `undefined` when there is no unambiguous call to a declared tool.
 */
export function extractToolCallsFromContent(content: string, tools: readonly ToolDefinition[]): ContentToolCalls | undefined {
  return extractHeldCalls(content, { tools });
}
