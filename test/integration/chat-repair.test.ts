import OpenAI from "openai";
import { describe, expect, it, sdkClient } from "../support/fixtures.ts";
import { chatCompletion, fileTools, json, toolCallCompletion } from "../support/scripted-upstream.ts";
import type { RunningToolmend } from "../support/toolmend-harness.ts";

const ask = (toolmend: RunningToolmend, extra: Record<string, unknown> = {}) =>
  sdkClient(toolmend).chat.completions.create({
    model: "gpt-test",
    messages: [{ role: "user", content: "read a.txt" }],
    tools: fileTools,
    ...extra,
  });

const rawChat = (toolmend: RunningToolmend, body: Record<string, unknown>) =>
  fetch(`${toolmend.baseURL}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "x" }], tools: fileTools, ...body }),
  });

describe("non-streamed chat completions with tools", () => {
  it("leaves a valid call's bytes untouched", async ({ upstream, toolmend }) => {
    const answer = JSON.stringify(toolCallCompletion([{ id: "call_1", name: "read_file", arguments: '{"path":"a.txt", "limit": 10}' }]));
    upstream.script((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(answer));
    const response = await rawChat(toolmend, {});
    expect(await response.text()).toBe(answer);
    expect(response.headers.get("x-toolmend-outcome")).toBe("valid");
  });

  it("repairs broken arguments, changing only the arguments", async ({ upstream, toolmend }) => {
    upstream.script(
      json(
        toolCallCompletion([
          { id: "call_1", name: "read_file", arguments: '```json\n{"path": "a.txt", "limit": "10",}\n```', thought_signature: "sig-1" },
        ]),
      ),
    );
    const response = await rawChat(toolmend, {});
    expect(response.headers.get("x-toolmend-outcome")).toBe("repaired");
    expect(response.headers.get("x-toolmend-repairs")).toContain("strip-code-fences");
    const body = (await response.json()) as ReturnType<typeof toolCallCompletion>;
    const call = body.choices[0]!.message.tool_calls[0]!;
    expect(JSON.parse(call.function.arguments as string)).toEqual({ path: "a.txt", limit: 10 });
    expect(call).toMatchObject({ id: "call_1", type: "function", thought_signature: "sig-1" });
    expect(body.usage).toEqual({ prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 });
    const text = await toolmend.scrape();
    expect(text).toContain('toolmend_tool_calls_total{outcome="repaired",model="m"} 1');
    // The usage the upstream reported, under the model the request asked for.
    expect(text).toContain('toolmend_tokens_total{model="m",kind="prompt"} 50');
    expect(text).toContain('toolmend_tokens_total{model="m",kind="completion"} 20');
  });

  it("gives the openai SDK repaired arguments and a resolved tool name", async ({ upstream, toolmend }) => {
    upstream.script(json(toolCallCompletion([{ id: "call_9", name: "functions.readFile", arguments: "{'path': 'b.txt'}" }])));
    const completion = await ask(toolmend);
    const call = completion.choices[0]!.message.tool_calls![0]!;
    expect(call.type === "function" && call.function.name).toBe("read_file");
    expect(call.type === "function" && JSON.parse(call.function.arguments)).toEqual({ path: "b.txt" });
  });

  it("escalates an unrepairable call as the SDK's BadRequestError, with the original response inside", async ({ upstream, toolmend }) => {
    const original = toolCallCompletion([{ id: "call_1", name: "read_file", arguments: '{"limit": 3}' }]);
    upstream.script(json(original));
    const error = await ask(toolmend).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const apiError = error as InstanceType<typeof OpenAI.BadRequestError>;
    expect(apiError.status).toBe(400);
    expect(apiError.code).toBe("invalid_tool_call");
    expect(apiError.message).not.toContain("tool_calls");
    expect(apiError.headers.get("x-should-retry")).toBe("false");
    const escalation = (apiError.error as { escalation: Record<string, unknown> }).escalation;
    expect(escalation).toMatchObject({
      source: "schema-fixers",
      severity: "MEDIUM",
      attempts: 1,
      original_error: { kind: "schema_mismatch", tool: "read_file", call_id: "call_1", raw_arguments: '{"limit": 3}' },
      original_response: original,
    });
    expect(await toolmend.scrape()).toContain('toolmend_escalations_total{kind="schema_mismatch",severity="MEDIUM"} 1');
  });

  it("can answer an escalation with 422 when configured", async ({ upstream, launch }) => {
    const toolmend = await launch({ repair: { escalationStatus: 422 } });
    upstream.script(json(toolCallCompletion([{ id: "c", name: "read_file", arguments: "{}" }])));
    const response = await rawChat(toolmend, {});
    expect(response.status).toBe(422);
  });

  it("passes a broken call through unchanged, marked, under the passthrough policy", async ({ upstream, launch }) => {
    const toolmend = await launch({ repair: { defaults: { onFailure: "passthrough" } } });
    const answer = JSON.stringify(toolCallCompletion([{ id: "c1", name: "read_file", arguments: '{"limit": 3}' }]));
    upstream.script((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(answer));
    const response = await rawChat(toolmend, {});
    expect(response.status).toBe(200);
    expect(response.headers.get("x-toolmend-outcome")).toBe("passthrough");
    expect(await response.text()).toBe(answer);
  });

  it("rejects with severity CRITICAL under the reject policy", async ({ upstream, launch }) => {
    const toolmend = await launch({ repair: { defaults: { onFailure: "reject" } } });
    upstream.script(json(toolCallCompletion([{ id: "c1", name: "read_file", arguments: '{"limit": 3}' }])));
    const response = await rawChat(toolmend, {});
    expect(response.status).toBe(400);
    expect(response.headers.get("x-toolmend-outcome")).toBe("rejected");
    expect(await response.json()).toMatchObject({ error: { escalation: { policy: "reject", severity: "CRITICAL" } } });
  });

  it("feeds the error back and returns only the final turn", async ({ upstream, launch }) => {
    const toolmend = await launch({ repair: { defaults: { onFailure: "feedback", maxRounds: 2 } } });
    upstream.script(
      json(toolCallCompletion([{ id: "call_a", name: "read_file", arguments: '{"file": "a.txt"}' }, { id: "call_b", name: "delete_file", arguments: '{"file_path": "old"}' }])),
      json(toolCallCompletion([{ id: "call_c", name: "read_file", arguments: '{"path": "a.txt"}' }])),
    );
    const completion = await ask(toolmend);
    expect(completion.choices[0]!.message.tool_calls![0]!.id).toBe("call_c");
    expect(upstream.requests).toHaveLength(2);
    const second = JSON.parse(upstream.requests[1]!.body.toString()) as { messages: Array<Record<string, unknown>> };
    const [user, assistant, firstResult, secondResult] = second.messages;
    expect(user).toMatchObject({ role: "user" });
    expect(assistant).toMatchObject({ role: "assistant", tool_calls: [{ id: "call_a" }, { id: "call_b" }] });
    expect(firstResult).toMatchObject({ role: "tool", tool_call_id: "call_a" });
    expect(firstResult!.content).toContain("path");
    expect(secondResult).toMatchObject({ role: "tool", tool_call_id: "call_b" });
    expect(secondResult!.content).toContain("Re-issue this call if it is still needed");
    expect(await toolmend.scrape()).toContain('toolmend_feedback_rounds_total{route="chat_completions"} 1');
  });

  it("escalates after the feedback rounds are spent", async ({ upstream, launch }) => {
    const toolmend = await launch({ repair: { defaults: { onFailure: "feedback", maxRounds: 2, then: "escalate" } } });
    upstream.script(json(toolCallCompletion([{ id: "c", name: "read_file", arguments: "{}" }])));
    const response = await rawChat(toolmend, {});
    expect(response.status).toBe(400);
    expect(upstream.requests).toHaveLength(3);
    expect(await response.json()).toMatchObject({ error: { escalation: { attempts: 3 } } });
  });

  it("resamples the same request byte-for-byte", async ({ upstream, launch }) => {
    const toolmend = await launch({ repair: { defaults: { onFailure: "resample", maxRounds: 1 } } });
    upstream.script(
      json(toolCallCompletion([{ id: "c", name: "read_file", arguments: "{}" }])),
      json(toolCallCompletion([{ id: "d", name: "read_file", arguments: '{"path":"x"}' }])),
    );
    const response = await rawChat(toolmend, {});
    expect(response.status).toBe(200);
    expect(upstream.requests).toHaveLength(2);
    expect(upstream.requests[1]!.body.equals(upstream.requests[0]!.body)).toBe(true);
  });

  it("escalates a destructive tool at once instead of guessing", async ({ upstream, launch }) => {
    const toolmend = await launch({ repair: { defaults: { onFailure: "feedback" }, tools: { "delete_*": { destructive: true } } } });
    // `path` → `file_path` is a rename that guesses, which a destructive tool never gets (`filepath` would be the same name).
    upstream.script(json(toolCallCompletion([{ id: "c", name: "delete_file", arguments: '{"path": "/etc"}' }])));
    const response = await rawChat(toolmend, {});
    expect(response.status).toBe(400);
    expect(upstream.requests).toHaveLength(1);
  });

  it("repairs every call of parallel calls and of n > 1 choices", async ({ upstream, toolmend }) => {
    upstream.script(
      json(
        toolCallCompletion(
          [
            { id: "c1", name: "read_file", arguments: '{"path": "a", "limit": "1"}' },
            { id: "c2", name: "read_file", arguments: '{"path": "b",}' },
          ],
          { choices: 2 },
        ),
      ),
    );
    const completion = await ask(toolmend, { n: 2 });
    for (const choice of completion.choices) {
      const args = choice.message.tool_calls!.map((call) => call.type === "function" && JSON.parse(call.function.arguments));
      expect(args).toEqual([{ path: "a", limit: 1 }, { path: "b" }]);
    }
  });

  it("normalises quirks: object arguments, missing ids, finish_reason stop", async ({ upstream, toolmend }) => {
    upstream.script(json(toolCallCompletion([{ name: "read_file", arguments: { path: "a.txt" } }], { finishReason: "stop" })));
    const completion = await ask(toolmend);
    const choice = completion.choices[0]!;
    expect(choice.finish_reason).toBe("tool_calls");
    const call = choice.message.tool_calls![0]!;
    expect(call.id).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(call.type === "function" && call.function.arguments).toBe('{"path":"a.txt"}');
  });

  it("extracts a call written as text into content", async ({ upstream, toolmend }) => {
    upstream.script(
      json(chatCompletion('<tool_call>{"name": "read_file", "arguments": {"path": "notes.md"}}</tool_call>')),
    );
    const completion = await ask(toolmend);
    const message = completion.choices[0]!.message;
    expect(completion.choices[0]!.finish_reason).toBe("tool_calls");
    expect(message.content).toBeNull();
    expect(message.tool_calls![0]!.type === "function" && message.tool_calls![0]!.function).toEqual({
      name: "read_file",
      arguments: '{"path":"notes.md"}',
    });
  });

  it("leaves plain text answers alone", async ({ upstream, toolmend }) => {
    const answer = JSON.stringify(chatCompletion("I cannot read files, but read_file might help."));
    upstream.script((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(answer));
    const response = await rawChat(toolmend, {});
    expect(await response.text()).toBe(answer);
  });

  it("relays upstream errors unchanged", async ({ upstream, toolmend }) => {
    upstream.script(json({ error: { message: "nope", type: "invalid_request_error", code: "bad" } }, 401));
    const response = await rawChat(toolmend, {});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: "nope", type: "invalid_request_error", code: "bad" } });
  });

  it("turns Groq's 400 tool_use_failed into a normal answer with the repaired call", async ({ upstream, toolmend }) => {
    upstream.script(
      json(
        {
          error: {
            message: "Failed to call a function. Please adjust your prompt. See 'failed_generation' for more details.",
            type: "invalid_request_error",
            code: "tool_use_failed",
            failed_generation: '<function=read_file>{"path": "g.txt", "limit": "4"}</function>',
          },
        },
        400,
      ),
    );
    const completion = await ask(toolmend);
    const call = completion.choices[0]!.message.tool_calls![0]!;
    expect(call.type === "function" && call.function.name).toBe("read_file");
    expect(call.type === "function" && JSON.parse(call.function.arguments)).toEqual({ path: "g.txt", limit: 4 });
    expect(call.id).toMatch(/^[A-Za-z0-9]{9}$/);
  });

  it("relays any other 400 as it came", async ({ upstream, toolmend }) => {
    upstream.script(json({ error: { message: "context too long", type: "invalid_request_error", code: "context_length_exceeded" } }, 400));
    const response = await rawChat(toolmend, {});
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: "context_length_exceeded" } });
  });

  it("mends broken arguments in the request's history with lossless fixers before forwarding", async ({ upstream, toolmend }) => {
    upstream.script(json(chatCompletion("done")));
    const history = [
      { role: "user", content: "read a" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "h1", type: "function", function: { name: "read_file", arguments: '{"path": "a.txt",}<|call|>' } }],
      },
      { role: "tool", tool_call_id: "h1", content: "contents" },
    ];
    await rawChat(toolmend, { messages: history });
    const sent = JSON.parse(upstream.requests[0]!.body.toString()) as { messages: typeof history };
    expect(sent.messages[1]!.tool_calls![0]!.function.arguments).toBe('{"path":"a.txt"}');
    expect(sent.messages[2]).toEqual(history[2]);
  });

  it("forwards a request whose history is sound byte-for-byte", async ({ upstream, toolmend }) => {
    upstream.script(json(chatCompletion("done")));
    const body = JSON.stringify({
      model: "m",
      tools: fileTools,
      messages: [
        { role: "assistant", content: null, tool_calls: [{ id: "h1", type: "function", function: { name: "read_file", arguments: '{"path": "a"}' } }] },
        { role: "tool", tool_call_id: "h1", content: "x" },
      ],
    });
    await fetch(`${toolmend.baseURL}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(upstream.requests[0]!.body.toString()).toBe(body);
  });

  it("treats finish_reason tool_calls without any call as a failure, not an answer", async ({ upstream, toolmend }) => {
    upstream.script(json({ ...chatCompletion(""), choices: [{ index: 0, message: { role: "assistant", content: null }, finish_reason: "tool_calls" }] }));
    const response = await rawChat(toolmend, {});
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { code: "upstream_invalid_answer" } });
  });
});
