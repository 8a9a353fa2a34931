import OpenAI from "openai";
import { describe, expect, it, sdkClient } from "../support/fixtures.ts";
import { json } from "../support/scripted-upstream.ts";
import { responseTools, responseWith } from "../support/responses-upstream.ts";
import type { RunningToolmend } from "../support/toolmend-harness.ts";

const ask = (client: OpenAI, extra: Record<string, unknown> = {}) =>
  client.responses.create({ model: "gpt-test", input: "read a.txt", tools: responseTools, ...extra } as OpenAI.Responses.ResponseCreateParamsNonStreaming);

const raw = (toolmend: RunningToolmend, body: Record<string, unknown>) =>
  fetch(`${toolmend.baseURL}/responses`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "m", input: "x", tools: responseTools, ...body }),
  });

function functionCalls(response: OpenAI.Responses.Response) {
  return response.output.filter((item) => item.type === "function_call");
}

describe("non-streamed responses with function tools", () => {
  it("leaves a valid answer's bytes untouched", async ({ upstream, toolmend }) => {
    const answer = JSON.stringify(responseWith([{ kind: "text", text: "Sure." }, { kind: "call", name: "read_file", arguments: '{"path":"a.txt",  "limit": 2}' }]));
    upstream.script((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(answer));
    const response = await raw(toolmend, {});
    expect(await response.text()).toBe(answer);
    expect(response.headers.get("x-toolmend-outcome")).toBe("valid");
  });

  it("forwards a request without function tools as bytes", async ({ upstream, toolmend }) => {
    const answer = JSON.stringify(responseWith([{ kind: "call", name: "read_file", arguments: "{'broken'" }]));
    upstream.script((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(answer));
    const response = await raw(toolmend, { tools: [{ type: "web_search" }] });
    expect(await response.text()).toBe(answer);
    expect(response.headers.get("x-toolmend-outcome")).toBe("none");
  });

  it("gives responses.create repaired arguments and a resolved name, changing nothing else", async ({ upstream, toolmend, client }) => {
    upstream.script(
      json(
        responseWith([
          { kind: "text", text: "Reading it." },
          { kind: "call", name: "functions.readFile", arguments: '```json\n{"path": "a.txt", "limit": "10",}\n```', callId: "call_abc" },
        ]),
      ),
    );
    const response = await ask(client);
    const [call] = functionCalls(response);
    expect(call).toMatchObject({ type: "function_call", id: "fc_1", call_id: "call_abc", name: "read_file", status: "completed" });
    expect(JSON.parse(call!.arguments)).toEqual({ path: "a.txt", limit: 10 });
    expect(response.output_text).toBe("Reading it.");
    expect(response.usage?.total_tokens).toBe(52);
    const text = await toolmend.scrape();
    expect(text).toContain('toolmend_tool_calls_total{outcome="repaired",model="gpt-test"} 1');
    expect(text).toContain('toolmend_requests_total{route="responses",status_class="2xx"} 1');
    // Responses name them input and output tokens.
    expect(text).toContain('toolmend_tokens_total{model="gpt-test",kind="prompt"} 40');
    expect(text).toContain('toolmend_tokens_total{model="gpt-test",kind="completion"} 12');
  });

  it("sets the outcome headers and the log line", async ({ upstream, toolmend }) => {
    upstream.script(json(responseWith([{ kind: "call", name: "read_file", arguments: "{'path': 'b.txt'}" }])));
    const response = await raw(toolmend, {});
    expect(response.headers.get("x-toolmend-outcome")).toBe("repaired");
    expect(response.headers.get("x-toolmend-repairs")).toBeTruthy();
    await response.text();
    const line = toolmend.logs().find((entry) => entry.msg === "request" && entry.route === "responses");
    expect(line).toMatchObject({ outcome: "repaired", toolCalls: { seen: 1, repaired: 1 } });
  });

  it("checks calls against strict tools when strict is omitted", async ({ upstream, toolmend }) => {
    const tools = [{ type: "function", name: "read_file", parameters: responseTools[0]!.parameters }];
    upstream.script(json(responseWith([{ kind: "call", name: "read_file", arguments: '{"path": "a", "limit": "3"}' }])));
    const response = await raw(toolmend, { tools });
    const body = (await response.json()) as { output: Array<{ arguments: string }> };
    expect(JSON.parse(body.output[0]!.arguments)).toEqual({ path: "a", limit: 3 });
  });

  it("escalates as the SDK's BadRequestError with param output[i].arguments and the original response", async ({ upstream, toolmend, client }) => {
    const original = responseWith([{ kind: "text", text: "Hm." }, { kind: "call", name: "read_file", arguments: '{"limit": 3}', callId: "call_x" }]);
    upstream.script(json(original));
    const error = await ask(client).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const apiError = error as InstanceType<typeof OpenAI.BadRequestError>;
    expect(apiError.code).toBe("invalid_tool_call");
    expect(apiError.param).toBe("output[1].arguments");
    expect(apiError.headers.get("x-should-retry")).toBe("false");
    expect((apiError.error as { escalation: unknown }).escalation).toMatchObject({
      source: "schema-fixers",
      attempts: 1,
      original_error: { kind: "schema_mismatch", tool: "read_file", call_id: "call_x", raw_arguments: '{"limit": 3}' },
      original_response: original,
    });
    expect(await toolmend.scrape()).toContain('toolmend_escalations_total{kind="schema_mismatch",severity="MEDIUM"} 1');
  });

  it("passes a broken call through unchanged, marked, under the passthrough policy", async ({ upstream, launch }) => {
    const toolmend = await launch({ repair: { defaults: { onFailure: "passthrough" } } });
    const answer = JSON.stringify(responseWith([{ kind: "call", name: "read_file", arguments: '{"limit": 3}' }]));
    upstream.script((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(answer));
    const response = await raw(toolmend, {});
    expect(response.headers.get("x-toolmend-outcome")).toBe("passthrough");
    expect(await response.text()).toBe(answer);
  });

  it("feeds the error back as function_call and function_call_output input items", async ({ upstream, launch }) => {
    const toolmend = await launch({ repair: { defaults: { onFailure: "feedback", maxRounds: 2 } } });
    const client = sdkClient(toolmend);
    upstream.script(
      json(responseWith([{ kind: "call", name: "read_file", arguments: '{"file": "a.txt"}', callId: "call_a" }, { kind: "call", name: "delete_file", arguments: '{"file_path": "old"}', callId: "call_b" }])),
      json(responseWith([{ kind: "call", name: "read_file", arguments: '{"path": "a.txt"}', callId: "call_c" }], { id: "resp_2" })),
    );
    const response = await ask(client, { previous_response_id: "resp_prev", store: true });
    expect(response.id).toBe("resp_2");
    expect(functionCalls(response)[0]!.call_id).toBe("call_c");
    expect(upstream.requests).toHaveLength(2);
    const second = JSON.parse(upstream.requests[1]!.body.toString()) as { input: Array<Record<string, unknown>>; previous_response_id: string };
    expect(second.previous_response_id).toBe("resp_prev");
    expect(second.input).toEqual([
      { type: "message", role: "user", content: "read a.txt" },
      { type: "function_call", call_id: "call_a", name: "read_file", arguments: '{"file": "a.txt"}' },
      { type: "function_call", call_id: "call_b", name: "delete_file", arguments: '{"file_path": "old"}' },
      { type: "function_call_output", call_id: "call_a", output: expect.stringContaining("path") },
      { type: "function_call_output", call_id: "call_b", output: expect.stringContaining("Re-issue this call if it is still needed") },
    ]);
    expect(await toolmend.scrape()).toContain('toolmend_feedback_rounds_total{route="responses"} 1');
  });

  it("does not add rounds to a stored conversation: the policy's `then` applies at once", async ({ upstream, launch }) => {
    const toolmend = await launch({ repair: { defaults: { onFailure: "feedback", maxRounds: 2, then: "escalate" } } });
    upstream.script(json(responseWith([{ kind: "call", name: "read_file", arguments: "{}" }])));
    const response = await raw(toolmend, { conversation: "conv_1" });
    expect(response.status).toBe(400);
    expect(upstream.requests).toHaveLength(1);
  });

  it("resamples the same request byte-for-byte, then escalates", async ({ upstream, launch }) => {
    const toolmend = await launch({ repair: { defaults: { onFailure: "resample", maxRounds: 1 } } });
    upstream.script(json(responseWith([{ kind: "call", name: "read_file", arguments: "{}" }])));
    const response = await raw(toolmend, {});
    expect(response.status).toBe(400);
    expect(upstream.requests).toHaveLength(2);
    expect(upstream.requests[1]!.body.equals(upstream.requests[0]!.body)).toBe(true);
    expect(await response.json()).toMatchObject({ error: { escalation: { attempts: 2 } } });
  });

  it("does not repair a string cut by max_output_tokens", async ({ upstream, toolmend }) => {
    upstream.script(
      json(
        responseWith([{ kind: "call", name: "read_file", arguments: '{"path": "a very long na' }], {
          status: "incomplete",
          incomplete_details: { reason: "max_output_tokens" },
        }),
      ),
    );
    const response = await raw(toolmend, {});
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { escalation: { original_error: { kind: "invalid_args", truncated: true } } } });
  });

  it("relays an upstream error as it came", async ({ upstream, toolmend }) => {
    upstream.script(json({ error: { message: "bad", type: "invalid_request_error", code: null, param: "input" } }, 400));
    const response = await raw(toolmend, {});
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { message: "bad", type: "invalid_request_error", code: null, param: "input" } });
  });

  it("mends broken function_call arguments in the request's input before forwarding, and leaves sound input as bytes", async ({ upstream, toolmend }) => {
    upstream.script(json(responseWith([{ kind: "text", text: "done" }])));
    const input = [
      { role: "user", content: "read a" },
      { type: "function_call", call_id: "h1", name: "read_file", arguments: '```json\n{"path": "a.txt",}\n```' },
      { type: "function_call_output", call_id: "h1", output: "contents" },
    ];
    await raw(toolmend, { input });
    const sent = JSON.parse(upstream.requests[0]!.body.toString()) as { input: Array<Record<string, unknown>> };
    expect(sent.input[1]).toEqual({ ...input[1], arguments: '{"path":"a.txt"}' });
    expect(sent.input[2]).toEqual(input[2]);

    const sound = JSON.stringify({ model: "m", tools: responseTools, input: [{ ...input[1], arguments: '{"path": "a.txt"}' }, input[2]] });
    await fetch(`${toolmend.baseURL}/responses`, { method: "POST", headers: { "content-type": "application/json" }, body: sound });
    expect(upstream.requests[1]!.body.toString()).toBe(sound);
  });

  it("moves a call written as text into a message into a function_call item", async ({ upstream, client }) => {
    upstream.script(
      json(responseWith([{ kind: "text", text: 'Reading it now.\n<tool_call>{"name": "read_file", "arguments": {"path": "notes.md", "limit": "5"}}</tool_call>' }])),
    );
    const response = await ask(client);
    const calls = functionCalls(response);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ type: "function_call", name: "read_file" });
    expect(JSON.parse(calls[0]!.arguments)).toEqual({ path: "notes.md", limit: 5 });
    expect(calls[0]!.call_id).toMatch(/^call_[A-Za-z0-9]{9}$/);
    const message = response.output.find((item) => item.type === "message");
    expect(message?.type === "message" && message.content[0]?.type === "output_text" && message.content[0].text).toBe("Reading it now.");
  });

  it("leaves prose that only mentions a tool as it came", async ({ upstream, toolmend }) => {
    const answer = JSON.stringify(responseWith([{ kind: "text", text: "You could use read_file for that." }]));
    upstream.script((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(answer));
    const reply = await raw(toolmend, {});
    expect(await reply.text()).toBe(answer);
  });
});
