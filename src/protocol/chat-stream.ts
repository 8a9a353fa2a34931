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
import { callDeltasOf, finishReasonOf, readChoice, withChoices, withoutKey, type ChoiceRead } from "./chat-delta.ts";
import { streamErrorFromEventData, streamErrorOf } from "./stream-error.ts";
import { createToolCallAccumulator } from "./tool-call-accumulator.ts";
import { createTextHoldback, type TextHoldbackOptions } from "../repair/text-holdback.ts";
import { createReasoningHoldback } from "../repair/reasoning-calls.ts";
import { endText, heldBack, type ChoiceState } from "./chat-choice-text.ts";

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
        reasoning: text === undefined ? undefined : createReasoningHoldback(text),
        reasoningKeys: ["reasoning_content"],
        spoke: false,
        said: "",
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

  /** One chunk's pass through its choices: what to send, what finished. */
  interface ChunkStep {
    readonly data: string;
    readonly chunk: JsonObject;
    /** The chunk carries this one choice only. */
    readonly single: boolean;
    readonly out: ChatStreamAction[];
    readonly finishes: ChatStreamAction[];
    /** Choices to forward now. */
    readonly passing: unknown[];
    /** The passing choices are exactly the upstream's. */
    verbatim: boolean;
    /** The text delta of a passing choice, when there is one. */
    text: { readonly choice: number; readonly text: string } | undefined;
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
    const step: ChunkStep = { data, chunk, single: list.length === 1, out: [], finishes: [], passing: [], verbatim: true, text: undefined };
    for (let position = 0; position < list.length; position++) {
      const choice: unknown = list[position];
      if (!isJsonObject(choice)) step.passing.push(choice);
      else if (!pushChoice(step, choice, position)) {
        failed = true;
        return [{ kind: "too_large", limit: maxHeldArgumentsBytes }];
      }
    }
    if (step.passing.length > 0) {
      commit(step.out);
      const forwarded = step.verbatim ? data : JSON.stringify(withChoices(chunk, step.passing));
      // A text event only when the chunk is one choice's: whoever looks at the text sees the whole chunk.
      const text = step.passing.length === 1 ? step.text : undefined;
      step.out.push(text === undefined ? { kind: "forward", data: forwarded } : { kind: "forward", data: forwarded, text });
    }
    for (const finish of step.finishes) step.out.push(finish);
    return step.out;
  }

  /** One choice of a chunk; `false` when its call deltas outgrew the bound. */
  function pushChoice(step: ChunkStep, choice: JsonObject, position: number): boolean {
    const state = stateOf(typeof choice.index === "number" ? choice.index : position, step.chunk);
    const original = isJsonObject(choice.delta) ? choice.delta : undefined;
    const toolCalls = callDeltasOf(original);
    const finishReason = finishReasonOf(choice);
    if (toolCalls !== undefined) {
      step.verbatim = false;
      state.finished = false;
      heldBytes += state.calls.add(toolCalls);
      if (heldBytes > maxHeldArgumentsBytes) return false;
    }
    // The choice with only the text that may go now (after its real call deltas are counted).
    const shown = heldBack({ choice, delta: original, state, reason: finishReason }, createToolCallId);
    // Calls read from text make a "tool_calls" turn, as they do in a whole answer.
    const read = readChoice(shown, state.index, toolCalls, finishReason !== undefined && state.extracted > 0 ? "tool_calls" : finishReason);
    if (shown !== choice) {
      step.verbatim = false;
      // A visible choice whose delta was all held text has nothing to send.
      if (state.released && !read.payload && read.reason === undefined && toolCalls === undefined) return true;
    }
    // A repeated "tool_calls" on a choice already handed over is an echo, not a claim.
    if (read.reason !== undefined && (state.calls.size > 0 || (read.reason === "tool_calls" && !state.finished))) {
      finishChoice(step, state, read, read.reason);
    } else if (read.payload || read.reason !== undefined || state.released) {
      showChoice(step, state, read);
    } else {
      holdChoice(step, state, read, shown === choice);
    }
    return true;
  }

  /**
   * The choice finished with calls: text riding on the finish chunk goes now;
   * the finish waits for the calls. Text left around calls read from text
   * waits for them, as it would in a whole answer.
   */
  function finishChoice(step: ChunkStep, state: ChoiceState, read: ChoiceRead, reason: string): void {
    step.verbatim = false;
    let finishing = read.visible;
    if (read.payload && state.extracted === 0) {
      release(state, step.out);
      passChoice(step, { ...read.visible, finish_reason: null }, read);
      finishing = { ...read.visible, delta: {} };
    }
    step.finishes.push(finishWithCalls(state, step.chunk, finishing, reason));
  }

  /** Text, a finish without calls, or anything once the choice is visible: send now. */
  function showChoice(step: ChunkStep, state: ChoiceState, read: ChoiceRead): void {
    if (!state.released) release(state, step.out);
    else commit(step.out);
    if (read.reason !== undefined) state.finished = true;
    if (read.toolCalls === undefined) passChoice(step, read.choice, read);
    else if (read.payload) passChoice(step, read.visible, read);
  }

  /**
   * Nothing to show yet (a role chunk, an empty delta): hold the first, drop
   * repeats (Ollama repeats `role` in every chunk) and what is left of a call
   * delta without a role. Held alone and as received, it keeps its bytes.
   */
  function holdChoice(step: ChunkStep, state: ChoiceState, read: ChoiceRead, asReceived: boolean): void {
    step.verbatim = false;
    const remnantWithoutRole = read.toolCalls !== undefined && read.delta?.role === undefined;
    if (state.heldRole === undefined && !remnantWithoutRole) {
      state.heldRole = withChoices(step.chunk, [read.visible]);
      state.heldRoleData = read.toolCalls === undefined && asReceived && step.single ? step.data : undefined;
    }
  }

  function passChoice(step: ChunkStep, choice: JsonObject, read: ChoiceRead): void {
    step.passing.push(choice);
    const content = read.delta?.content;
    if (typeof content === "string" && content !== "") step.text = { choice: read.index, text: content };
  }

  /** `[DONE]` closes whatever is open: held calls are handed over, a held role goes out. */
  function pushDone(): ChatStreamAction[] {
    doneSeen = true;
    const out: ChatStreamAction[] = [];
    for (const state of choices.values()) {
      if (state.finished) continue;
      const rest = endText(state, createToolCallId);
      const template = withoutKey(state.lastChunk, "usage");
      const delta: JsonObject = rest.text === "" ? {} : { content: rest.text };
      if (rest.reasoning !== "") for (const key of state.reasoningKeys) delta[key] = rest.reasoning;
      if (state.calls.size > 0) {
        const choice = { index: state.index, delta, finish_reason: null };
        out.push(finishWithCalls(state, template, choice, "tool_calls"));
        continue;
      }
      const shows = rest.text !== "" || rest.reasoning !== "";
      if (state.heldRole !== undefined || shows) release(state, out);
      if (shows) {
        const data = JSON.stringify(withChoices(template, [{ index: state.index, delta, finish_reason: null }]));
        out.push(rest.text === "" ? { kind: "forward", data } : { kind: "forward", data, text: { choice: state.index, text: rest.text } });
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
