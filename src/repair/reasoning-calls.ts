/**
 * Tool calls a model wrote at the end of its reasoning when the server puts
 * reasoning in a field of its own (`reasoning_content`, `reasoning`, a
 * Responses reasoning item) and the answer has no calls and no text but a
 * lead-in (see lead-in.ts): a reasoning parser that did not see the model
 * close its reasoning (Qwen3.5, DeepSeek V4 writing `<｜DSML｜tool_calls>`
 * before `</think>`) files the call there, and Qwen3-Coder writes its call
 * there and then only `Let me create the file:` as its answer. Read by the same rules as a call inside `<think>` in content: tag or
 * token formats only, closed within `MAX_REASONING_CALL_CHARS`, unhedged, and
 * nothing after it but space, a closing think tag or stop tokens.
 */
import type { ToolDefinition } from "./types.ts";
import type { ContentToolCall } from "./content-calls/read-leading-calls.ts";
import { leadsIn, mayLeadIn } from "./lead-in.ts";
import { createTextHoldback, type TextHoldback, type TextHoldbackLimits } from "./text-holdback.ts";

export interface ReasoningCalls {
  readonly calls: readonly ContentToolCall[];
  /** The reasoning with the calls' markup taken out, the rest as written (not trimmed: a stream sends it as is). */
  readonly reasoning: string;
}

export interface ReasoningReadOptions extends TextHoldbackLimits {
  readonly tools: readonly ToolDefinition[];
  readonly now?: () => number;
}

/**
 * A hold-back for a stream of reasoning deltas: what may be shown now; at the end, the calls it ended on.
 * Space the reasoning opens with waits for the first word: reasoning that is all a call then shows nothing
 * before the call is judged (nothing sends the response's headers), as an answer with no reasoning would.
 */
export function createReasoningHoldback(options: ReasoningReadOptions): TextHoldback {
  const holdback = createTextHoldback({ ...options, reasoning: true });
  /** Released space, while nothing but space was released. */
  let space = "";
  let shown = false;
  return {
    push(delta) {
      const released = holdback.push(delta);
      if (shown) return released;
      if (released.trim() === "") {
        space += released;
        return "";
      }
      shown = true;
      const out = space + released;
      space = "";
      return out;
    },
    end(options) {
      const end = holdback.end(options);
      const text = space + end.text;
      space = "";
      return { ...end, text };
    },
  };
}

/** Whether an answer's text leaves its reasoning to be read: no text but space, or a lead-in (and no calls, the caller's check). */
export function leavesReasoningToRead(content: unknown): boolean {
  return content === undefined || content === null || (typeof content === "string" && (content.trim() === "" || leadsIn(content)));
}

/**
 * A stream's answer text so far with `delta` added, kept to judge a lead-in: leading space is no part of one,
 * and the caller stops adding once the text can no longer lead in (so it stays short).
 */
export function saidSoFar(said: string, delta: string): string {
  return said === "" ? delta.trimStart() : said + delta;
}

/** Whether an answer's text so far may still leave its reasoning to be read: a stream holds the reasoning's calls while it may. */
export function mayLeaveReasoningToRead(prefix: string): boolean {
  return prefix.trim() === "" || mayLeadIn(prefix);
}

/**
 * The calls a whole reasoning text ends on, read exactly as a stream of the
 * same text would be (one push, then the end); `undefined` when none.
 */
export function extractReasoningCalls(reasoning: string, options: ReasoningReadOptions): ReasoningCalls | undefined {
  const holdback = createReasoningHoldback({ ...options, now: undefined });
  const released = holdback.push(reasoning);
  const end = holdback.end();
  return end.calls.length === 0 ? undefined : { calls: end.calls, reasoning: released + end.text };
}
