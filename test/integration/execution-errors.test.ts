import OpenAI from "openai";
import { describe, expect, sdkClient, test } from "../support/fixtures.ts";
import { chatCompletion, fileTools, json, sse, type ScriptedUpstream } from "../support/scripted-upstream.ts";
import { responseEvents, responseTools, responseWith, sseEvents } from "../support/responses-upstream.ts";
import type { RunningToolmend } from "../support/toolmend-harness.ts";

/** A client that keeps what it sent, byte for byte, as fetch put it on the wire. */
function recordingClient(toolmend: RunningToolmend, sent: string[]): OpenAI {
  const recordingFetch: typeof fetch = async (input, init) => {
    if (typeof init?.body === "string") sent.push(init.body);
    return fetch(input, init);
  };
  return sdkClient(toolmend, { fetch: recordingFetch });
}

const it = test.extend("sent", () => [] as string[]).extend("client", ({ toolmend, sent }) => recordingClient(toolmend, sent));
const received = (upstream: ScriptedUpstream, index = 0) => JSON.parse(upstream.requests[index]!.body.toString("utf8")) as Record<string, unknown>;
const requestLog = (toolmend: RunningToolmend) => toolmend.logs().find((line) => line.msg === "request") as Record<string, unknown>;

// A fake key assembled at run time (no key-shaped literal in the repository).
const fakeKey = `sk-proj-${"Ab3dE5fG7h".repeat(5)}`;
// pydantic 2's ValidationError text, as FastMCP returns it (see test/unit/tool-results/classify-result.test.ts).
const missingFilePath =
  "Error executing tool delete_file: 1 validation error for delete_fileArguments\nfile_path\n  Field required [type=missing, input_value={'filepath': 'a.txt'}, input_type=dict]";

type Message = OpenAI.Chat.ChatCompletionMessageParam;
const assistantCall = (id: string, name: string, args: string): Message => ({
  role: "assistant",
  content: null,
  tool_calls: [{ id, type: "function", function: { name, arguments: args } }],
});
const toolResult = (id: string, content: string): Message => ({ role: "tool", tool_call_id: id, content });
const chat = (client: OpenAI, messages: Message[], extra: Record<string, unknown> = {}) =>
  client.chat.completions.create({
    model: "gpt-test",
    messages: [{ role: "user", content: "delete a.txt" }, ...messages],
    tools: fileTools,
    ...extra,
  } as OpenAI.Chat.ChatCompletionCreateParamsNonStreaming);

describe("execution errors on the way in: chat completions", () => {
  it("adds a hint naming the missing field and the key the model sent instead", async ({ upstream, toolmend, client }) => {
    upstream.script(json(chatCompletion("Retrying with file_path.")));
    await chat(client, [assistantCall("call_1", "delete_file", '{"filepath":"a.txt"}'), toolResult("call_1", missingFilePath)]);

    const content = (received(upstream).messages as Array<{ content: string }>)[2]!.content;
    expect(content.startsWith(`${missingFilePath}\n\n`)).toBe(true);
    expect(content).toContain("`file_path` (string) is required but was not sent; you sent `filepath`: did you mean `file_path`?");
    expect(await toolmend.scrape()).toContain('toolmend_tool_results_total{tool="delete_file",class="invalid_args"} 1');
    expect(await toolmend.scrape()).toContain('toolmend_tool_result_hints_total{tool="delete_file"} 1');
    expect(requestLog(toolmend).toolResults).toEqual({ seen: 1, classes: { invalid_args: 1 }, hints: 1, redactions: {} });
  });

  it("sends a result carrying an API key upstream with the key redacted", async ({ upstream, toolmend, client }) => {
    upstream.script(json(chatCompletion("Done.")));
    await chat(client, [assistantCall("call_1", "read_file", '{"path":".env"}'), toolResult("call_1", `OPENAI_API_KEY=${fakeKey}\nDEBUG=1`)]);

    const body = upstream.requests[0]!.body.toString("utf8");
    expect(body).not.toContain(fakeKey);
    expect((received(upstream).messages as Array<{ content: string }>)[2]!.content).toBe("OPENAI_API_KEY=[redacted:api_key]\nDEBUG=1");
    expect(await toolmend.scrape()).toContain('toolmend_redactions_total{kind="api_key"} 1');
  });

  it("answers three identical failing calls with a loop-guard escalation and never calls the upstream", async ({ upstream, toolmend, client }) => {
    upstream.script(json(chatCompletion("should not be asked")));
    const failing = "Error: [Errno 2] No such file or directory: 'a.txt'";
    const rounds = ["call_1", "call_2", "call_3"].flatMap((id) => [assistantCall(id, "read_file", '{"path":"a.txt"}'), toolResult(id, failing)]);
    const error = await chat(client, rounds).then(
      () => undefined,
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const body = (error as InstanceType<typeof OpenAI.BadRequestError>).error as { escalation: Record<string, unknown>; code: string };
    expect(body.code).toBe("invalid_tool_call");
    expect(body.escalation).toMatchObject({ source: "loop-guard", policy: "escalate", severity: "HIGH", attempts: 3 });
    expect(body.escalation.failed_calls).toEqual(
      ["call_1", "call_2", "call_3"].map((id) => ({
        kind: "execution_error",
        tool: "read_file",
        call_id: id,
        raw_arguments: '{"path":"a.txt"}',
        class: "execution",
        result: failing,
      })),
    );
    expect(upstream.requests).toHaveLength(0);
    expect(await toolmend.scrape()).toContain('toolmend_loop_guard_stops_total{reason="repeated_call",action="escalate"} 1');
    expect(requestLog(toolmend)).toMatchObject({ status: 400, toolResults: { loop: { reason: "repeated_call", action: "escalate" } } });
  });

  it("escalates a streamed request the same way, before any byte is streamed", async ({ upstream, toolmend }) => {
    const rounds = ["call_1", "call_2", "call_3"].flatMap((id) => [assistantCall(id, "read_file", '{"path":"a.txt"}'), toolResult(id, "Error: timeout")]);
    const response = await fetch(`${toolmend.baseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ model: "m", stream: true, tools: fileTools, messages: [{ role: "user", content: "x" }, ...rounds] }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-should-retry")).toBe("false");
    expect(((await response.json()) as { error: { escalation: { source: string } } }).error.escalation.source).toBe("loop-guard");
    expect(upstream.requests).toHaveLength(0);
  });

  it("lets the loop through when the tool's policy says passthrough", async ({ upstream, launch, sent }) => {
    const toolmend = await launch({ repair: { tools: { read_file: { executionErrors: { onLoop: "passthrough" } } } } });
    const client = recordingClient(toolmend, sent);
    upstream.script(json(chatCompletion("I will stop trying.")));
    const rounds = ["call_1", "call_2", "call_3"].flatMap((id) => [assistantCall(id, "read_file", '{"path":"a.txt"}'), toolResult(id, "Error: timeout")]);
    const completion = await chat(client, rounds);
    expect(completion.choices[0]!.message.content).toBe("I will stop trying.");
    expect(await toolmend.scrape()).toContain('toolmend_loop_guard_stops_total{reason="repeated_call",action="passthrough"} 1');
  });

  it("forwards a clean history byte for byte, streamed or not", async ({ upstream, toolmend, client, sent }) => {
    upstream.script(json(chatCompletion("ok")));
    await chat(client, [assistantCall("call_1", "read_file", '{"path":"a.txt"}'), toolResult("call_1", "hello from a.txt"), { role: "assistant", content: "It says hello." }]);
    expect(upstream.requests[0]!.body.toString("utf8")).toBe(sent[0]);

    // Spacing and key order no serialiser would produce: only the client's own bytes look like this.
    const spaced = `{ "messages" : [ {"content":"x","role":"user"}, {"role":"assistant","tool_calls":[{"type":"function","id":"c1","function":{"arguments":"{}","name":"read_file"}}],"content":null},\n {"tool_call_id":"c1","role":"tool","content":"Error: no path given"} ],\n "model":"m", "stream": true, "tools": ${JSON.stringify(fileTools)} }`;
    upstream.script(sse([{ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content: "ok" }, finish_reason: "stop" }] }, "[DONE]"]));
    const response = await fetch(`${toolmend.baseURL}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: spaced });
    await response.text();
    expect(upstream.requests[1]!.body.toString("utf8")).toBe(spaced);
  });
});

