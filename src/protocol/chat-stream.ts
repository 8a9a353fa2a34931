/**
 * The Chat Completions stream assembler: fed each upstream `data:` payload,
 * it says what to send now and what to hold. Text passes at once; role-only
 * chunks wait for the first text (so a tool-only turn has sent nothing and
 * can still become an HTTP error); tool-call deltas are held until their
 * choice finishes, then handed over whole for validation. With `text`, text
 * that may begin a call written as text is held back (see text-holdback.ts);
 * if it turns out to be calls, the choice finishes with them as if they had
 * come as tool-call deltas. No I/O, no policy.
 */
import type { ChatStreamAction, ChoiceFinished, OpenChoice } from "./chat-chunk.ts";
import { synthesizeCallId } from "./call-id.ts";
import { isJsonObject, type JsonObject } from "../json.ts";
import { hasPayload, withChoices, withoutKey } from "./chat-delta.ts";
import { streamErrorFromEventData, streamErrorOf } from "./stream-error.ts";
import { createToolCallAccumulator, type ToolCallAccumulator } from "./tool-call-accumulator.ts";
import { createTextHoldback, type TextHoldback, type TextHoldbackOptions } from "../repair/text-holdback.ts";

export interface ChatStreamAssemblerOptions {
  /** Bound on all held tool-call arguments of the stream, in UTF-8 bytes. Default 4 MiB. */
  readonly maxHeldArgumentsBytes?: number;
  /** Id for a call the upstream sent without one. Default: 9 random alphanumerics. */
  readonly createToolCallId?: () => string;
  /** Hold back text that may begin a call written as text (the request's tools, bounds, clock); off when absent. */
  readonly text?: TextHoldbackOptions;
}

export interface ChatStreamAssembler {
  /** One SSE event's data (and its `event:` type, if any). */
  push(data: string, eventType?: string): ChatStreamAction[];
  /** The upstream stream ended. */
  end(): ChatStreamAction[];
}

