import OpenAI from "openai";
import { describe, expect, repairModelTest, sdkClient } from "../support/fixtures.ts";
import { fileTools, json, toolCallCompletion, type ScriptedUpstream, type UpstreamHandler } from "../support/scripted-upstream.ts";

// The client's own key must reach the repair model.
const it = repairModelTest.extend("client", ({ toolmend }) => sdkClient(toolmend, { apiKey: "sk-client" }));

/** The repair model answering with one call of its own tools. */
const answers = (name: string, args: unknown): UpstreamHandler =>
  json(
    toolCallCompletion([{ id: "r1", name, arguments: JSON.stringify(args) }], { finishReason: "tool_calls" }),
  );

const ask = (client: OpenAI) =>
  client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "read the notes" }], tools: fileTools });

// `file` is neither `path` nor a near name: no fixer can rename it; only a model can.
const unfixable = (upstream: ScriptedUpstream) => upstream.script(json(toolCallCompletion([{ id: "call_1", name: "read_file", arguments: '{"file": "notes.md"}' }])));


describe("the repair model", () => {
  it("mends a call the fixers could not, and the client sees the repaired arguments", async ({ upstream, toolmend, client, repairModel }) => {
    unfixable(upstream);
    repairModel.script(answers("submit_arguments", { path: "notes.md" }));
    const completion = await ask(client);
    const call = completion.choices[0]!.message.tool_calls![0]!;
    expect(call.type === "function" && JSON.parse(call.function.arguments)).toEqual({ path: "notes.md" });

    const sent = JSON.parse(repairModel.requests[0]!.body.toString()) as {
      model: string;
      tool_choice: string;
      tools: Array<{ function: { name: string; parameters: unknown; strict?: boolean } }>;
      messages: Array<{ role: string; content: string }>;
    };
    expect(sent.model).toBe("repairer");
    expect(sent.tool_choice).toBe("required");
    expect(sent.tools.map((tool) => tool.function.name)).toEqual(["submit_arguments", "escalate", "throw_exception"]);
    expect(sent.tools[0]!.function.parameters).toEqual(fileTools[0]!.function.parameters);
    expect(sent.messages[1]!.content).toContain('{"file": "notes.md"}');
    expect(sent.messages[1]!.content).not.toContain("read the notes"); // no context unless asked for
    expect(repairModel.requests[0]!.headers.authorization).toBe("Bearer sk-client");
    expect(await toolmend.scrape()).toContain('toolmend_repair_model_calls_total{result="submitted"} 1');
    expect(await toolmend.scrape()).toContain('toolmend_fixes_total{fixer="repair-model"} 1');
    expect(await toolmend.scrape()).toContain('toolmend_repair_model_tokens_total{kind="prompt"} 50');
  });

  it("is not asked about a call holding several calls with one beyond the fixers: it answers with one call and would drop the rest", async ({ upstream, client, repairModel }) => {
    const envelopes = JSON.stringify([
      { name: "read_file", arguments: { path: "a.md" } },
      { name: "read_file", arguments: { file: "b.md" } },
    ]);
    upstream.script(json(toolCallCompletion([{ id: "call_1", name: "read_file", arguments: envelopes }])));
    repairModel.script(answers("submit_arguments", { path: "a.md" }));
    const error = await ask(client).then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(repairModel.requests).toHaveLength(0);
  });

  it("retries an invalid submission with the new errors, then takes the valid one", async ({ upstream, launch, repairModel }) => {
    const toolmend = await launch({ repair: { model: { maxAttempts: 2 } } });
    const client = sdkClient(toolmend, { apiKey: "sk-client" });
    unfixable(upstream);
    repairModel.script(answers("submit_arguments", { file_name: "notes.md" }), answers("submit_arguments", { path: "notes.md" }));
    const completion = await ask(client);
    const call = completion.choices[0]!.message.tool_calls![0]!;
    expect(call.type === "function" && JSON.parse(call.function.arguments)).toEqual({ path: "notes.md" });
    expect(repairModel.requests).toHaveLength(2);
    const second = JSON.parse(repairModel.requests[1]!.body.toString()) as { messages: Array<{ content: string }> };
    expect(second.messages[1]!.content).toContain('{"file_name":"notes.md"}');
    expect(second.messages[1]!.content).toContain("required property is missing");
    expect(await toolmend.scrape()).toContain('toolmend_repair_model_calls_total{result="invalid"} 1');
  });

  it("escalates with the model's reason and severity", async ({ upstream, client, repairModel }) => {
    unfixable(upstream);
    repairModel.script(answers("escalate", { reason: "which file is meant is unclear", severity: "HIGH" }));
    const error = await ask(client).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const escalation = ((error as InstanceType<typeof OpenAI.BadRequestError>).error as { escalation: object }).escalation;
    expect(escalation).toMatchObject({ source: "repair-model", reason: "which file is meant is unclear", severity: "HIGH", repair_model_attempts: 1 });
  });

  it("turns throw_exception into a rejection", async ({ upstream, client, repairModel }) => {
    unfixable(upstream);
    repairModel.script(answers("throw_exception", { reason: "not a file read" }));
    const error = await ask(client).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const escalation = ((error as InstanceType<typeof OpenAI.BadRequestError>).error as { escalation: object }).escalation;
    expect(escalation).toMatchObject({ source: "repair-model", policy: "reject", severity: "CRITICAL", reason: "not a file read" });
  });

  it("ends repair on junk and lets the policy decide", async ({ upstream, toolmend, client, repairModel }) => {
    unfixable(upstream);
    repairModel.script(json({ choices: [{ index: 0, message: { role: "assistant", content: "I think path is notes.md" } }] }));
    const error = await ask(client).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const escalation = ((error as InstanceType<typeof OpenAI.BadRequestError>).error as { escalation: object }).escalation;
    expect(escalation).toMatchObject({ source: "schema-fixers", repair_model_error: "junk" });
    expect(escalation).not.toHaveProperty("repair_model_attempts");
    expect(await toolmend.scrape()).toContain('toolmend_repair_model_calls_total{result="error"} 1');
  });

  it("gives up on a repair model that times out, without failing the request's other paths", async ({ upstream, launch, repairModel }) => {
    const toolmend = await launch({ repair: { model: { timeoutMs: 200 } } });
    const client = sdkClient(toolmend, { apiKey: "sk-client" });
    unfixable(upstream);
    repairModel.script(() => undefined);
    const error = await ask(client).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(await toolmend.scrape()).toContain('toolmend_repair_model_calls_total{result="error"} 1');
  });

  it("survives a repair model answering 500", async ({ upstream, client, repairModel }) => {
    unfixable(upstream);
    repairModel.script(json({ error: { message: "boom" } }, 500));
    const error = await ask(client).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const escalation = ((error as InstanceType<typeof OpenAI.BadRequestError>).error as { escalation: object }).escalation;
    expect(escalation).toMatchObject({ source: "schema-fixers", repair_model_error: "status" });
  });

  it("never reaches the repair model for a tool that opts out, or for a destructive one", async ({ upstream, launch, repairModel }) => {
    const toolmend = await launch({ repair: { tools: { read_file: { repairModel: false }, "delete_*": { destructive: true } } } });
    const client = sdkClient(toolmend, { apiKey: "sk-client" });
    upstream.script(
      json(toolCallCompletion([{ id: "c", name: "read_file", arguments: '{"file": "x"}' }])),
      json(toolCallCompletion([{ id: "d", name: "delete_file", arguments: '{"file": "x"}' }])),
    );
    await ask(client).catch(() => undefined);
    await ask(client).catch(() => undefined);
    expect(repairModel.requests).toHaveLength(0);
  });

  it("is not called for what the fixers mend themselves", async ({ upstream, client, repairModel }) => {
    upstream.script(json(toolCallCompletion([{ id: "c", name: "read_file", arguments: '{"path": "a", "limit": "3",}' }])));
    await ask(client);
    expect(repairModel.requests).toHaveLength(0);
  });

  it("sends the last user message only with includeContext", async ({ upstream, launch, repairModel }) => {
    const toolmend = await launch({ repair: { model: { includeContext: true } } });
    const client = sdkClient(toolmend, { apiKey: "sk-client" });
    unfixable(upstream);
    repairModel.script(answers("submit_arguments", { path: "notes.md" }));
    await ask(client);
    const sent = JSON.parse(repairModel.requests[0]!.body.toString()) as { messages: Array<{ content: string }> };
    expect(sent.messages[1]!.content).toContain("read the notes");
  });
});