type InputItem = OpenAI.Responses.ResponseInputItem;
const functionCall = (callId: string, name: string, args: string): InputItem => ({ type: "function_call", call_id: callId, name, arguments: args });
const functionOutput = (callId: string, output: string): InputItem => ({ type: "function_call_output", call_id: callId, output });
const respond = (client: OpenAI, input: InputItem[], extra: Record<string, unknown> = {}) =>
  client.responses.create({
    model: "gpt-test",
    input: [{ role: "user", content: "delete a.txt" }, ...input],
    tools: responseTools,
    ...extra,
  } as OpenAI.Responses.ResponseCreateParamsNonStreaming);

describe("execution errors on the way in: responses", () => {
  it("adds the hint to a function_call_output", async ({ upstream, client }) => {
    upstream.script(json(responseWith([{ kind: "text", text: "Retrying." }])));
    await respond(client, [functionCall("call_1", "delete_file", '{"filepath":"a.txt"}'), functionOutput("call_1", missingFilePath)]);
    const output = (received(upstream).input as Array<{ output?: string }>)[2]!.output!;
    expect(output.startsWith(missingFilePath)).toBe(true);
    expect(output).toContain("you sent `filepath`: did you mean `file_path`?");
  });

  it("redacts a key in a streamed request's function_call_output", async ({ upstream, client }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "text", text: "Done." }])));
    const stream = await client.responses.create({
      model: "gpt-test",
      input: [functionCall("call_1", "read_file", '{"path":".env"}'), functionOutput("call_1", `token: ${fakeKey}`)],
      tools: responseTools,
      stream: true,
    } as OpenAI.Responses.ResponseCreateParamsStreaming);
    for await (const event of stream) void event;
    expect(upstream.requests[0]!.body.toString("utf8")).not.toContain(fakeKey);
    expect((received(upstream).input as Array<{ output?: string }>)[1]!.output).toBe("token: [redacted:api_key]");
  });

  it("answers three identical failing calls with a loop-guard escalation", async ({ upstream, client }) => {
    const input = ["call_1", "call_2", "call_3"].flatMap((id) => [
      functionCall(id, "read_file", '{"path":"a.txt"}'),
      functionOutput(id, '{"error":"permission denied"}'),
    ]);
    const error = await respond(client, input).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const body = (error as InstanceType<typeof OpenAI.BadRequestError>).error as { escalation: { source: string; failed_calls: unknown[] }; param: string };
    expect(body.escalation.source).toBe("loop-guard");
    expect(body.escalation.failed_calls).toHaveLength(3);
    expect(body.param).toBe("input[6].output");
    expect(upstream.requests).toHaveLength(0);
  });

  it("forwards a clean history byte for byte", async ({ upstream, client, sent }) => {
    upstream.script(json(responseWith([{ kind: "text", text: "ok" }])));
    await respond(client, [functionCall("call_1", "read_file", '{"path":"a.txt"}'), functionOutput("call_1", "hello")]);
    expect(upstream.requests[0]!.body.toString("utf8")).toBe(sent[0]);
  });
});