interface ChoiceState {
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

const NONE: ChatStreamAction[] = [];

export function createChatStreamAssembler(options: ChatStreamAssemblerOptions = {}): ChatStreamAssembler {
  const { maxHeldArgumentsBytes = 4 * 1024 * 1024, createToolCallId = synthesizeCallId, text } = options;
  const choices = new Map<number, ChoiceState>();
  let heldBytes = 0;
  let doneSeen = false;
  let errorSeen = false;
  let failed = false;
  // Nothing has gone to the client yet: payloads without choices wait too.
  let committed = false;
  let prelude: string[] = [];

  function stateOf(index: number, chunk: JsonObject): ChoiceState {
    let state = choices.get(index);
    if (state === undefined) {
      state = {
        index,
        released: false,
        heldRole: undefined,
        heldRoleData: undefined,
        calls: createToolCallAccumulator(createToolCallId),
        text: text === undefined ? undefined : createTextHoldback(text),
        extracted: 0,
        finished: false,
        lastChunk: chunk,
      };
      choices.set(index, state);
    }
    state.lastChunk = chunk;
    return state;
  }

  /** Everything held before the first visible output goes out ahead of it. */
  function commit(out: ChatStreamAction[]): void {
    if (committed) return;
    committed = true;
    for (const data of prelude) out.push({ kind: "forward", data });
    prelude = [];
  }

  function release(state: ChoiceState, out: ChatStreamAction[]): void {
    commit(out);
    if (state.heldRole !== undefined) {
      out.push({ kind: "forward", data: state.heldRoleData ?? JSON.stringify(state.heldRole) });
      state.heldRole = undefined;
      state.heldRoleData = undefined;
    }
    state.released = true;
  }

  function finishWithCalls(
    state: ChoiceState,
    chunk: JsonObject,
    choice: JsonObject,
    reason: string,
  ): ChoiceFinished {
    const calls = state.calls.assemble();
    // Clients skip calls on a "stop"; "length" stays: it tells repair the arguments were cut.
    const finishReason = reason === "stop" && calls.length > 0 ? "tool_calls" : reason;
    const finishChunk = withChoices(chunk, [{ ...choice, finish_reason: finishReason }]);
    const action: ChoiceFinished = {
      kind: "choice_finished",
      choiceIndex: state.index,
      finishReason,
      calls,
      finishChunk,
      heldRole: state.heldRole,
      prelude,
      inconsistent: calls.length === 0,
      extracted: state.extracted,
    };
    // The route decides what the client sees from here on.
    committed = true;
    prelude = [];
    state.heldRole = undefined;
    state.heldRoleData = undefined;
    state.finished = true;
    state.calls = createToolCallAccumulator(createToolCallId);
    state.extracted = 0;
    return action;
  }

  /**
   * The choice's text is over: what was held goes out as text, or, read as
   * calls, joins the choice's calls (a choice with real calls keeps its text
   * as text, as a whole answer's would). Returns the text to send.
   */
  function endText(state: ChoiceState): string {
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

  /** The choice with its text replaced by what may be sent now. */
  function heldBack(choice: JsonObject, delta: JsonObject | undefined, state: ChoiceState, reason: string | undefined): JsonObject {
    const content = delta !== undefined && typeof delta.content === "string" ? delta.content : undefined;
    let released = content === undefined || content === "" || state.text === undefined ? content : state.text.push(content);
    if (reason !== undefined) {
      const rest = endText(state);
      if (rest !== "") released = (released ?? "") + rest;
    }
    return released === content ? choice : { ...choice, delta: { ...delta, content: released } };
  }

  function pushChunk(data: string, chunk: JsonObject): ChatStreamAction[] {
    const error = streamErrorOf(chunk);
    if (error !== undefined) {
      errorSeen = true;
      return [{ kind: "error", error }];
    }
    const list = chunk.choices;
    if (!Array.isArray(list) || list.length === 0) {
      if (committed) return [{ kind: "forward", data }];
      prelude.push(data);
      return NONE;
    }

    const out: ChatStreamAction[] = [];
    const finishes: ChatStreamAction[] = [];
    // Choices to forward now; `verbatim` while they are exactly the upstream's.
    const passing: unknown[] = [];
    let verbatim = true;

    for (let position = 0; position < list.length; position++) {
      const choice: unknown = list[position];
      if (!isJsonObject(choice)) {
        passing.push(choice);
        continue;
      }
      const index = typeof choice.index === "number" ? choice.index : position;
      const state = stateOf(index, chunk);
      const original = isJsonObject(choice.delta) ? choice.delta : undefined;
      const toolCalls = original !== undefined && Array.isArray(original.tool_calls) && original.tool_calls.length > 0 ? original.tool_calls : undefined;
      const finishReason = typeof choice.finish_reason === "string" && choice.finish_reason !== "" ? choice.finish_reason : undefined;

      if (toolCalls !== undefined) {
        verbatim = false;
        state.finished = false;
        heldBytes += state.calls.add(toolCalls);
        if (heldBytes > maxHeldArgumentsBytes) {
          failed = true;
          return [{ kind: "too_large", limit: maxHeldArgumentsBytes }];
        }
      }

      // The choice with only the text that may go now (after its real call deltas are counted).
      const shown = heldBack(choice, original, state, finishReason);
      const delta = isJsonObject(shown.delta) ? shown.delta : undefined;
      const payload = delta !== undefined && hasPayload(delta);
      // Calls read from text make a "tool_calls" turn, as they do in a whole answer.
      const reason = finishReason !== undefined && state.extracted > 0 ? "tool_calls" : finishReason;
      // The choice without its call deltas: what may be shown or held.
      const visible = toolCalls === undefined ? shown : { ...shown, delta: withoutKey(delta as JsonObject, "tool_calls") };
      if (shown !== choice) {
        verbatim = false;
        // A visible choice whose delta was all held text has nothing to send.
        if (state.released && !payload && reason === undefined && toolCalls === undefined) continue;
      }

      // A repeated "tool_calls" on a choice already handed over is an echo, not a claim.
      if (reason !== undefined && (state.calls.size > 0 || (reason === "tool_calls" && !state.finished))) {
        verbatim = false;
        let finishing = visible;
        // Text riding on the finish chunk goes now; the finish waits for the calls. Text left
        // around calls read from text waits for them, as it would in a whole answer.
        if (payload && state.extracted === 0) {
          release(state, out);
          passing.push({ ...visible, finish_reason: null });
          finishing = { ...visible, delta: {} };
        }
        finishes.push(finishWithCalls(state, chunk, finishing, reason));
        continue;
      }

      if (payload || reason !== undefined || state.released) {
        // Text, a finish without calls, or anything once the choice is visible: send now.
        if (!state.released) release(state, out);
        else commit(out);
        if (reason !== undefined) state.finished = true;
        if (toolCalls === undefined) passing.push(shown);
        else if (payload) passing.push(visible);
        continue;
      }

      // Nothing to show yet (a role chunk, an empty delta): hold the first, drop repeats
      // (Ollama repeats `role` in every chunk) and what is left of a call delta
      // without a role. Held alone, it keeps its bytes.
      verbatim = false;
      const remnantWithoutRole = toolCalls !== undefined && (delta as JsonObject).role === undefined;
      if (state.heldRole === undefined && !remnantWithoutRole) {
        state.heldRole = withChoices(chunk, [visible]);
        state.heldRoleData = toolCalls === undefined && shown === choice && list.length === 1 ? data : undefined;
      }
    }

    if (passing.length > 0) {
      commit(out);
      out.push({ kind: "forward", data: verbatim ? data : JSON.stringify(withChoices(chunk, passing)) });
    }
    for (const finish of finishes) out.push(finish);
    return out;
  }

  /** `[DONE]` closes whatever is open: held calls are handed over, a held role goes out. */
  function pushDone(): ChatStreamAction[] {
    doneSeen = true;
    const out: ChatStreamAction[] = [];
    for (const state of choices.values()) {
      if (state.finished) continue;
      const rest = endText(state);
      const template = withoutKey(state.lastChunk, "usage");
      if (state.calls.size > 0) {
        const choice = { index: state.index, delta: rest === "" ? {} : { content: rest }, finish_reason: null };
        out.push(finishWithCalls(state, template, choice, "tool_calls"));
        continue;
      }
      if (state.heldRole !== undefined || rest !== "") release(state, out);
      if (rest !== "") out.push({ kind: "forward", data: JSON.stringify(withChoices(template, [{ index: state.index, delta: { content: rest }, finish_reason: null }])) });
    }
    commit(out);
    out.push({ kind: "done" });
    return out;
  }

  return {
    push(data, eventType) {
      if (failed) return NONE;
      if (eventType === "error") {
        errorSeen = true;
        return [{ kind: "error", error: streamErrorFromEventData(data) }];
      }
      if (data === "[DONE]" || (data.length < 16 && data.trim() === "[DONE]")) return pushDone();
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        // Not JSON: not ours to judge.
        return [{ kind: "forward", data }];
      }
      if (!isJsonObject(parsed)) return [{ kind: "forward", data }];
      return pushChunk(data, parsed);
    },
    end() {
      // After `[DONE]` the stream was whole; after an error or a bound, that already is the outcome.
      if (failed || doneSeen || errorSeen) return NONE;
      const open: OpenChoice[] = [];
      for (const state of choices.values()) {
        if (state.finished) continue;
        open.push({ choiceIndex: state.index, calls: state.calls.assemble(), heldRole: state.heldRole });
      }
      // An empty stream is as truncated as a cut one.
      if (open.length > 0 || choices.size === 0) return [{ kind: "truncated_stream", choices: open }];
      return NONE;
    },
  };
}
