/**
 * The vocabulary of the Chat Completions stream assembler: what it hands the
 * route for each upstream `data:` payload.
 */
import type { JsonObject } from "../json.ts";
import type { ErrorFields } from "../errors.ts";

/** One tool call of a finished choice, assembled from its deltas. */
export interface AssembledToolCall {
  /** Position in the choice, 0..n-1 (renumbered: upstream indexes may be missing or reused). */
  readonly index: number;
  readonly id: string;
  readonly type: "function";
  readonly name: string;
  readonly arguments: string;
  /**
   * The arguments as sent when they were a JSON value, not text (Ollama): judged
   * as sent, as in a whole answer, so that the stringifying counts as a repair.
   */
  readonly sentArguments?: unknown;
  /** Unknown call-level fields, kept verbatim (Gemini's `extra_content`). */
  readonly extra: JsonObject;
  /** Unknown fields of `function`, kept verbatim (`thought_signature` on some gateways). */
  readonly functionExtra: JsonObject;
}

/** A choice that was still open when the stream ended without `[DONE]`. */
export interface OpenChoice {
  readonly choiceIndex: number;
  readonly calls: AssembledToolCall[];
  readonly heldRole: JsonObject | undefined;
}

export type ChatStreamAction =
  /**
   * Send this payload now (as received unless it had to be split). `text`:
   * the chunk is one choice's and its delta carries text (the chunk may
   * carry its role or finish reason too).
   */
  | { readonly kind: "forward"; readonly data: string; readonly text?: { readonly choice: number; readonly text: string } }
  /** The upstream's `[DONE]`. */
  | { readonly kind: "done" }
  /** A choice that carried tool calls (or claimed to) reached its finish reason. */
  | ChoiceFinished
  /** The upstream reported an error mid-stream, in whatever vendor shape. */
  | { readonly kind: "error"; readonly error: ErrorFields }
  /** Held tool-call arguments outgrew the bound; the assembler accepts nothing more. */
  | { readonly kind: "too_large"; readonly limit: number }
  /** The stream ended without `[DONE]` while a choice was open: a failure, never a complete answer. */
  | { readonly kind: "truncated_stream"; readonly choices: OpenChoice[] };

export interface ChoiceFinished {
  readonly kind: "choice_finished";
  readonly choiceIndex: number;
  /** Upstream's reason, with `stop` on a choice that carries calls normalised to `tool_calls`. */
  readonly finishReason: string;
  readonly calls: AssembledToolCall[];
  /**
   * The upstream chunk that carried the finish reason, tool-call deltas (and
   * any text, already forwarded) removed, finish reason normalised: send it
   * after the calls. Also the template for the calls' chunk.
   */
  readonly finishChunk: JsonObject;
  /** The held role chunk (a tool-only turn sent nothing yet); send it first. */
  readonly heldRole: JsonObject | undefined;
  /** Payloads (chunks without choices, e.g. Azure's `prompt_filter_results`) held before anything was sent. */
  readonly prelude: string[];
  /** `finish_reason: "tool_calls"` with no call at all: a failure. */
  readonly inconsistent: boolean;
  /** How many of `calls` were read from the choice's text (calls written as text). */
  readonly extracted: number;
}
