/**
 * The Chat Completions stream as neutral events: the assembler's actions
 * (text and other chunks pass, each choice's calls held until it finishes)
 * and their encoding back into chunks.
 */
import type { JsonObject } from "../json.ts";
import { replacementCalls, type CallVerdict } from "../repair/outcomes.ts";
import { splitCallId } from "./call-id.ts";
import type { AssembledToolCall, ChatStreamAction, ChoiceFinished } from "./chat-chunk.ts";
import { feedbackRequest } from "./chat-feedback.ts";
import { createChatStreamAssembler } from "./chat-stream.ts";
import { encodeChatStreamError, encodeChoiceFinished } from "./chat-stream-encode.ts";
import { encodeSseData } from "./sse.ts";
import { readsTextCalls, type StreamCalls, type StreamCodec, type StreamCodecOptions, type StreamEvent, type StreamFormat, type WireCall } from "./wire-format.ts";

/** One tool call of a finished streamed choice. */
export interface ChatStreamCall extends WireCall {
  readonly assembled: AssembledToolCall;
}

/** A finished choice's calls, with the assembler's action to encode them from. */
export interface ChatStreamCalls extends StreamCalls<ChatStreamCall> {
  readonly finished: ChoiceFinished;
}

/** A `data:` payload, passed on as received (or as the assembler split it). */
type ChatPayload = string;
type ChatEvent = StreamEvent<ChatPayload, ChatStreamCalls>;

function toWireCall(call: AssembledToolCall): JsonObject {
  return { id: call.id, type: "function", function: { name: call.name, arguments: call.arguments } };
}

function callsOf(finished: ChoiceFinished): ChatStreamCalls {
  const calls = finished.calls.map(
    (assembled): ChatStreamCall => ({
      id: assembled.id,
      name: assembled.name,
      // Arguments sent as a JSON value (Ollama) are judged as sent, as in a whole answer.
      arguments: assembled.sentArguments ?? assembled.arguments,
      finishReason: finished.finishReason,
      param: `choices[${finished.choiceIndex}].delta.tool_calls[${assembled.index}].function.arguments`,
      assembled,
    }),
  );
  return { calls, extracted: finished.extracted, finished };
}

function toEvent(action: ChatStreamAction): ChatEvent {
  switch (action.kind) {
    case "forward":
      return action.text === undefined
        ? { kind: "pass", payload: action.data }
        : { kind: "text", choice: action.text.choice, text: action.text.text, payload: action.data };
    case "done":
      return { kind: "pass", payload: "[DONE]" };
    case "choice_finished":
      return action.inconsistent
        ? { kind: "failure", message: "The upstream finished a choice with tool_calls but sent no call." }
        : { kind: "calls", calls: callsOf(action) };
    case "error":
      return { kind: "upstream_error", payload: JSON.stringify({ error: action.error }) };
    case "too_large":
      return { kind: "failure", message: "The upstream's tool-call arguments exceed what toolmend holds." };
    case "truncated_stream":
      return { kind: "failure", message: "The upstream stream ended before it was complete." };
  }
}

/** A judged call as it goes out: as it came, repaired, or split into its calls, each with its own id. */
function rewritten(verdict: CallVerdict<ChatStreamCall>): AssembledToolCall[] {
  const { assembled } = verdict.call;
  const calls = replacementCalls(verdict);
  if (calls === undefined) return [assembled];
  return calls.map((member, offset) => ({
    ...assembled,
    ...(verdict.split === undefined ? {} : { id: splitCallId(assembled.id, offset) }),
    name: member.name,
    arguments: member.arguments,
  }));
}

function createChatStreamCodec({ reading }: StreamCodecOptions): StreamCodec<ChatStreamCall, ChatPayload, ChatStreamCalls> {
  const assembler = createChatStreamAssembler(readsTextCalls(reading) ? { text: reading } : {});
  return {
    decode: (data, event) => assembler.push(data, event).map(toEvent),
    end: () => assembler.end().map(toEvent),
    encode: (payload) => encodeSseData(payload),
    encodeCalls({ finished }, verdicts, rewrite) {
      // Indexes are positions (the assembler numbers calls 0..n-1): a split moves the calls after it.
      const calls = rewrite ? verdicts.flatMap(rewritten).map((call, index) => ({ ...call, index })) : finished.calls;
      let text = "";
      for (const payload of encodeChoiceFinished(finished, calls)) text += encodeSseData(payload);
      return text;
    },
    encodeError: encodeChatStreamError,
    // A stream has no single response object: the assembled calls stand in for it.
    original: ({ finished }) => ({
      choices: [
        {
          index: finished.choiceIndex,
          finish_reason: finished.finishReason,
          message: { role: "assistant", tool_calls: finished.calls.map(toWireCall) },
        },
      ],
    }),
  };
}

function chatStreamFeedbackRequest(request: JsonObject, verdicts: readonly CallVerdict<ChatStreamCall>[]): JsonObject {
  const assistant = { role: "assistant", content: null, tool_calls: verdicts.map(({ call }) => toWireCall(call.assembled)) };
  return feedbackRequest(request, assistant, verdicts);
}

export const chatStreamFormat: StreamFormat<ChatStreamCall, ChatPayload, ChatStreamCalls> = {
  // Chat's own assembler bound (4 MiB of held arguments) applies, not the whole-answer one.
  createCodec: createChatStreamCodec,
  continuesAfterOutput: true,
  feedbackRequest: chatStreamFeedbackRequest,
};
