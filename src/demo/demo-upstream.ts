/**
 * A scripted OpenAI-compatible upstream for demos and the compose file: it
 * answers the way a small model misbehaves, so toolmend has real work to do.
 * node:http only; no model, no network.
 *
 * Run it: `node dist/demo/demo-upstream.js` (or `node src/demo/demo-upstream.ts`
 * on Node 24). It listens on DEMO_UPSTREAM_HOST (default 127.0.0.1) and
 * DEMO_UPSTREAM_PORT (default 8421); DEMO_UPSTREAM_CHUNK_DELAY_MS (default 15)
 * spaces out streamed chunks. Base URL: `http://<host>:<port>/v1`.
 *
 * Routes: GET /v1/models; POST /v1/chat/completions and POST /v1/responses,
 * streaming (`stream: true`) or not.
 *
 * The answer depends on the first of these keywords that starts a word of
 * the last user message (case-insensitive). A scenario whose tool the
 * request did not declare answers with plain text instead.
 * | keyword | tool        | what comes back                                                        |
 * | hermes  | get_weather | no tool call: `<tool_call>{"name":…,"arguments":{…}}</tool_call>` in content |
 * | valid   | get_weather | a valid call: `{"city":"Paris","unit":"celsius"}`                       |
 * | weather | get_weather | arguments in a ```json fence with a trailing comma                      |
 * | file    | read_file   | called as `readFile`, `{"path": "a.txt", "limit": "10"}` (string for integer) |
 * | search  | web_search  | arguments cut inside the query string, finish_reason "length" (unrecoverable) |
 * | delete  | delete_file | `{"path": …}` where the schema says `file_path`                         |
 * | text    | —           | plain text, no tool call                                                 |
 * Anything else: plain text listing the keywords. The tool schemas the
 * scenarios assume are `demoTools` in scenarios.ts.
 */
import { parseJsonObject } from "../json.ts";
import { realpathSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { chatCompletion, chatCompletionChunks, readChatRequest } from "./chat-completions.ts";
import { readResponsesRequest, responseBody, responseEvents } from "./responses.ts";

export { demoTools, pickReply, scenarioKeywords } from "./scenarios.ts";

export interface DemoUpstreamOptions {
  readonly host?: string;
  /** 0 picks a free port. */
  readonly port?: number;
  /** Pause between streamed chunks, so a demo shows tokens arriving. */
  readonly chunkDelayMs?: number;
}

export interface DemoUpstream {
  /** Base URL as an SDK takes it: `http://<host>:<port>/v1`. */
  readonly url: string;
  close(): Promise<void>;
}


const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

function sendError(response: ServerResponse, status: number, message: string, code: string | null = null): void {
  sendJson(response, status, { error: { message, type: "invalid_request_error", param: null, code } });
}

/** Writes SSE frames one by one; stops quietly when the client went away. */
async function streamEvents(response: ServerResponse, frames: readonly string[], delayMs: number): Promise<void> {
  response.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive" });
  for (const frame of frames) {
    if (response.destroyed) return;
    response.write(frame);
    if (delayMs > 0) await sleep(delayMs);
  }
  response.end();
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function handle(request: IncomingMessage, response: ServerResponse, delayMs: number): Promise<void> {
  const path = (request.url ?? "/").split("?")[0];
  const route = `${request.method} ${path}`;

  if (route === "GET /v1/models") {
    const created = 1_700_000_000;
    return sendJson(response, 200, { object: "list", data: [{ id: "demo-model", object: "model", created, owned_by: "toolmend-demo" }] });
  }
  if (route !== "POST /v1/chat/completions" && route !== "POST /v1/responses") {
    return sendError(response, 404, `Unknown route ${route} on the toolmend demo upstream.`, "unknown_url");
  }

  const raw = await readBody(request);
  const body = parseJsonObject(raw.toString("utf8"));
  if (body === undefined) return sendError(response, 400, "The request body is not a JSON object.");

  if (path === "/v1/chat/completions") {
    const chat = readChatRequest(body, raw.length);
    if (!chat.stream) return sendJson(response, 200, chatCompletion(chat));
    const frames = chatCompletionChunks(chat).map((chunk) => `data: ${typeof chunk === "string" ? chunk : JSON.stringify(chunk)}\n\n`);
    return streamEvents(response, frames, delayMs);
  }

  const responses = readResponsesRequest(body, raw.length);
  if (!responses.stream) return sendJson(response, 200, responseBody(responses));
  const frames = responseEvents(responses).map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`);
  return streamEvents(response, frames, delayMs);
}

/** Starts the demo upstream; resolves once it listens. */
export async function startDemoUpstream({ host = "127.0.0.1", port = 8421, chunkDelayMs = 0 }: DemoUpstreamOptions = {}): Promise<DemoUpstream> {
  const server = createServer((request, response) => {
    handle(request, response, chunkDelayMs).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, 500, `Demo upstream failure: ${(error as Error).message}`);
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    url: `http://${urlHost}:${address.port}/v1`,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function integerFrom(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** Run as a script: listen, and stop on SIGTERM/SIGINT (as PID 1 in a container, nothing else would). */
async function runFromCommandLine(): Promise<void> {
  const upstream = await startDemoUpstream({
    host: process.env.DEMO_UPSTREAM_HOST ?? "127.0.0.1",
    port: integerFrom(process.env.DEMO_UPSTREAM_PORT, 8421, "DEMO_UPSTREAM_PORT"),
    chunkDelayMs: integerFrom(process.env.DEMO_UPSTREAM_CHUNK_DELAY_MS, 15, "DEMO_UPSTREAM_CHUNK_DELAY_MS"),
  });
  process.stdout.write(`toolmend demo upstream listening on ${upstream.url}\n`);
  const stop = () => void upstream.close().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

const entry = process.argv[1];
if (entry !== undefined && realpathSync(entry) === fileURLToPath(import.meta.url)) {
  runFromCommandLine().catch((error: unknown) => {
    console.error(`demo upstream: ${(error as Error).message}`);
    process.exit(1);
  });
}
