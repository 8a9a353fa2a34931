/**
 * One emitted call that is several (OpenAI's multi_tool_use.parallel with
 * several uses, objects in a row) comes out of toolmend as several calls, in
 * its place, each with an id derived from its own: through the openai SDK,
 * chat and Responses, streamed and not. A use that cannot be made valid
 * keeps the whole call on the failure path.
 */
import OpenAI from "openai";
import { describe, expect, it, test } from "../support/fixtures.ts";
import { fileTools, json, sse, toolCallCompletion, toolCallStream, type ScriptedUpstream } from "../support/scripted-upstream.ts";
import { responseEvents, responseTools, responseWith, sseEvents, type OutputSpec } from "../support/responses-upstream.ts";

test.override("settings", { repair: { defaults: { onFailure: "escalate" } } });

const parallel = (uses: ReadonlyArray<readonly [string, unknown]>): string =>
  JSON.stringify({ tool_uses: uses.map(([name, parameters]) => ({ recipient_name: `functions.${name}`, parameters })) });

type Emitted = { readonly id: string; readonly name: string; readonly arguments: string };

/** The model's turn: a multi_tool_use.parallel of two uses, then an ordinary call. */
const twoUsesThenOne: readonly Emitted[] = [
  { id: "call_p", name: "multi_tool_use.parallel", arguments: parallel([["read_file", { path: "a.txt", limit: "5" }], ["delete_file", { file_path: "b.txt" }]]) },
  { id: "call_r", name: "read_file", arguments: '{"path": "c.txt"}' },
];
const splitCalls = [
  { id: "call_p_1", name: "read_file", arguments: { path: "a.txt", limit: 5 } },
  { id: "call_p_2", name: "delete_file", arguments: { file_path: "b.txt" } },
  { id: "call_r", name: "read_file", arguments: { path: "c.txt" } },
];

const chatRequest = { model: "gpt-test", messages: [{ role: "user" as const, content: "tidy up" }], tools: fileTools };
const responsesRequest = { model: "gpt-test", input: "tidy up", tools: responseTools };

function scriptChat(upstream: ScriptedUpstream, calls: readonly Emitted[], stream: boolean): void {
  upstream.script(stream ? sse(toolCallStream(calls)) : json(toolCallCompletion(calls)));
}

function scriptResponses(upstream: ScriptedUpstream, calls: readonly Emitted[], stream: boolean): void {
  const specs: OutputSpec[] = calls.map((call) => ({ kind: "call", name: call.name, arguments: call.arguments, callId: call.id, id: `fc_${call.id}` }));
  upstream.script(stream ? sseEvents(responseEvents(specs)) : json(responseWith(specs)));
}

type Seen = { id: string; name: string; arguments: unknown };

const chatCallsOf = (message: OpenAI.Chat.ChatCompletionMessage): Seen[] =>
  (message.tool_calls ?? []).flatMap((call) => (call.type === "function" ? [{ id: call.id, name: call.function.name, arguments: JSON.parse(call.function.arguments) as unknown }] : []));

const responseCallsOf = (response: OpenAI.Responses.Response): Seen[] =>
  response.output.flatMap((item) => (item.type === "function_call" ? [{ id: item.call_id, name: item.name, arguments: JSON.parse(item.arguments) as unknown }] : []));

describe("chat completions: several calls from one", () => {
  it("non-streamed: the SDK sees each use as a call in its place, and the headers name the split", async ({ upstream, toolmend, client }) => {
    scriptChat(upstream, twoUsesThenOne, false);
    const { data, response } = await client.chat.completions.create(chatRequest).withResponse();
    expect(chatCallsOf(data.choices[0]!.message)).toEqual(splitCalls);
    expect(data.choices[0]!.finish_reason).toBe("tool_calls");
    expect(response.headers.get("x-toolmend-outcome")).toBe("repaired");
    expect(response.headers.get("x-toolmend-repairs")?.split(",")).toEqual(expect.arrayContaining(["split-calls", "unwrap-envelope", "coerce-types"]));
    const metrics = await toolmend.scrape();
    expect(metrics).toMatch(/^toolmend_fixes_total\{fixer="split-calls"\} [1-9]/m);
    const judged = toolmend.logs().findLast((line) => line.msg === "tool calls judged");
    expect(judged?.calls).toEqual([
      expect.objectContaining({ id: "call_p", tool: ["read_file", "delete_file"], verdict: "repaired", lossy: false }),
      expect.objectContaining({ id: "call_r", tool: "read_file", verdict: "valid" }),
    ]);
  });

  it("streamed: the SDK's final completion has the same calls", async ({ upstream, client }) => {
    scriptChat(upstream, twoUsesThenOne, true);
    const completion = await client.chat.completions.stream(chatRequest).finalChatCompletion();
    expect(chatCallsOf(completion.choices[0]!.message)).toEqual(splitCalls);
    expect(completion.choices[0]!.finish_reason).toBe("tool_calls");
  });

  it("splits valid objects in a row under the tool's own name, streamed and not", async ({ upstream, client }) => {
    const rows: Emitted[] = [{ id: "call_o", name: "read_file", arguments: '{"path": "a.txt"}\n{"path": "b.txt"}' }];
    const expected = [
      { id: "call_o_1", name: "read_file", arguments: { path: "a.txt" } },
      { id: "call_o_2", name: "read_file", arguments: { path: "b.txt" } },
    ];
    scriptChat(upstream, rows, false);
    expect(chatCallsOf((await client.chat.completions.create(chatRequest)).choices[0]!.message)).toEqual(expected);
    scriptChat(upstream, rows, true);
    expect(chatCallsOf((await client.chat.completions.stream(chatRequest).finalChatCompletion()).choices[0]!.message)).toEqual(expected);
  });

  it("escalates the whole call when one use cannot be made valid, dropping none of them", async ({ upstream, client }) => {
    const broken: Emitted[] = [{ id: "call_p", name: "multi_tool_use.parallel", arguments: parallel([["read_file", { path: "a.txt" }], ["delete_file", {}]]) }];
    scriptChat(upstream, broken, false);
    const error = await client
      .chat.completions.create(chatRequest)
      .then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({
      code: "invalid_tool_call",
      escalation: { original_error: { kind: "unknown_tool", tool: "multi_tool_use.parallel", call_id: "call_p" } },
    });
  });
});

describe("responses: several calls from one", () => {
  it("non-streamed: the SDK sees each use as a function_call item in its place", async ({ upstream, client }) => {
    scriptResponses(upstream, twoUsesThenOne, false);
    const { data, response } = await client.responses.create(responsesRequest).withResponse();
    expect(responseCallsOf(data)).toEqual(splitCalls);
    expect(data.output.map((item) => item.type === "function_call" && item.id)).toEqual(["fc_call_p_1", "fc_call_p_2", "fc_call_r"]);
    expect(response.headers.get("x-toolmend-repairs")?.split(",")).toContain("split-calls");
  });

  it("streamed: the SDK's final response has the same items, and every event of the stream agrees", async ({ upstream, client }) => {
    scriptResponses(upstream, twoUsesThenOne, true);
    const stream = client.responses.stream(responsesRequest);
    const done: Seen[] = [];
    stream.on("response.output_item.done", (event) => {
      if (event.item.type === "function_call") done.push({ id: event.item.call_id, name: event.item.name, arguments: JSON.parse(event.item.arguments) as unknown });
    });
    const final = await stream.finalResponse();
    expect(responseCallsOf(final)).toEqual(splitCalls);
    expect(done).toEqual(splitCalls);
  });
});
