/**
 * Through the proxy: a call that could not be checked is answered as sent
 * with `x-toolmend-outcome: unvalidated`, counted and logged with the reason;
 * hostile request bodies are 400s, never 500s.
 */
import { describe, expect, it } from "../support/fixtures.ts";
import { json, toolCallCompletion } from "../support/scripted-upstream.ts";
import type { RunningToolmend } from "../support/toolmend-harness.ts";

const tool = (parameters: unknown, name = "run") => ({ type: "function", function: { name, parameters } });

const chat = (toolmend: RunningToolmend, body: Record<string, unknown>) =>
  fetch(`${toolmend.baseURL}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "x" }], ...body }),
  });

describe("outcome unvalidated", () => {
  it("answers a call whose schema is over a limit as sent, with outcome unvalidated, a metric and a log line", async ({ upstream, toolmend }) => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let index = 0; index < 200; index++) deep = { type: "object", properties: { a: deep } };
    const answer = JSON.stringify(toolCallCompletion([{ id: "call_1", name: "run", arguments: '{"a": 1}' }]));
    upstream.script((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end(answer));

    const response = await chat(toolmend, { tools: [tool(deep)] });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-toolmend-outcome")).toBe("unvalidated");
    expect(await response.text()).toBe(answer);
    const line = toolmend.logs().find((entry) => entry.msg === "tool call unvalidated");
    expect(line).toMatchObject({ tool: "run", reason: expect.stringMatching(/nested deeper than 48/) });
    const metrics = await toolmend.scrape();
    expect(metrics).toMatch(/toolmend_tool_calls_total\{outcome="unvalidated",model="[^"]+"\} 1/);
  });

  it("says unvalidated for a schema that does not compile, and for arguments nested 10 000 deep", async ({ upstream, toolmend }) => {
    const deepArguments = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    upstream.script(
      json(toolCallCompletion([{ id: "call_1", name: "run", arguments: '{"a": 1}' }])),
      json(toolCallCompletion([{ id: "call_1", name: "run", arguments: deepArguments }])),
    );
    const broken = await chat(toolmend, { tools: [tool({ type: "object", properties: { a: { type: "strin" } } })] });
    expect(broken.headers.get("x-toolmend-outcome")).toBe("unvalidated");
    const deep = await chat(toolmend, { tools: [tool({ type: "object" })] });
    expect(deep.status).toBe(200);
    expect(deep.headers.get("x-toolmend-outcome")).toBe("unvalidated");
  });
});

describe("hostile request bodies are the client's error", () => {
  it("answers 400 to a body nested deeper than server.maxJsonDepth, and to 100 000-deep broken history arguments no 500", async ({ upstream, toolmend }) => {
    upstream.script(json(toolCallCompletion([{ id: "call_1", name: "run", arguments: "{}" }])));
    const nested = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const deepBody = await fetch(`${toolmend.baseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: `{"model": "m", "tools": [], "messages": ${nested}}`,
    });
    expect(deepBody.status).toBe(400);
    expect(((await deepBody.json()) as { error: { code: string } }).error.code).toBe("invalid_json");

    // A history call whose arguments (a string) hold broken JSON 100 000 deep: left as it is.
    const brokenDeep = `${'{"a":'.repeat(100_000)}1`;
    const history = await chat(toolmend, {
      tools: [tool({ type: "object" })],
      messages: [
        { role: "user", content: "x" },
        { role: "assistant", content: null, tool_calls: [{ id: "c", type: "function", function: { name: "run", arguments: brokenDeep } }] },
        { role: "tool", tool_call_id: "c", content: "ok" },
      ],
    });
    expect(history.status).toBe(200);
    const sent = JSON.parse(upstream.requests.at(-1)!.body.toString()) as { messages: { tool_calls?: { function: { arguments: string } }[] }[] };
    expect(sent.messages[1]!.tool_calls![0]!.function.arguments).toBe(brokenDeep);
  });

  it("answers 400 in OpenAI's format past the tools-per-request and schema-bytes caps", async ({ upstream, launch }) => {
    const toolmend = await launch({ repair: { limits: { maxTools: 8, maxToolSchemaBytes: 2048 } } });
    const many = await chat(toolmend, { tools: Array.from({ length: 9 }, (_, index) => tool({ type: "object" }, `t${index}`)) });
    expect(many.status).toBe(400);
    expect(await many.json()).toMatchObject({ error: { code: "too_many_tools", type: "invalid_request_error" } });
    const wide = await chat(toolmend, { tools: [tool({ type: "object", description: "x".repeat(4096) })] });
    expect(wide.status).toBe(400);
    expect(upstream.requests).toHaveLength(0);
  });
});
