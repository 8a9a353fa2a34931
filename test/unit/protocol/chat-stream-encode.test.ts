import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import type { AssembledToolCall, ChoiceFinished } from "../../../src/protocol/chat-chunk.ts";
import { chunkTemplate, encodeChatStreamError, encodeChoiceFinished, encodeToolCallChunk, toolCallDelta } from "../../../src/protocol/chat-stream-encode.ts";
import { encodeSseData } from "../../../src/protocol/sse.ts";
import { type FixtureName, readFixture, runStream } from "./stream-helpers.ts";

/** The official SDK reading `body` as if toolmend had sent it: the client's view. */
function sdkOver(body: string): OpenAI {
  return new OpenAI({
    apiKey: "test",
    baseURL: "http://toolmend.invalid/v1",
    maxRetries: 0,
    fetch: async () => new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } }),
  });
}

const request = { model: "m", messages: [{ role: "user" as const, content: "hi" }], stream: true as const };

/** Replays a fixture the way the route will: forwards as they come, finished choices re-encoded. */
function reencode(name: FixtureName): string {
  let body = "";
  for (const action of runStream([readFixture(name)]).actions) {
    if (action.kind === "forward") body += encodeSseData(action.data);
    else if (action.kind === "choice_finished") for (const data of encodeChoiceFinished(action)) body += encodeSseData(data);
    else if (action.kind === "done") body += encodeSseData("[DONE]");
  }
  return body;
}

const call: AssembledToolCall = {
  index: 0,
  id: "call_1",
  type: "function",
  name: "read_file",
  arguments: '{"path":"a.txt"}',
  extra: { extra_content: { google: { thought_signature: "sig" } } },
  functionExtra: {},
};

describe("toolCallDelta and encodeToolCallChunk", () => {
  it("writes a call as OpenAI streams its first delta, unknown fields kept", () => {
    expect(toolCallDelta(call)).toEqual({
      index: 0,
      id: "call_1",
      type: "function",
      function: { name: "read_file", arguments: '{"path":"a.txt"}' },
      extra_content: { google: { thought_signature: "sig" } },
    });
  });

  it("copies the envelope of the template chunk, never its choices or usage", () => {
    const template = { id: "chatcmpl-1", object: "chat.completion.chunk", created: 5, model: "m", system_fingerprint: "fp", service_tier: "default", usage: { total_tokens: 1 }, choices: [{}] };
    expect(chunkTemplate(template)).toEqual({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 5, model: "m", system_fingerprint: "fp", service_tier: "default" });
    expect(JSON.parse(encodeToolCallChunk({ template, choiceIndex: 2, calls: [call] }))).toEqual({
      ...chunkTemplate(template),
      choices: [{ index: 2, delta: { tool_calls: [toolCallDelta(call)] }, finish_reason: null }],
    });
  });
});

describe("encodeChoiceFinished", () => {
  it("orders prelude, held role, calls, finish", () => {
    const action: ChoiceFinished = {
      kind: "choice_finished",
      choiceIndex: 0,
      finishReason: "tool_calls",
      calls: [call],
      finishChunk: { id: "x", choices: [{ index: 0, delta: {}, finish_reason: "tool_calls" }] },
      heldRole: { id: "x", choices: [{ index: 0, delta: { role: "assistant" }, finish_reason: null }] },
      prelude: ['{"choices":[]}'],
      inconsistent: false,
      extracted: 0,
    };
    const payloads = encodeChoiceFinished(action).map((data) => JSON.parse(data));
    expect(payloads.map((payload) => JSON.stringify(payload.choices[0]?.delta ?? null))).toEqual([
      "null",
      '{"role":"assistant"}',
      JSON.stringify({ tool_calls: [toolCallDelta(call)] }),
      "{}",
    ]);
  });

  it("sends repaired calls instead of the assembled ones when given", () => {
    const finish = runStream([readFixture("openai-tool-call.sse")]).actions.find((action): action is ChoiceFinished => action.kind === "choice_finished")!;
    const repaired = finish.calls.map((c) => ({ ...c, arguments: '{"location":"Tokyo, JP"}' }));
    const calls = encodeChoiceFinished(finish, repaired).map((data) => JSON.parse(data)).find((payload) => payload.choices[0].delta.tool_calls);
    expect(calls.choices[0].delta.tool_calls[0].function.arguments).toBe('{"location":"Tokyo, JP"}');
  });
});

describe("the official openai SDK reads what we send", () => {
  it.each([
    ["openai-tool-call.sse", [["call_PieqNSej6kM9hgYbcQdbZSaC", "get_weather", '{"location": "Tokyo"}']]],
    [
      "openai-parallel.sse",
      [
        ["call_ZogyTlZEZW1UhS1KNyH7b1O2", "get_local_weather", '{"area":"Shanghai"}'],
        ["call_MEdPCSVxuSuiCiUW04tsaxuH", "get_local_date", '{"area":"Beijing"}'],
      ],
    ],
    [
      "ollama-index-reused.sse",
      [
        ["call_wteop8bt", "file_write", '{"filePath":"hello.py","content":"print(\\"hello\\")"}'],
        ["call_rk2xye1l", "file_write", '{"filePath":"world.py","content":"print(\\"world\\")"}'],
      ],
    ],
    ["gemini-openai-compat.sse", [["jm4owj31", "search_web", '{"query":"杭州周末天气预报"}']]],
    ["llamacpp-tool-call.sse", [["v2dhQe8kYb1nT7cM0xR3pLs9WuF4aZ6g", "run_command", '{"command":"pwd"}']]],
  ] as const)("%s: normalised into calls the SDK assembles", async (name, expected) => {
    const stream = sdkOver(reencode(name)).chat.completions.stream(request);
    const completion = await stream.finalChatCompletion();
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe("tool_calls");
    expect(choice.message.tool_calls?.map((c) => (c.type === "function" ? [c.id, c.function.name, c.function.arguments] : []))).toEqual(expected);
  });

  it("keeps Gemini's thought signature on the call the SDK hands back", async () => {
    const completion = await sdkOver(reencode("gemini-openai-compat.sse")).chat.completions.stream(request).finalChatCompletion();
    expect(completion.choices[0]!.message.tool_calls![0]).toMatchObject({ extra_content: { google: { thought_signature: "EjQKMgEMOdbHJChLX75QUCJjyYlm" } } });
  });

  it("a text-only stream reads as the upstream wrote it", async () => {
    const completion = await sdkOver(reencode("openai-text.sse")).chat.completions.stream(request).finalChatCompletion();
    expect(completion.choices[0]!.message.content).toBe("Hello! How can I help you today?");
  });

  it("raises an APIError from encodeChatStreamError's line", async () => {
    const body = encodeSseData(JSON.stringify({ id: "x", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content: "a" }, finish_reason: null }] })) +
      encodeChatStreamError({ message: "could not be repaired", type: "invalid_request_error", code: "invalid_tool_call", param: null });
    expect(body.endsWith('data: {"error":{"message":"could not be repaired","type":"invalid_request_error","code":"invalid_tool_call","param":null}}\n\n')).toBe(true);
    const drain = async () => {
      for await (const _chunk of await sdkOver(body).chat.completions.create(request)) {
        // Read to the end, as a client does.
      }
    };
    await expect(drain()).rejects.toBeInstanceOf(OpenAI.APIError);
    await expect(drain()).rejects.toThrow(/could not be repaired/);
  });
});
