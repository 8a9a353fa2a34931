/**
 * `repair.textCalls: false`: a call the model wrote as text stays the answer's text, whole or streamed,
 * while the calls the upstream returned as calls are still judged and repaired.
 */
import type OpenAI from "openai";
import { describe, expect, it } from "../support/fixtures.ts";
import { chatCompletion, fileTools, json, sse, toolCallCompletion, toolCallStream } from "../support/scripted-upstream.ts";
import { responseTools, responseWith } from "../support/responses-upstream.ts";

const written = '<tool_call>{"name": "read_file", "arguments": {"path": "notes.md"}}</tool_call>';
const params = { model: "gpt-test", messages: [{ role: "user" as const, content: "read notes.md" }], tools: fileTools };

describe("calls written as text, with reading them off", () => {
  it.override("settings", { repair: { textCalls: false } });

  it("leaves a non-streamed chat answer's text as it came", async ({ upstream, client }) => {
    upstream.script(json(chatCompletion(written)));
    const completion = await client.chat.completions.create(params);
    expect(completion.choices[0]!.message.content).toBe(written);
    expect(completion.choices[0]!.message.tool_calls).toBeUndefined();
    expect(completion.choices[0]!.finish_reason).toBe("stop");
  });

  it("streams the text as it came, the call's markup included", async ({ upstream, client }) => {
    upstream.script(sse(toolCallStream([], { text: ["Reading it. <tool", '_call>{"name": "read_file", ', '"arguments": {"path": "notes.md"}}</tool_call>'], finishReason: "stop" })));
    const stream = await client.chat.completions.create({ ...params, stream: true });
    let text = "";
    const calls: unknown[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      calls.push(...(chunk.choices[0]?.delta.tool_calls ?? []));
    }
    expect(text).toBe(`Reading it. ${written}`);
    expect(calls).toEqual([]);
  });

  it("still repairs the calls the upstream returned as calls", async ({ upstream, client }) => {
    upstream.script(json(toolCallCompletion([{ name: "read_file", arguments: "{'path': 'a.txt',}" }])));
    const completion = await client.chat.completions.create(params);
    const call = completion.choices[0]!.message.tool_calls![0]!;
    expect(call.type === "function" && call.function.arguments).toBe('{"path":"a.txt"}');
  });

  it("leaves a Responses message's text as it came", async ({ upstream, client }) => {
    upstream.script(json(responseWith([{ kind: "text", text: written }])));
    const response = await client.responses.create({ model: "gpt-test", input: "read notes.md", tools: responseTools } as OpenAI.Responses.ResponseCreateParamsNonStreaming);
    expect(response.output.filter((item) => item.type === "function_call")).toEqual([]);
    expect(response.output_text).toBe(written);
  });
});
