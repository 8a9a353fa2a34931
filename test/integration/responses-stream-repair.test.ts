import OpenAI from "openai";
import { describe, expect, it, sdkClient } from "../support/fixtures.ts";
import { parseSse, responseEvents, responseTools, sseEvents } from "../support/responses-upstream.ts";
import type { RunningToolmend } from "../support/toolmend-harness.ts";

const params = { model: "gpt-test", input: "read a.txt", tools: responseTools };

const raw = (toolmend: RunningToolmend, body: Record<string, unknown> = {}) =>
  fetch(`${toolmend.baseURL}/responses`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ ...params, stream: true, ...body }),
  });

async function collect(stream: AsyncIterable<OpenAI.Responses.ResponseStreamEvent>) {
  const events: OpenAI.Responses.ResponseStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe("streamed responses with function tools", () => {
  it("repairs a call in every event that carries its arguments, with strictly increasing sequence numbers", async ({ upstream, client }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "call", name: "readFile", arguments: "{'path': 'b.txt', 'limit': '5'}" }], { pieces: 4 })));
    const events = await collect(await client.responses.create({ ...params, stream: true }));
    const expected = '{"path":"b.txt","limit":5}';
    const added = events.find((event) => event.type === "response.output_item.added");
    const deltas = events.filter((event) => event.type === "response.function_call_arguments.delta");
    const argsDone = events.find((event) => event.type === "response.function_call_arguments.done");
    const itemDone = events.find((event) => event.type === "response.output_item.done");
    const completed = events.find((event) => event.type === "response.completed");
    expect(added?.type === "response.output_item.added" && added.item).toMatchObject({ type: "function_call", name: "read_file", arguments: "" });
    expect(deltas.map((event) => event.type === "response.function_call_arguments.delta" && event.delta).join("")).toBe(expected);
    expect(argsDone?.type === "response.function_call_arguments.done" && argsDone.arguments).toBe(expected);
    expect(itemDone?.type === "response.output_item.done" && itemDone.item).toMatchObject({ name: "read_file", arguments: expected, call_id: "call_0" });
    expect(completed?.type === "response.completed" && completed.response.output[0]).toMatchObject({ name: "read_file", arguments: expected });
    expect(events.map((event) => event.sequence_number)).toEqual(events.map((_event, index) => index));
  });

  it("gives the .stream() helper's final response the repaired call", async ({ upstream, client }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "text", text: "Let me look." }, { kind: "call", name: "read_file", arguments: '{"path": "a.txt",}' }])));
    const final = await client.responses.stream(params).finalResponse();
    expect(final.output_text).toBe("Let me look.");
    const call = final.output.find((item) => item.type === "function_call");
    expect(call?.type === "function_call" && JSON.parse(call.arguments)).toEqual({ path: "a.txt" });
  });

  it("passes a valid stream through byte for byte", async ({ upstream, toolmend }) => {
    const events = responseEvents([{ kind: "text", text: "Sure." }, { kind: "call", name: "read_file", arguments: '{"path": "a.txt",  "limit": 2}' }]);
    upstream.script(sseEvents(events));
    const response = await raw(toolmend);
    const body = await response.text();
    expect(body).toBe(events.map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`).join(""));
    expect(response.headers.get("x-toolmend-outcome")).toBeNull(); // the text went out before the call was judged
  });

  it("streams text events before the call is complete", async ({ upstream, client }) => {
    let release: () => void = () => undefined;
    upstream.script((_request, response) => {
      const events = responseEvents([{ kind: "text", text: "Let me look." }, { kind: "call", name: "read_file", arguments: '{"path":"x"}' }], { pieces: 1 });
      const write = (event: Record<string, unknown>) => response.write(`event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`);
      response.writeHead(200, { "content-type": "text/event-stream" });
      // Up to the text's done event; the call waits until the client has seen the text.
      const cut = events.findIndex((event) => event.type === "response.output_text.done");
      events.slice(0, cut + 1).forEach(write);
      release = () => {
        events.slice(cut + 1).forEach(write);
        response.end();
      };
    });
    const stream = await client.responses.create({ ...params, stream: true });
    let text = "";
    let sawCall = false;
    for await (const event of stream) {
      if (event.type === "response.output_text.delta") text += event.delta;
      if (event.type === "response.output_text.done") release();
      if (event.type === "response.output_item.done" && event.item.type === "function_call") sawCall = true;
    }
    expect(text).toBe("Let me look.");
    expect(sawCall).toBe(true);
  });

  it("tags a tool-only turn's headers with the outcome", async ({ upstream, toolmend }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "call", name: "read_file", arguments: '{"path": "a",}' }])));
    const response = await raw(toolmend);
    expect(response.headers.get("x-toolmend-outcome")).toBe("repaired");
    const events = parseSse(await response.text());
    expect(events.every(({ event, data }) => event === data.type)).toBe(true);
  });

  it("escalates a tool-only turn with a real HTTP 400", async ({ upstream, client }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "call", name: "read_file", arguments: '{"limit": 1}' }])));
    const error = await client
      .responses.create({ ...params, stream: true })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const apiError = error as InstanceType<typeof OpenAI.BadRequestError>;
    expect(apiError.code).toBe("invalid_tool_call");
    expect(apiError.param).toBe("output[0].arguments");
    expect((apiError.error as { escalation: { original_response: { id: string } } }).escalation.original_response.id).toBe("resp_test");
  });

  it("ends a stream that already sent text with an error event the SDK raises", async ({ upstream, client }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "text", text: "Reading…" }, { kind: "call", name: "read_file", arguments: '{"limit": 1}' }])));
    const stream = await client.responses.create({ ...params, stream: true });
    let text = "";
    let sawCall = false;
    const error = await (async () => {
      for await (const event of stream) {
        if (event.type === "response.output_text.delta") text += event.delta;
        if (event.type === "response.output_item.added" && event.item.type === "function_call") sawCall = true;
      }
    })().catch((caught: unknown) => caught);
    expect(text).toBe("Reading…");
    expect(sawCall).toBe(false);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).code).toBe("invalid_tool_call");
    expect(String((error as Error).message)).toContain("could not be repaired");
  });

  it("writes the error event with top-level code/message/param, a nested error and the next sequence number", async ({ upstream, toolmend }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "text", text: "Hm." }, { kind: "call", name: "read_file", arguments: '{"limit": 1}' }])));
    const events = parseSse(await (await raw(toolmend)).text());
    const last = events.at(-1)!;
    expect(last.event).toBe("error");
    expect(last.data).toMatchObject({
      type: "error",
      code: "invalid_tool_call",
      param: "output[1].arguments",
      message: expect.stringContaining("could not be repaired"),
      error: { type: "invalid_request_error", code: "invalid_tool_call", escalation: { severity: "MEDIUM" } },
    });
    expect(events.map(({ data }) => data.sequence_number)).toEqual(events.map((_event, index) => index));
  });

  it("feeds back inside the stream and sends only the final turn", async ({ upstream, launch }) => {
    const toolmend = await launch({ repair: { defaults: { onFailure: "feedback", maxRounds: 1 } } });
    const client = sdkClient(toolmend);
    upstream.script(
      sseEvents(responseEvents([{ kind: "call", name: "read_file", arguments: '{"file": "a"}', callId: "call_bad" }])),
      sseEvents(responseEvents([{ kind: "call", name: "read_file", arguments: '{"path": "a"}', callId: "call_good" }])),
    );
    const events = await collect(await client.responses.create({ ...params, stream: true }));
    const created = events.filter((event) => event.type === "response.created");
    expect(created).toHaveLength(1);
    const done = events.find((event) => event.type === "response.output_item.done");
    expect(done?.type === "response.output_item.done" && done.item).toMatchObject({ call_id: "call_good", arguments: '{"path": "a"}' });
    const second = JSON.parse(upstream.requests[1]!.body.toString()) as { input: unknown[]; stream: boolean };
    expect(second.stream).toBe(true);
    expect(second.input.slice(1)).toEqual([
      { type: "function_call", call_id: "call_bad", name: "read_file", arguments: '{"file": "a"}' },
      { type: "function_call_output", call_id: "call_bad", output: expect.stringContaining("Error: the call was not executed.") },
    ]);
  });

  it("treats a stream cut before its terminal event as a failure", async ({ upstream, toolmend }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "call", name: "read_file", arguments: '{"path": "a"}' }], { terminal: null })));
    const response = await raw(toolmend);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: { code: "upstream_stream_failed" } });
  });

  it("judges a call cut by max_output_tokens as truncated, never repaired shorter", async ({ upstream, toolmend }) => {
    upstream.script(sseEvents(responseEvents([{ kind: "call", name: "read_file", arguments: '{"path": "a long na' }], { terminal: "incomplete" })));
    const response = await raw(toolmend);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { escalation: { original_error: { kind: "invalid_args", truncated: true } } } });
  });

  it("passes an upstream error event through and ends the stream", async ({ upstream, toolmend }) => {
    const events = responseEvents([{ kind: "call", name: "read_file", arguments: '{"path": "a"}' }], { terminal: null }).slice(0, 3);
    events.push({ type: "error", sequence_number: 3, error: { type: "server_error", code: "server_error", message: "boom", param: null } });
    upstream.script(sseEvents(events));
    const parsed = parseSse(await (await raw(toolmend)).text());
    expect(parsed.map(({ data }) => data.type)).toEqual(["response.created", "response.in_progress", "error"]);
    expect(parsed.map(({ data }) => data.sequence_number)).toEqual([0, 1, 2]);
  });
});
