import OpenAI from "openai";
import type { ChatCompletionTool } from "openai/resources/chat/completions";
import type { FunctionTool } from "openai/resources/responses/responses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoTools, pickReply, scenarioKeywords, startDemoUpstream, type DemoUpstream } from "../../../src/demo/demo-upstream.ts";

let upstream: DemoUpstream;
let client: OpenAI;

beforeAll(async () => {
  upstream = await startDemoUpstream({ host: "127.0.0.1", port: 0 });
  client = new OpenAI({ baseURL: upstream.url, apiKey: "sk-demo", maxRetries: 0 });
});
afterAll(async () => {
  await upstream.close();
});

const tools = demoTools as unknown as ChatCompletionTool[];
const responsesTools: FunctionTool[] = demoTools.map(({ function: fn }) => ({
  type: "function",
  name: fn.name,
  description: fn.description,
  parameters: fn.parameters as unknown as Record<string, unknown>,
  strict: false,
}));
const ask = (content: string) => [{ role: "user" as const, content }];

describe("demo upstream: chat completions, not streamed", () => {
  it.each([
    ["what is the weather in Paris?", "get_weather", '```json\n{"city": "Paris", "unit": "celsius",}\n```', "tool_calls"],
    ["read the file a.txt", "readFile", '{"path": "a.txt", "limit": "10"}', "tool_calls"],
    ["delete the old log", "delete_file", '{"path": "/tmp/old.log"}', "tool_calls"],
    ["a valid weather call please", "get_weather", '{"city":"Paris","unit":"celsius"}', "tool_calls"],
    ["search the web", "web_search", '{"query": "typescript 6.0 release notes breaking changes in module resolution for', "length"],
  ])("%s → %s", async (prompt, name, rawArguments, finishReason) => {
    const completion = await client.chat.completions.create({ model: "demo-model", messages: ask(prompt), tools });
    expect(completion.object).toBe("chat.completion");
    expect(completion.model).toBe("demo-model");
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe(finishReason);
    expect(choice.message.content).toBeNull();
    const call = choice.message.tool_calls?.[0];
    expect(call?.type).toBe("function");
    expect(call?.id).toMatch(/^call_[A-Za-z0-9]{24}$/);
    expect(call?.type === "function" && call.function).toEqual({ name, arguments: rawArguments });
    expect(completion.usage?.total_tokens).toBe((completion.usage?.prompt_tokens ?? 0) + (completion.usage?.completion_tokens ?? 0));
  });

  it("writes the hermes call into content, with no tool_calls", async () => {
    const completion = await client.chat.completions.create({ model: "m", messages: ask("hermes style please"), tools });
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe("stop");
    expect(choice.message.tool_calls).toBeUndefined();
    const inner = /<tool_call>\s*(\{.*\})\s*<\/tool_call>/s.exec(choice.message.content ?? "")?.[1];
    expect(JSON.parse(inner ?? "null")).toEqual({ name: "get_weather", arguments: { city: "Paris", unit: "celsius" } });
  });

  it("answers text for the text scenario and when the scenario's tool was not declared", async () => {
    const text = await client.chat.completions.create({ model: "m", messages: ask("just text"), tools });
    expect(text.choices[0]?.message.tool_calls).toBeUndefined();
    expect(text.choices[0]?.message.content).toMatch(/Paris/);

    const onlySearch = tools.filter((tool) => tool.type === "function" && tool.function.name === "web_search");
    const undeclared = await client.chat.completions.create({ model: "m", messages: ask("weather?"), tools: onlySearch });
    expect(undeclared.choices[0]?.finish_reason).toBe("stop");
    expect(undeclared.choices[0]?.message.tool_calls).toBeUndefined();
    expect(undeclared.choices[0]?.message.content).toContain("get_weather");
  });

  it("lists a model", async () => {
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toEqual(["demo-model"]);
  });

  it("answers unknown routes with an OpenAI-style 404", async () => {
    const response = await fetch(`${upstream.url}/embeddings`, { method: "POST", body: "{}" });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { type: "invalid_request_error", code: "unknown_url" } });
  });
});

