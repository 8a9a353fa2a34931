import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage["headers"];
  readonly body: Buffer;
}

export type UpstreamHandler = (request: RecordedRequest, response: ServerResponse, raw: IncomingMessage) => void;

export interface ScriptedUpstream {
  /** Base URL as an SDK takes it: `http://127.0.0.1:PORT/v1`. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Handlers used in turn, one per request; the last one repeats. */
  script(...handlers: UpstreamHandler[]): void;
  /** Resolves when the server sees a request's connection close before its response ended. */
  readonly aborted: Promise<void>;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 that answers from a script and records what it got. */
export async function startScriptedUpstream(basePath = "/v1"): Promise<ScriptedUpstream> {
  const requests: RecordedRequest[] = [];
  let handlers: UpstreamHandler[] = [(_request, response) => response.writeHead(500).end("no script")];
  let markAborted: () => void = () => undefined;
  const aborted = new Promise<void>((resolve) => (markAborted = resolve));

  const server: Server = createServer((raw, response) => {
    const chunks: Buffer[] = [];
    raw.on("data", (chunk: Buffer) => chunks.push(chunk));
    raw.on("end", () => {
      const recorded = { method: raw.method ?? "", url: raw.url ?? "", headers: raw.headers, body: Buffer.concat(chunks) };
      requests.push(recorded);
      response.on("close", () => {
        if (!response.writableFinished) markAborted();
      });
      const handler = handlers.length > 1 ? handlers.shift()! : handlers[0]!;
      handler(recorded, response, raw);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}${basePath}`,
    requests,
    script: (...next) => {
      handlers = next;
    },
    aborted,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with JSON. */
export const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}): UpstreamHandler =>
  (_request, response) => {
    response.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
  };

/** Answers with server-sent events, one `data:` line per event, `delayMs` apart. */
export const sse =
  (events: readonly (string | object)[], delayMs = 0): UpstreamHandler =>
  (_request, response) => {
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    let index = 0;
    const next = () => {
      if (response.destroyed) return;
      if (index === events.length) return void response.end();
      const event = events[index++]!;
      response.write(`data: ${typeof event === "string" ? event : JSON.stringify(event)}\n\n`);
      setTimeout(next, delayMs);
    };
    next();
  };

/** Cuts the connection without answering: what a crashed or restarting upstream does. */
export const reset: UpstreamHandler = (_request, response) => {
  response.socket?.destroy();
};

/** A minimal chat completion, as OpenAI shapes it. */
export function chatCompletion(content: string, extra: Record<string, unknown> = {}) {
  return {
    id: "chatcmpl-1",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "gpt-test",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop", logprobs: null }],
    usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
    ...extra,
  };
}

/**
 * A request sent exactly as written (fetch normalises paths and drops
 * `connection`), answered with status, headers and body text.
 */
export async function rawRequest(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: IncomingMessage["headers"]; body: string }> {
  const { request } = await import("node:http");
  const url = new URL(origin);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      { host: url.hostname, port: url.port, path, method: options.method ?? "GET", headers: options.headers },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/** A chat completion whose message carries `toolCalls` (each `{ id?, name, arguments, ...extra }`). */
export function toolCallCompletion(
  toolCalls: ReadonlyArray<{ id?: string; name: string; arguments: unknown; [extra: string]: unknown }>,
  options: { finishReason?: string; content?: string | null; choices?: number } = {},
) {
  const message = {
    role: "assistant",
    content: options.content ?? null,
    tool_calls: toolCalls.map(({ id, name, arguments: args, ...extra }) => ({
      ...(id === undefined ? {} : { id }),
      type: "function",
      function: { name, arguments: args },
      ...extra,
    })),
  };
  return {
    id: "chatcmpl-tools",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "gpt-test",
    choices: Array.from({ length: options.choices ?? 1 }, (_, index) => ({
      index,
      message,
      finish_reason: options.finishReason ?? "tool_calls",
      logprobs: null,
    })),
    usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
  };
}

/** Tools as a chat request declares them. */
export const fileTools = [
  {
    type: "function" as const,
    function: {
      name: "read_file",
      description: "Read a file.",
      parameters: {
        type: "object",
        properties: { path: { type: "string" }, limit: { type: "integer" } },
        required: ["path"],
        additionalProperties: false,
      },
    },
  },
  {
    type: "function" as const,
    function: {
      name: "delete_file",
      description: "Delete a file.",
      parameters: {
        type: "object",
        properties: { file_path: { type: "string" } },
        required: ["file_path"],
        additionalProperties: false,
      },
    },
  },
];

/** `text` in `pieces` parts of equal size (the last may be shorter). */
export function evenPieces(text: string, pieces: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / pieces));
  const parts: string[] = [];
  for (let start = 0; start < text.length; start += size) parts.push(text.slice(start, start + size));
  return parts;
}

/**
 * The chunks OpenAI streams for a turn: role, optional text deltas, each
 * call's deltas (id/type/name first, then the arguments in `pieces` parts),
 * the finish chunk, a usage chunk, `[DONE]` (OpenAI's wire shape; see
 * test/fixtures/streams/openai-tool-call.sse).
 */
export function toolCallStream(
  calls: ReadonlyArray<{ id?: string; name: string; arguments: string }>,
  options: {
    text?: string[];
    /** `reasoning_content` deltas, sent before the text. */
    reasoning?: string[];
    finishReason?: string | null;
    pieces?: number;
    done?: boolean;
    /** Cuts each call's arguments into deltas; default: `pieces` equal parts. */
    split?: (text: string) => string[];
  } = {},
): (string | object)[] {
  const envelope = { id: "chatcmpl-s", object: "chat.completion.chunk", created: 1_700_000_000, model: "gpt-test" };
  const chunk = (delta: object, finish: string | null = null) => ({
    ...envelope,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const events: (string | object)[] = [chunk({ role: "assistant", content: null })];
  for (const reasoning of options.reasoning ?? []) events.push(chunk({ reasoning_content: reasoning }));
  for (const text of options.text ?? []) events.push(chunk({ content: text }));
  calls.forEach((call, index) => {
    events.push(chunk({ tool_calls: [{ index, id: call.id ?? `call_${index}`, type: "function", function: { name: call.name, arguments: "" } }] }));
    const pieces = options.split?.(call.arguments) ?? evenPieces(call.arguments, options.pieces ?? 3);
    for (const piece of pieces) events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
  });
  if (options.finishReason !== null) events.push(chunk({}, options.finishReason ?? "tool_calls"));
  events.push({ ...envelope, choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } });
  if (options.done !== false) events.push("[DONE]");
  return events;
}
