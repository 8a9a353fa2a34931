import { request as httpRequest } from "node:http";
import { gzipSync } from "node:zlib";
import { describe, expect, it, sdkClient, test } from "../support/fixtures.ts";
import { chatCompletion, json, rawRequest, sse, startScriptedUpstream } from "../support/scripted-upstream.ts";

// The upstream must see the client's own key.
test.override("client", ({ toolmend }) => sdkClient(toolmend, { apiKey: "sk-test-secret-123" }));

describe("passthrough", () => {
  it("answers a chat completion through the openai SDK unchanged", async ({ upstream, client }) => {
    upstream.script(json(chatCompletion("Hello from upstream")));
    const completion = await client.chat.completions.create({
      model: "gpt-test",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(completion.choices[0]?.message.content).toBe("Hello from upstream");
    expect(upstream.requests[0]?.url).toBe("/v1/chat/completions");
    expect(upstream.requests[0]?.headers.authorization).toBe("Bearer sk-test-secret-123");
  });

  it("forwards the request body byte-for-byte", async ({ upstream, toolmend }) => {
    upstream.script(json({ ok: true }));
    const body = '{"model":"x",  "messages":[ ],"z":1.50}';
    await fetch(`${toolmend.baseURL}/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(upstream.requests[0]?.body.toString()).toBe(body);
  });

  it("lists models with GET, keeping query string and provider headers", async ({ upstream, toolmend }) => {
    upstream.script(json({ object: "list", data: [{ id: "gpt-test", object: "model", created: 0, owned_by: "me" }] }));
    const response = await rawRequest(toolmend.origin, "/v1/models?limit=2&after=a%20b", {
      headers: { "openai-organization": "org-1", "x-custom": "kept", connection: "keep-alive, x-hop", "x-hop": "dropped" },
    });
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toMatchObject({ data: [{ id: "gpt-test" }] });
    const seen = upstream.requests[0]!;
    expect(seen.method).toBe("GET");
    expect(seen.url).toBe("/v1/models?limit=2&after=a%20b");
    expect(seen.headers["openai-organization"]).toBe("org-1");
    expect(seen.headers["x-custom"]).toBe("kept");
    expect(seen.headers["x-hop"]).toBeUndefined();
    expect(seen.headers["x-request-id"]).toBe(response.headers["x-request-id"]);
  });

  it("lists models through the openai SDK", async ({ upstream, client }) => {
    upstream.script(json({ object: "list", data: [{ id: "m1", object: "model", created: 0, owned_by: "me" }] }));
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(["m1"]);
  });

  it("keeps the upstream's status, headers and error body", async ({ upstream, toolmend }) => {
    upstream.script(json({ error: { message: "bad model", type: "invalid_request_error", code: "model_not_found" } }, 404, { "x-upstream": "yes" }));
    const response = await fetch(`${toolmend.baseURL}/models/nope`);
    expect(response.status).toBe(404);
    expect(response.headers.get("x-upstream")).toBe("yes");
    expect(response.headers.get("x-toolmend-overhead-ms")).toMatch(/^\d+\.\d{3}$/);
    expect(await response.json()).toMatchObject({ error: { code: "model_not_found" } });
  });

  it("passes a gzip-compressed answer through with its encoding, readable by the client", async ({ upstream, client }) => {
    const payload = gzipSync(JSON.stringify(chatCompletion("compressed")));
    upstream.script((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": payload.length });
      response.end(payload);
    });
    const completion = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }] });
    expect(completion.choices[0]?.message.content).toBe("compressed");
  });

  it("maps the path onto a base URL with its own prefix", async ({ launch, onTestFinished }) => {
    const prefixed = await startScriptedUpstream("/api/v1");
    onTestFinished(() => prefixed.close());
    const proxy = await launch({ upstream: { url: prefixed.url } });
    prefixed.script(json({ ok: true }));
    await fetch(`${proxy.baseURL}/embeddings?x=1`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect(prefixed.requests[0]?.url).toBe("/api/v1/embeddings?x=1");
  });

  it("refuses paths that climb out of the base path", async ({ upstream, toolmend }) => {
    for (const path of ["/v1/%2e%2e/admin", "/v1/a/../../admin", "/v1/x%2F..%2F..%2Fadmin"]) {
      const response = await rawRequest(toolmend.origin, path);
      expect(response.status).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ error: { code: "invalid_path" } });
    }
    expect(upstream.requests).toHaveLength(0);
  });

  it("ignores Host and forwarding headers when choosing where to connect", async ({ upstream, toolmend }) => {
    upstream.script(json({ ok: true }));
    const response = await fetch(`${toolmend.baseURL}/models`, {
      headers: { "x-forwarded-host": "evil.example", "x-upstream-url": "http://evil.example/v1" },
    });
    expect(response.status).toBe(200);
    expect(upstream.requests).toHaveLength(1);
  });
});

describe("streaming passthrough", () => {
  it("ends the upstream request, as a client that left, when the client stops mid-body", async ({ upstream, toolmend }) => {
    upstream.script(json({ ok: true }));
    const outgoing = httpRequest(`${toolmend.baseURL}/files`, { method: "POST", headers: { "content-length": String(8 * 1024 * 1024) } });
    outgoing.on("error", () => undefined);
    outgoing.write(Buffer.alloc(2 * 1024 * 1024, "c"));
    while (toolmend.logs().every((entry) => entry.msg !== "request")) {
      if (outgoing.writableLength === 0) outgoing.destroy();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(toolmend.logs().find((entry) => entry.msg === "request")).toMatchObject({ route: "passthrough", status: 499 });
    expect(toolmend.logs().filter((entry) => entry.level === "error" || entry.msg === "unhandled error")).toEqual([]);
    // The upstream never got a whole request to answer.
    expect(upstream.requests).toHaveLength(0);
  });

  it("delivers the first SSE event before the upstream finishes", async ({ upstream, client }) => {
    let finishUpstream: () => void = () => undefined;
    upstream.script((_request, response) => {
      response.writeHead(200, { "content-type": "text/event-stream" });
      response.write(`data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 0, model: "m", choices: [{ index: 0, delta: { role: "assistant", content: "first" }, finish_reason: null }] })}\n\n`);
      finishUpstream = () => {
        response.write(`data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 0, model: "m", choices: [{ index: 0, delta: { content: " second" }, finish_reason: "stop" }] })}\n\n`);
        response.end("data: [DONE]\n\n");
      };
    });
    const stream = await client.chat.completions.create({
      model: "m",
      messages: [{ role: "user", content: "x" }],
      stream: true,
    });
    const seen: string[] = [];
    for await (const chunk of stream) {
      seen.push(chunk.choices[0]?.delta.content ?? "");
      // Only now, with the first event already in the client's hands, does the upstream go on.
      if (seen.length === 1) finishUpstream();
    }
    expect(seen).toEqual(["first", " second"]);
  });

  it("streams every event of a longer stream in order", async ({ upstream, client }) => {
    const events = Array.from({ length: 20 }, (_, index) => ({
      id: "c",
      object: "chat.completion.chunk",
      created: 0,
      model: "m",
      choices: [{ index: 0, delta: { content: `${index},` }, finish_reason: index === 19 ? "stop" : null }],
    }));
    upstream.script(sse([...events, "[DONE]"], 1));
    const stream = await client.chat.completions.create({ model: "m", messages: [{ role: "user", content: "x" }], stream: true });
    let text = "";
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? "";
    expect(text).toBe(Array.from({ length: 20 }, (_, index) => `${index},`).join(""));
  });
});
