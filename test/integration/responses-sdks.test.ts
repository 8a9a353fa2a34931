/**
 * The clients that default to the Responses API, pointed at toolmend: the
 * Vercel AI SDK's default `openai(model)` provider and the OpenAI Agents
 * SDK. Each reads the arguments from a different event; each gets the
 * repaired ones, and each raises an escalation as its own error.
 */
import { createOpenAI } from "@ai-sdk/openai";
import { Agent, OpenAIProvider, Runner, setTracingDisabled, tool as agentTool } from "@openai/agents";
import { APICallError, generateText, jsonSchema, streamText, tool } from "ai";
import OpenAI from "openai";
import { z } from "zod";
import { beforeAll } from "vitest";
import { describe, expect, test } from "../support/fixtures.ts";
import { json, type ScriptedUpstream } from "../support/scripted-upstream.ts";
import { responseEvents, responseWith, sseEvents } from "../support/responses-upstream.ts";

const readFileSchema = {
  type: "object" as const,
  properties: { path: { type: "string" as const }, limit: { type: "integer" as const } },
  required: ["path"],
  additionalProperties: false as const,
};

const broken = "```json\n{'path': 'a.txt', 'limit': '5',}\n```";
const repaired = { path: "a.txt", limit: 5 };
const unrepairable = '{"limit": 5}';

function requestedTools(upstream: ScriptedUpstream, index = 0): unknown {
  return (JSON.parse(upstream.requests[index]!.body.toString()) as { tools: unknown }).tools;
}

describe("Vercel AI SDK, default openai(model) provider (Responses API)", () => {
  const it = test.extend("model", ({ toolmend }) => createOpenAI({ baseURL: toolmend.baseURL, apiKey: "k" })("gpt-test"));
  const tools = { read_file: tool({ description: "Read a file.", inputSchema: jsonSchema<{ path: string; limit?: number }>(readFileSchema) }) };

  it("generateText receives the repaired input", async ({ upstream, model }) => {
    upstream.script(json(responseWith([{ kind: "call", name: "read_file", arguments: broken }])));
    const result = await generateText({ model, prompt: "read a.txt", tools, maxRetries: 0 });
    expect(upstream.requests[0]!.url).toBe("/v1/responses");
    expect(requestedTools(upstream)).toEqual([expect.objectContaining({ type: "function", name: "read_file" })]);
    expect(result.toolCalls).toHaveLength(1);
    expect(result.toolCalls[0]).toMatchObject({ toolName: "read_file", input: repaired });
  });

  it("streamText receives the repaired input", async ({ upstream, model }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "text", text: "Reading." }, { kind: "call", name: "read_file", arguments: broken }])));
    const result = streamText({ model, prompt: "read a.txt", tools, maxRetries: 0 });
    const deltas: string[] = [];
    for await (const part of result.fullStream) if (part.type === "tool-input-delta") deltas.push(part.delta);
    const calls = await result.toolCalls;
    expect(await result.text).toBe("Reading.");
    expect(calls[0]).toMatchObject({ toolName: "read_file", input: repaired });
    expect(JSON.parse(deltas.join(""))).toEqual(repaired);
  });

  it("generateText raises an escalation as a non-retryable APICallError", async ({ upstream, model }) => {
    upstream.script(json(responseWith([{ kind: "call", name: "read_file", arguments: unrepairable }])));
    const error = await generateText({ model, prompt: "read a.txt", tools, maxRetries: 0 }).catch((caught: unknown) => caught);
    expect(APICallError.isInstance(error)).toBe(true);
    const apiError = error as APICallError;
    expect(apiError.statusCode).toBe(400);
    expect(apiError.isRetryable).toBe(false);
    expect(apiError.message).toContain("could not be repaired");
  });

  it("streamText surfaces an escalation after text as an error part", async ({ upstream, model }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "text", text: "Reading." }, { kind: "call", name: "read_file", arguments: unrepairable }])));
    const result = streamText({ model, prompt: "read a.txt", tools, maxRetries: 0, onError: () => undefined });
    const errors: unknown[] = [];
    let sawCall = false;
    for await (const part of result.fullStream) {
      if (part.type === "error") errors.push(part.error);
      if (part.type === "tool-call" || part.type === "tool-input-start") sawCall = true;
    }
    expect(sawCall).toBe(false);
    expect(errors).toHaveLength(1);
    expect(JSON.stringify(errors[0])).toContain("invalid_tool_call");
  });

  it("streamText surfaces a tool-only escalation as the 400 APICallError", async ({ upstream, model }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "call", name: "read_file", arguments: unrepairable }])));
    const errors: unknown[] = [];
    const result = streamText({ model, prompt: "read a.txt", tools, maxRetries: 0, onError: ({ error }) => void errors.push(error) });
    await result.consumeStream();
    expect(errors).toHaveLength(1);
    expect(APICallError.isInstance(errors[0])).toBe(true);
    expect((errors[0] as APICallError).statusCode).toBe(400);
  });
});