describe("demo upstream: chat completions, streamed", () => {
  it("spreads the arguments over several deltas that reassemble to the scenario's bytes, then usage and [DONE]", async () => {
    const stream = await client.chat.completions.create({
      model: "m",
      messages: ask("weather in Paris"),
      tools,
      stream: true,
      stream_options: { include_usage: true },
    });
    const argumentDeltas: string[] = [];
    const ids: string[] = [];
    const finishReasons: string[] = [];
    let usageChunks = 0;
    for await (const chunk of stream) {
      expect(chunk.object).toBe("chat.completion.chunk");
      if (chunk.usage) {
        usageChunks++;
        expect(chunk.choices).toEqual([]);
      }
      for (const choice of chunk.choices) {
        if (choice.finish_reason) finishReasons.push(choice.finish_reason);
        for (const delta of choice.delta.tool_calls ?? []) {
          expect(delta.index).toBe(0);
          if (delta.id) ids.push(delta.id);
          if (delta.function?.arguments) argumentDeltas.push(delta.function.arguments);
        }
      }
    }
    expect(argumentDeltas.length).toBeGreaterThan(3);
    expect(argumentDeltas.join("")).toBe('```json\n{"city": "Paris", "unit": "celsius",}\n```');
    expect(ids).toHaveLength(1);
    expect(finishReasons).toEqual(["tool_calls"]);
    expect(usageChunks).toBe(1);
  });

  it("is assembled by the SDK's stream helper into the same call as the non-streamed answer", async () => {
    const stream = client.chat.completions.stream({ model: "m", messages: ask("read the file"), tools });
    const final = await stream.finalChatCompletion();
    const call = final.choices[0]?.message.tool_calls?.[0];
    expect(final.choices[0]?.finish_reason).toBe("tool_calls");
    expect(call?.type === "function" && call.function).toEqual({ name: "readFile", arguments: '{"path": "a.txt", "limit": "10"}' });
  });

  it("streams text deltas for the text scenario, with no usage chunk unless asked", async () => {
    const stream = await client.chat.completions.create({ model: "m", messages: ask("text"), stream: true });
    let content = "";
    for await (const chunk of stream) {
      expect(chunk.usage).toBeUndefined();
      content += chunk.choices[0]?.delta.content ?? "";
    }
    expect(content).toMatch(/^It is sunny in Paris/);
  });
});

describe("demo upstream: responses", () => {
  it("returns a function_call item, marked incomplete when max_output_tokens cut it", async () => {
    const file = await client.responses.create({ model: "m", input: "read the file", tools: responsesTools });
    expect(file.status).toBe("completed");
    expect(file.output[0]).toMatchObject({ type: "function_call", name: "readFile", arguments: '{"path": "a.txt", "limit": "10"}' });

    const search = await client.responses.create({
      model: "m",
      input: [{ role: "user", content: [{ type: "input_text", text: "search for it" }] }],
      tools: responsesTools,
    });
    expect(search.status).toBe("incomplete");
    expect(search.incomplete_details).toEqual({ reason: "max_output_tokens" });
    expect(search.output[0]).toMatchObject({ type: "function_call", name: "web_search", status: "incomplete" });
  });

  it("streams argument deltas whose concatenation equals the done event and the final item", async () => {
    const stream = await client.responses.create({ model: "m", input: "delete it", tools: responsesTools, stream: true });
    const types: string[] = [];
    const sequence: number[] = [];
    let deltas = "";
    let done = "";
    let finalArguments = "";
    for await (const event of stream) {
      types.push(event.type);
      sequence.push(event.sequence_number);
      if (event.type === "response.function_call_arguments.delta") deltas += event.delta;
      if (event.type === "response.function_call_arguments.done") done = event.arguments;
      if (event.type === "response.completed") {
        const item = event.response.output[0];
        finalArguments = item?.type === "function_call" ? item.arguments : "";
      }
    }
    expect(types[0]).toBe("response.created");
    expect(types.at(-1)).toBe("response.completed");
    expect(types.filter((type) => type === "response.function_call_arguments.delta").length).toBeGreaterThan(3);
    expect(sequence).toEqual(sequence.map((_, index) => index));
    expect(deltas).toBe('{"path": "/tmp/old.log"}');
    expect(done).toBe(deltas);
    expect(finalArguments).toBe(deltas);
  });

  it("streams a message for text through the SDK's response stream helper", async () => {
    const final = await client.responses.stream({ model: "m", input: "text only" }).finalResponse();
    expect(final.output_text).toMatch(/^It is sunny in Paris/);
  });
});

describe("scenario keywords", () => {
  it("match at the start of a word, first keyword in order wins", () => {
    const declared = demoTools.map((tool) => tool.function.name);
    expect(scenarioKeywords).toEqual(["hermes", "valid", "weather", "file", "search", "delete", "text"]);
    expect(pickReply("an INVALID weather call", declared)).toMatchObject({ kind: "tool_call", arguments: expect.stringContaining("```json") });
    expect(pickReply("valid weather", declared)).toMatchObject({ kind: "tool_call", arguments: '{"city":"Paris","unit":"celsius"}' });
    expect(pickReply("open the text files", declared)).toMatchObject({ kind: "tool_call", name: "readFile" });
    expect(pickReply("hello", declared)).toMatchObject({ kind: "text", text: expect.stringContaining("hermes, valid") });
  });
});
