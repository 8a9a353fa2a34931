/**
 * The two other clients of the brief, beside the openai SDK: the Vercel AI
 * SDK (chat-completions provider) and LangChain's ChatOpenAI, each getting
 * repaired arguments and each surfacing an escalation as its usual error.
 */
import { createOpenAI } from "@ai-sdk/openai";
import { ChatOpenAI } from "@langchain/openai";
import { APICallError, generateText, jsonSchema, streamText, tool } from "ai";
import { describe, expect, test } from "../support/fixtures.ts";
import { fileTools, json, sse, toolCallCompletion, toolCallStream } from "../support/scripted-upstream.ts";

const readFileSchema = fileTools[0]!.function.parameters;
const broken = '{"path": "a.txt", "limit": "7",}';
const unrepairable = '{"limit": 7}';

describe("Vercel AI SDK (openai.chat)", () => {
  const it = test.extend("model", ({ toolmend }) => createOpenAI({ baseURL: toolmend.baseURL, apiKey: "k" }).chat("gpt-test"));
  const tools = { read_file: tool({ description: "Read a file.", inputSchema: jsonSchema(readFileSchema as never) }) };

  it("generateText receives repaired arguments", async ({ upstream, model }) => {
    upstream.script(json(toolCallCompletion([{ id: "call_1", name: "read_file", arguments: broken }])));
    const result = await generateText({ model, tools, prompt: "read a.txt", maxRetries: 0 });
    expect(result.toolCalls.map((call) => [call.toolName, call.input])).toEqual([["read_file", { path: "a.txt", limit: 7 }]]);
  });

  it("streamText receives repaired arguments", async ({ upstream, model }) => {
    upstream.script(sse(toolCallStream([{ name: "read_file", arguments: broken }])));
    const result = streamText({ model, tools, prompt: "read a.txt", maxRetries: 0 });
    const calls = await result.toolCalls;
    expect(calls.map((call) => [call.toolName, call.input])).toEqual([["read_file", { path: "a.txt", limit: 7 }]]);
  });

  it("generateText raises an escalation as a non-retryable APICallError", async ({ upstream, model }) => {
    upstream.script(json(toolCallCompletion([{ id: "call_1", name: "read_file", arguments: unrepairable }])));
    const error = await generateText({ model, tools, prompt: "read", maxRetries: 2 }).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(400);
    expect((error as APICallError).isRetryable).toBe(false);
    expect(upstream.requests).toHaveLength(1);
  });
});

describe("LangChain ChatOpenAI", () => {
  /** ChatOpenAI through the test's toolmend, with the file tools bound. */
  const it = test.extend("chat", ({ toolmend }) => (maxRetries = 0) =>
    new ChatOpenAI({ model: "gpt-test", apiKey: "k", maxRetries, configuration: { baseURL: toolmend.baseURL } }).bindTools(fileTools),
  );

  it("invoke receives repaired arguments as parsed tool_calls", async ({ upstream, chat }) => {
    upstream.script(json(toolCallCompletion([{ id: "call_1", name: "read_file", arguments: broken }])));
    const message = await chat().invoke("read a.txt");
    expect(message.tool_calls?.map((call) => [call.name, call.args])).toEqual([["read_file", { path: "a.txt", limit: 7 }]]);
    expect(message.invalid_tool_calls ?? []).toEqual([]);
  });

  it("stream receives repaired arguments", async ({ upstream, chat }) => {
    upstream.script(sse(toolCallStream([{ name: "read_file", arguments: broken }])));
    let merged;
    for await (const chunk of await chat().stream("read a.txt")) merged = merged === undefined ? chunk : merged.concat(chunk);
    expect(merged?.tool_calls?.map((call) => [call.name, call.args])).toEqual([["read_file", { path: "a.txt", limit: 7 }]]);
  });

  it("raises an escalation as an error carrying the 400, without retrying", async ({ upstream, chat }) => {
    upstream.script(json(toolCallCompletion([{ id: "call_1", name: "read_file", arguments: unrepairable }])));
    const error = await chat(3).invoke("read").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as { status?: number }).status).toBe(400);
    expect((error as Error).message).toContain("could not be repaired");
    expect(upstream.requests).toHaveLength(1);
  });
});