describe("OpenAI Agents SDK (Responses API)", () => {
  beforeAll(() => setTracingDisabled(true));

  function agent(seen: unknown[]) {
    const readFile = agentTool({
      name: "read_file",
      description: "Read a file.",
      // The usual way: a zod schema, strict (so every key is required; optional means nullable).
      parameters: z.object({ path: z.string(), limit: z.number().int().nullable() }),
      execute: async (input) => {
        seen.push(input);
        return "contents of a.txt";
      },
    });
    return new Agent({ name: "reader", instructions: "Read files.", model: "gpt-test", tools: [readFile] });
  }

  // A runner per test: the default one caches its client (set with setDefaultOpenAIClient) for the
  // process, and each test has its own toolmend.
  const it = test.extend("runner", ({ client }) => new Runner({ modelProvider: new OpenAIProvider({ openAIClient: client, useResponses: true }) }));

  const finalAnswer = responseWith([{ kind: "text", text: "It says hello." }], { id: "resp_final" });

  it("runs one tool turn with the repaired arguments", async ({ upstream, runner }) => {
    upstream.script(json(responseWith([{ kind: "call", name: "read_file", arguments: broken, callId: "call_1" }])), json(finalAnswer));
    const seen: unknown[] = [];
    const result = await runner.run(agent(seen), "read a.txt");
    expect(seen).toEqual([repaired]);
    expect(result.finalOutput).toBe("It says hello.");
    expect(upstream.requests.map((request) => request.url)).toEqual(["/v1/responses", "/v1/responses"]);
    const second = JSON.parse(upstream.requests[1]!.body.toString()) as { input: Array<Record<string, unknown>> };
    expect(second.input).toContainEqual(expect.objectContaining({ type: "function_call_output", call_id: "call_1" }));
  });

  it("runs one streamed tool turn with the repaired arguments (read from response.completed)", async ({ upstream, runner }) => {
    upstream.script(
      sseEvents(responseEvents([{ kind: "call", name: "read_file", arguments: broken, callId: "call_1" }])),
      sseEvents(responseEvents([{ kind: "text", text: "It says hello." }])),
    );
    const seen: unknown[] = [];
    const result = await runner.run(agent(seen), "read a.txt", { stream: true });
    await result.completed;
    expect(seen).toEqual([repaired]);
    expect(result.finalOutput).toBe("It says hello.");
  });

  it("raises an escalation as the openai SDK's BadRequestError", async ({ upstream, runner }) => {
    upstream.script(json(responseWith([{ kind: "call", name: "read_file", arguments: unrepairable }])));
    const seen: unknown[] = [];
    const error = await runner.run(agent(seen), "read a.txt").catch((caught: unknown) => caught);
    expect(seen).toEqual([]);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).code).toBe("invalid_tool_call");
  });

  it("raises a streamed escalation after text as an APIError", async ({ upstream, runner }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "text", text: "Reading." }, { kind: "call", name: "read_file", arguments: unrepairable }])));
    const seen: unknown[] = [];
    const error = await (async () => {
      const result = await runner.run(agent(seen), "read a.txt", { stream: true });
      await result.completed;
      if (result.error !== null && result.error !== undefined) throw result.error;
    })().catch((caught: unknown) => caught);
    expect(seen).toEqual([]);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(String((error as Error).message)).toContain("could not be repaired");
  });
});
