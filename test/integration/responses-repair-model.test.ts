import { describe, expect, repairModelTest as it } from "../support/fixtures.ts";
import { json, toolCallCompletion } from "../support/scripted-upstream.ts";
import { responseEvents, responseTools, responseWith, sseEvents } from "../support/responses-upstream.ts";

const params = { model: "m", input: "read the notes", tools: responseTools };
// `file` is neither `path` nor a near name: no fixer can rename it; only a model can.
const unfixable = { kind: "call" as const, name: "read_file", arguments: '{"file": "notes.md"}', callId: "call_1" };
const submits = json(toolCallCompletion([{ id: "r1", name: "submit_arguments", arguments: '{"path":"notes.md"}' }]));

describe("the repair model on /v1/responses", () => {
  it("mends a non-streamed call the fixers could not", async ({ upstream, client, repairModel }) => {
    upstream.script(json(responseWith([unfixable])));
    repairModel.script(submits);
    const response = await client.responses.create(params);
    const call = response.output.find((item) => item.type === "function_call");
    expect(call?.type === "function_call" && JSON.parse(call.arguments)).toEqual({ path: "notes.md" });
    expect(repairModel.requests).toHaveLength(1);
  });

  it("mends a streamed call before it is released", async ({ upstream, client, repairModel }) => {
    upstream.script(sseEvents(responseEvents([unfixable])));
    repairModel.script(submits);
    const final = await client.responses.stream(params).finalResponse();
    const call = final.output.find((item) => item.type === "function_call");
    expect(call?.type === "function_call" && JSON.parse(call.arguments)).toEqual({ path: "notes.md" });
  });
});
