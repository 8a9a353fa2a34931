/**
 * One choice of a Chat Completions stream, as the assembler tracks it, and
 * its text hold-back: text that may begin a call written as text is held
 * (see text-holdback.ts); read as calls, it joins the choice's calls as if
 * they had come as tool-call deltas.
 */
import type { JsonObject } from "../json.ts";
import type { TextHoldback } from "../repair/text-holdback.ts";
import type { ToolCallAccumulator } from "./tool-call-accumulator.ts";

export interface ChoiceState {
  readonly index: number;
  /** Something visible was forwarded for this choice: no more holding of role chunks. */
  released: boolean;
  heldRole: JsonObject | undefined;
  /** The held role's payload as received, when it was a chunk of its own (no re-serialising). */
  heldRoleData: string | undefined;
  calls: ToolCallAccumulator;
  /** The choice's text hold-back, until the choice finishes. */
  text: TextHoldback | undefined;
  /** Calls read from the choice's text. */
  extracted: number;
  finished: boolean;
  /** The last chunk seen for this choice: the template if `[DONE]` must close it. */
  lastChunk: JsonObject;
}

/**
 * The choice's text is over: what was held goes out as text, or, read as
 * calls, joins the choice's calls (a choice with real calls keeps its text
 * as text, as a whole answer's would). Returns the text to send.
 */
export function endText(state: ChoiceState, createToolCallId: () => string): string {
  const holdback = state.text;
  if (holdback === undefined) return "";
  state.text = undefined;
  const end = holdback.end({ extract: state.calls.size === 0 });
  if (end.calls.length > 0) {
    state.calls.add(end.calls.map((call, index) => ({ index, id: createToolCallId(), type: "function", function: { name: call.name, arguments: call.arguments } })));
    state.extracted = end.calls.length;
  }
  return end.text;
}

/** One choice of a chunk, read for its text. */
export interface ChoiceText {
  readonly choice: JsonObject;
  readonly delta: JsonObject | undefined;
  readonly state: ChoiceState;
  /** The choice's finish reason: its text ends here. */
  readonly reason: string | undefined;
}

/** The choice with its text replaced by what may be sent now. */
export function heldBack({ choice, delta, state, reason }: ChoiceText, createToolCallId: () => string): JsonObject {
  const content = delta !== undefined && typeof delta.content === "string" ? delta.content : undefined;
  let released = content === undefined || content === "" || state.text === undefined ? content : state.text.push(content);
  if (reason !== undefined) {
    const rest = endText(state, createToolCallId);
    if (rest !== "") released = (released ?? "") + rest;
  }
  return released === content ? choice : { ...choice, delta: { ...delta, content: released } };
}
