import { describe, expect, it } from "vitest";
import { chatAnswerFromStream, chatStreamFromAnswer } from "../../../src/protocol/chat-form-conversion.ts";
import { responsesAnswerFromStream, responsesStreamFromAnswer } from "../../../src/protocol/responses-form-conversion.ts";
import { createSseParser, type SseEvent } from "../../../src/protocol/sse.ts";
import { responseEvents, responseWith } from "../../support/responses-upstream.ts";
import { toolCallStream } from "../../support/scripted-upstream.ts";

function events(text: string): SseEvent[] {
  const parser = createSseParser();
  return [...parser.push(text), ...parser.end()].filter((item): item is SseEvent => item.kind === "event");
}

const dataEvents = (payloads: readonly (string | object)[]): SseEvent[] =>
  payloads.map((payload) => ({ kind: "event", data: typeof payload === "string" ? payload : JSON.stringify(payload), event: undefined, id: undefined }));

const completion = {
  id: "chatcmpl-1",
  object: "chat.completion",
  created: 1_700_000_000,
  model: "gpt-test",
  system_fingerprint: "fp_1",
  choices: [
    { index: 0, message: { role: "assistant", content: "Two calls.", tool_calls: [
      { id: "call_a", type: "function", function: { name: "read_file", arguments: '{"path": "a"}' } },
      { id: "call_b", type: "function", function: { name: "read_file", arguments: '{"path": "b"}' } },
    ] }, logprobs: null, finish_reason: "tool_calls" },
    { index: 1, message: { role: "assistant", content: "Just text.", refusal: null }, logprobs: null, finish_reason: "stop" },
  ],
  usage: { prompt_tokens: 5, completion_tokens: 7, total_tokens: 12 },
};

describe("chat answers in the other form", () => {
  it("streams a whole answer as chunks that assemble back into it", () => {
    const text = chatStreamFromAnswer(completion, { stream_options: { include_usage: true } })!;
    expect(text.endsWith("data: [DONE]\n\n")).toBe(true);
    expect(chatAnswerFromStream(events(text))).toEqual({ kind: "answer", value: completion });
  });

  it("sends usage only to a request that asked for it", () => {
    const text = chatStreamFromAnswer(completion, {})!;
    expect(text).not.toContain('"usage"');
  });

  it("assembles OpenAI's chunks, with calls cut into deltas, into the whole answer", () => {
    const stream = toolCallStream([{ id: "call_1", name: "read_file", arguments: '{"path": "a.txt"}' }], { text: ["Let me ", "look."], pieces: 4 });
    const assembled = chatAnswerFromStream(dataEvents(stream));
    expect(assembled).toEqual({
      kind: "answer",
      value: {
        id: "chatcmpl-s",
        object: "chat.completion",
        created: 1_700_000_000,
        model: "gpt-test",
        choices: [{
          index: 0,
          message: { role: "assistant", content: "Let me look.", tool_calls: [{ id: "call_1", type: "function", function: { name: "read_file", arguments: '{"path": "a.txt"}' } }] },
          logprobs: null,
          finish_reason: "tool_calls",
        }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      },
    });
  });

  it("refuses a stream cut before its finish, one that is not JSON, and one without chunks; reports an error event", () => {
    const cut = toolCallStream([{ name: "read_file", arguments: "{}" }], { finishReason: null, done: false });
    expect(chatAnswerFromStream(dataEvents(cut)).kind).toBe("invalid");
    expect(chatAnswerFromStream(dataEvents(["<html>"])).kind).toBe("invalid");
    expect(chatAnswerFromStream(dataEvents(["[DONE]"])).kind).toBe("invalid");
    expect(chatAnswerFromStream(dataEvents([{ error: { message: "overloaded" } }]))).toEqual({
      kind: "error",
      message: "The upstream's stream ended in an error: overloaded",
    });
  });

  it("does not stream what is not an answer", () => {
    expect(chatStreamFromAnswer({ error: { message: "x" } }, {})).toBeUndefined();
    expect(chatStreamFromAnswer({ choices: [{ index: 0 }] }, {})).toBeUndefined();
  });
});

describe("Responses answers in the other form", () => {
  const specs = [
    { kind: "text", text: "Reading both." },
    { kind: "call", name: "read_file", arguments: '{"path": "a"}' },
    { kind: "call", name: "read_file", arguments: '{"path": "b"}' },
  ] as const;

  it("streams a whole response as events whose final response is it", () => {
    const response = responseWith(specs);
    const text = responsesStreamFromAnswer(response)!;
    const parsed = events(text);
    expect(parsed.map((event) => event.event)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
      "response.output_text.delta",
      "response.output_text.done",
      "response.content_part.done",
      "response.output_item.done",
      "response.output_item.added",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.done",
      "response.output_item.done",
      "response.output_item.added",
      "response.function_call_arguments.delta",
      "response.function_call_arguments.done",
      "response.output_item.done",
      "response.completed",
    ]);
    expect(parsed.map((event) => (JSON.parse(event.data) as { sequence_number: number }).sequence_number)).toEqual(parsed.map((_, index) => index));
    expect(responsesAnswerFromStream(parsed)).toEqual({ kind: "answer", value: response });
  });

  it("takes the response a stream ends with, filling an empty output from the streamed items", () => {
    const streamed = responseEvents(specs);
    expect(responsesAnswerFromStream(dataEvents(streamed))).toEqual({ kind: "answer", value: responseWith(specs) });
    const terminal = streamed.at(-1)!;
    const emptied = [...streamed.slice(0, -1), { ...terminal, response: { ...(terminal.response as object), output: [] } }];
    expect(responsesAnswerFromStream(dataEvents(emptied))).toEqual({ kind: "answer", value: responseWith(specs) });
  });

  it("refuses a stream without its final response; reports an error or a failed response", () => {
    expect(responsesAnswerFromStream(dataEvents(responseEvents(specs, { terminal: null }))).kind).toBe("invalid");
    expect(responsesAnswerFromStream(dataEvents([{ type: "error", message: "rate limited" }]))).toEqual({
      kind: "error",
      message: "The upstream's stream ended in an error: rate limited",
    });
    const failed = { type: "response.failed", response: { status: "failed", error: { code: "server_error", message: "boom" } } };
    expect(responsesAnswerFromStream(dataEvents([failed]))).toMatchObject({ kind: "error", message: expect.stringContaining("boom") });
  });

  it("does not stream what is not a response", () => {
    expect(responsesStreamFromAnswer({ error: { message: "x" } })).toBeUndefined();
  });
});
