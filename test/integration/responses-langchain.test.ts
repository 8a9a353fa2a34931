/** LangChain's ChatOpenAI speaking the Responses API (`useResponsesApi: true`) through toolmend. */
import { ChatOpenAI } from "@langchain/openai";
import { describe, expect, test } from "../support/fixtures.ts";
import { json } from "../support/scripted-upstream.ts";
import { responseEvents, responseTools, responseWith, sseEvents } from "../support/responses-upstream.ts";

/** ChatOpenAI on the Responses API through the test's toolmend, with the file tools bound. */
const it = test.extend("chat", ({ toolmend }) => (maxRetries = 0) =>
  new ChatOpenAI({ model: "gpt-test", apiKey: "k", maxRetries, useResponsesApi: true, configuration: { baseURL: toolmend.baseURL } }).bindTools(
    responseTools.map(({ name, description, parameters }) => ({ type: "function" as const, function: { name, description, parameters } })),
  ),
);
const broken = '{"path": "a.txt", "limit": "7",}';

describe("LangChain ChatOpenAI with useResponsesApi", () => {
  it("invoke receives repaired arguments", async ({ upstream, chat }) => {
    upstream.script(json(responseWith([{ kind: "call", name: "read_file", arguments: broken }])));
    const message = await chat().invoke("read a.txt");
    expect(upstream.requests[0]!.url).toBe("/v1/responses");
    expect(message.tool_calls?.map((call) => [call.name, call.args])).toEqual([["read_file", { path: "a.txt", limit: 7 }]]);
  });

  it("stream receives repaired arguments", async ({ upstream, chat }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "call", name: "read_file", arguments: broken }])));
    let merged;
    for await (const chunk of await chat().stream("read a.txt")) merged = merged === undefined ? chunk : merged.concat(chunk);
    expect(merged?.tool_calls?.map((call) => [call.name, call.args])).toEqual([["read_file", { path: "a.txt", limit: 7 }]]);
  });

  it("raises an escalation as an error carrying the 400, without retrying", async ({ upstream, chat }) => {
    upstream.script(json(responseWith([{ kind: "call", name: "read_file", arguments: '{"limit": 7}' }])));
    const error = await chat(3)
      .invoke("read")
      .catch((caught: unknown) => caught);
    expect((error as { status?: number }).status).toBe(400);
    expect((error as Error).message).toContain("could not be repaired");
    expect(upstream.requests).toHaveLength(1);
  });
});
