/**
 * One choice of a Chat Completions stream, as the assembler tracks it, and
 * its text hold-back: text that may begin a call written as text is held
 * (see text-holdback.ts); read as calls, it joins the choice's calls as if
 * they had come as tool-call deltas.
 */
import type { JsonObject } from "../json.ts";
import type { TextHoldback } from "../repair/text-holdback.ts";
import type { ContentToolCall } from "../repair/content-calls/read-leading-calls.ts";
import { leavesReasoningToRead, mayLeaveReasoningToRead, saidSoFar } from "../repair/reasoning-calls.ts";
import { reasoningOf, refuses } from "./chat-reasoning.ts";
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
  /** The choice's reasoning hold-back, until its reasoning or the choice ends. */
  reasoning: TextHoldback | undefined;
  /** The keys its reasoning last came under (`reasoning_content`, `reasoning`). */
  reasoningKeys: readonly string[];
  /** Its text can no longer leave the reasoning to be read (more than space or a lead-in, a refusal, cut by max_tokens). */
  spoke: boolean;
  /** Its text so far, as received: at the end, whether it leaves the reasoning to be read. */
  said: string;
  /** Calls read from the choice's text or reasoning. */
  extracted: number;
  finished: boolean;
  /** The last chunk seen for this choice: the template if `[DONE]` must close it. */
  lastChunk: JsonObject;
}

/** What a choice's held text and reasoning came to once they ended: each to send as its own field. */
export interface EndedText {
  readonly text: string;
  readonly reasoning: string;
}

/**
 * The choice's text is over: what was held goes out as text, or, read as
 * calls, joins the choice's calls (a choice with real calls keeps its text
 * as text, as a whole answer's would). Then its reasoning: read as calls only
 * when the choice has no calls and no text but a lead-in, as a whole answer's is.
 */
export function endText(state: ChoiceState, createToolCallId: () => string, reason?: string): EndedText {
  let text = "";
  const holdback = state.text;
  if (holdback !== undefined) {
    state.text = undefined;
    const end = holdback.end({ extract: state.calls.size === 0, cut: reason === "length" });
    if (end.calls.length > 0) addCalls(state, end.calls, createToolCallId);
    text = end.text;
  }
  // Reasoning cut by max_tokens did not end on its call: the model was still thinking.
  if (reason === "length") state.spoke = true;
  return { text, reasoning: endReasoning(state, createToolCallId) };
}

function addCalls(state: ChoiceState, calls: readonly ContentToolCall[], createToolCallId: () => string): void {
  state.calls.add(calls.map((call, index) => ({ index, id: createToolCallId(), type: "function", function: { name: call.name, arguments: call.arguments } })));
  state.extracted = calls.length;
}

/** The reasoning is over (the choice ended, or its answer began): what is held goes out, or becomes calls. */
function endReasoning(state: ChoiceState, createToolCallId: () => string): string {
  const holdback = state.reasoning;
  if (holdback === undefined) return "";
  state.reasoning = undefined;
  const end = holdback.end({ extract: state.calls.size === 0 && !state.spoke && leavesReasoningToRead(state.said) });
  if (end.calls.length > 0) addCalls(state, end.calls, createToolCallId);
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

/** The choice with its text and reasoning replaced by what may be sent now. */
export function heldBack({ choice, delta, state, reason }: ChoiceText, createToolCallId: () => string): JsonObject {
  const content = delta !== undefined && typeof delta.content === "string" ? delta.content : undefined;
  let released = content === undefined || content === "" || state.text === undefined ? content : state.text.push(content);
  const reasoning = delta === undefined ? undefined : reasoningOf(delta);
  if (reasoning !== undefined) state.reasoningKeys = reasoning.keys;
  let thought = reasoning === undefined || reasoning.text === "" || state.reasoning === undefined ? reasoning?.text : state.reasoning.push(reasoning.text);
  if (content !== undefined && !state.spoke) state.said = saidSoFar(state.said, content);
  const spokeNow = (content !== undefined && content.trim() !== "" && !mayLeaveReasoningToRead(state.said)) || (delta !== undefined && refuses(delta));
  if (spokeNow && !state.spoke) {
    // The answer has text that is no lead-in: the reasoning holds no call of the turn, and what it held goes out now.
    state.spoke = true;
    const rest = endReasoning(state, createToolCallId);
    if (rest !== "") thought = (thought ?? "") + rest;
  }
  if (reason !== undefined) {
    const rest = endText(state, createToolCallId, reason);
    if (rest.text !== "") released = (released ?? "") + rest.text;
    if (rest.reasoning !== "") thought = (thought ?? "") + rest.reasoning;
  }
  if (released === content && thought === reasoning?.text) return choice;
  const shown: JsonObject = { ...delta, content: released };
  if (content === undefined && released === undefined) delete shown.content;
  if (thought !== reasoning?.text) for (const key of reasoning?.keys ?? state.reasoningKeys) shown[key] = thought;
  return { ...choice, delta: shown };
}
