/**
 * The Chat Completions stream assembler: fed each upstream `data:` payload,
 * it says what to send now and what to hold. Text passes at once; role-only
 * chunks wait for the first text (so a tool-only turn has sent nothing and
 * can still become an HTTP error); tool-call deltas are held until their
 * choice finishes, then handed over whole for validation. No I/O, no policy.
 */
import type { ChatStreamAction, ChoiceFinished, OpenChoice } from "./chat-chunk.ts";
import { synthesizeCallId } from "./call-id.ts";
import { isJsonObject, type JsonObject } from "../json.ts";
import { hasPayload, withChoices, withoutKey } from "./chat-delta.ts";
import { streamErrorFromEventData, streamErrorOf } from "./stream-error.ts";
import { createToolCallAccumulator, type ToolCallAccumulator } from "./tool-call-accumulator.ts";

export interface ChatStreamAssemblerOptions {
  /** Bound on all held tool-call arguments of the stream, in UTF-8 bytes. Default 4 MiB. */
  readonly maxHeldArgumentsBytes?: number;
  /** Id for a call the upstream sent without one. Default: 9 random alphanumerics. */
  readonly createToolCallId?: () => string;
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
  finished: boolean;
  /** The last chunk seen for this choice: the template if `[DONE]` must close it. */
  lastChunk: JsonObject;
}

const NONE: ChatStreamAction[] = [];

export function createChatStreamAssembler(options: ChatStreamAssemblerOptions = {}): ChatStreamAssembler {
  const { maxHeldArgumentsBytes = 4 * 1024 * 1024, createToolCallId = synthesizeCallId } = options;
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
    };
    // The route decides what the client sees from here on.
    committed = true;
    prelude = [];
    state.heldRole = undefined;
    state.heldRoleData = undefined;
    state.finished = true;
    state.calls = createToolCallAccumulator(createToolCallId);
    return action;
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
      const delta = isJsonObject(choice.delta) ? choice.delta : undefined;
      const toolCalls = delta !== undefined && Array.isArray(delta.tool_calls) && delta.tool_calls.length > 0 ? delta.tool_calls : undefined;
      const payload = delta !== undefined && hasPayload(delta);
      const reason = typeof choice.finish_reason === "string" && choice.finish_reason !== "" ? choice.finish_reason : undefined;
      // The choice without its call deltas: what may be shown or held.
      const visible = toolCalls === undefined ? choice : { ...choice, delta: withoutKey(delta as JsonObject, "tool_calls") };

      if (toolCalls !== undefined) {
        verbatim = false;
        state.finished = false;
        heldBytes += state.calls.add(toolCalls);
        if (heldBytes > maxHeldArgumentsBytes) {
          failed = true;
          return [{ kind: "too_large", limit: maxHeldArgumentsBytes }];
        }
      }

      // A repeated "tool_calls" on a choice already handed over is an echo, not a claim.
      if (reason !== undefined && (state.calls.size > 0 || (reason === "tool_calls" && !state.finished))) {
        verbatim = false;
        let finishing = visible;
        if (payload) {
          // Text riding on the finish chunk goes now; the finish waits for the calls.
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
        if (toolCalls === undefined) passing.push(choice);
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
        state.heldRoleData = toolCalls === undefined && list.length === 1 ? data : undefined;
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
      if (state.calls.size > 0) {
        const choice = { index: state.index, delta: {}, finish_reason: null };
        out.push(finishWithCalls(state, withoutKey(state.lastChunk, "usage"), choice, "tool_calls"));
      } else if (state.heldRole !== undefined) {
        release(state, out);
      }
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
