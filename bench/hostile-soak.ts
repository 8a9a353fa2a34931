/**
 * `npm run soak`: mixed load with hostile input for N minutes against
 * toolmend started as `npm start` runs it, printing every 10 s its RSS,
 * event-loop delay (p99 and max since the last sample, from its own
 * /metrics) and open sockets. A benchmark, not a test: it asserts nothing.
 *
 * The mix, in turn: valid calls, repairable calls, calls against a new
 * schema every time (the compiled-schema cache churns), catastrophic
 * patterns, a nested $ref/anyOf bomb, branching recursion, arguments nested
 * 10 000 deep (in the answer and in the history), event streams, and an
 * HTML answer. Everything runs on 127.0.0.1 and stops by itself.
 *
 * Flags: --minutes 10, --concurrency 16, --every 10 (seconds), --no-build.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { buildToolmend, startToolmend } from "./processes.ts";

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    concurrency: { type: "string", default: "16" },
    every: { type: "string", default: "10" },
    "no-build": { type: "boolean", default: false },
  },
});

interface Shape {
  readonly name: string;
  readonly parameters: (serial: number) => unknown;
  /** The arguments the upstream answers with (and the history repeats). */
  readonly call: (serial: number) => string;
  readonly stream?: boolean;
  /** The upstream answers HTML instead of JSON. */
  readonly html?: boolean;
}

function refBomb(levels: number): unknown {
  const definitions: Record<string, unknown> = { [`a${levels}`]: { type: "string" } };
  for (let index = 0; index < levels; index++) {
    definitions[`a${index}`] = { anyOf: [{ $ref: `#/$defs/a${index + 1}` }, { $ref: `#/$defs/a${index + 1}` }] };
  }
  return { type: "object", $defs: definitions, properties: { s: { $ref: "#/$defs/a0" } } };
}

const fileSchema = { type: "object", properties: { path: { type: "string" }, limit: { type: "integer" } }, required: ["path"] };
const pattern = (source: string) => ({ type: "object", properties: { s: { type: "string", pattern: source } } });
const deep = `${'{"s":'.repeat(10_000)}1${"}".repeat(10_000)}`;
const long = JSON.stringify({ s: `${"a".repeat(40)}!` });

const shapes: readonly Shape[] = [
  { name: "valid", parameters: () => fileSchema, call: () => '{"path": "a.txt", "limit": 5}' },
  { name: "repairable", parameters: () => fileSchema, call: () => '```json\n{"path": "a.txt", "limit": "5",}\n```' },
  {
    name: "new-schema",
    parameters: (serial) => ({ type: "object", properties: { [`field_${serial}`]: { type: "string", pattern: `^v${serial}-[a-z]+$` } } }),
    call: (serial) => JSON.stringify({ [`field_${serial}`]: `v${serial}-ok` }),
  },
  { name: "redos", parameters: () => pattern("^(a+)+$"), call: () => long },
  { name: "redos-2", parameters: () => pattern("^([a-z]+)*[0-9]$"), call: () => long },
  { name: "ref-bomb", parameters: () => refBomb(40), call: () => '{"s": 5}' },
  {
    name: "branching",
    parameters: () => ({ type: "object", anyOf: [{ properties: { s: { $ref: "#" } } }, { properties: { s: { $ref: "#" } }, required: ["z"] }] }),
    call: () => '{"s": {"s": {}}}',
  },
  { name: "deep-arguments", parameters: () => ({ type: "object" }), call: () => deep },
  { name: "stream", parameters: () => fileSchema, call: () => '{"path": "a.txt"}', stream: true },
  { name: "html", parameters: () => fileSchema, call: () => "{}", html: true },
];

/** The upstream: answers each request with the call its `metadata` names, as JSON or as a stream. */
async function startEchoUpstream(): Promise<{ url: string; sockets: () => Promise<number>; close: () => Promise<void> }> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      let body: { stream?: boolean; metadata?: { call?: string; html?: string } };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as typeof body;
      } catch {
        body = {};
      }
      const call = { id: "call_1", type: "function", function: { name: "run", arguments: body.metadata?.call ?? "{}" } };
      if (body.metadata?.html === "yes") return void response.writeHead(200, { "content-type": "text/html" }).end("<html>busy</html>");
      if (body.stream === true) {
        response.writeHead(200, { "content-type": "text/event-stream" });
        const chunk = (delta: unknown, finish: string | null) =>
          `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        response.write(chunk({ role: "assistant", content: null, tool_calls: [{ index: 0, ...call }] }, null));
        response.end(`${chunk({}, "tool_calls")}data: [DONE]\n\n`);
        return;
      }
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: "c",
          object: "chat.completion",
          created: 1,
          model: "m",
          choices: [{ index: 0, message: { role: "assistant", content: null, tool_calls: [call] }, finish_reason: "tool_calls" }],
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    sockets: () => new Promise((resolve) => server.getConnections((_error, count) => resolve(count))),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function requestBody(shape: Shape, serial: number): string {
  const call = shape.call(serial);
  return JSON.stringify({
    model: "m",
    stream: shape.stream === true,
    tools: [{ type: "function", function: { name: "run", parameters: shape.parameters(serial) } }],
    metadata: { call, html: shape.html === true ? "yes" : "no" },
    messages: [
      { role: "user", content: "go" },
      { role: "assistant", content: null, tool_calls: [{ id: "h", type: "function", function: { name: "run", arguments: call } }] },
      { role: "tool", tool_call_id: "h", content: "done" },
    ],
  });
}

/** One value of toolmend's /metrics (the first series of `name`, or the sum of a labelled family). */
function metric(text: string, name: string, labels = ""): number {
  let total = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith(`${name}${labels}`) && (labels !== "" || line.startsWith(`${name} `) || line.startsWith(`${name}{`))) {
      total += Number(line.slice(line.lastIndexOf(" ") + 1));
    }
  }
  return total;
}

async function main(): Promise<void> {
  const minutes = Number(values.minutes);
  const concurrency = Number(values.concurrency);
  const everyMs = Number(values.every) * 1000;
  if (!values["no-build"]) buildToolmend();
  const directory = join(tmpdir(), `toolmend-soak-${process.pid}`);
  mkdirSync(directory, { recursive: true });
  const configPath = join(directory, "toolmend.yaml");
  writeFileSync(configPath, "server:\n  drainDelayMs: 0\nrepair:\n  defaults:\n    onFailure: passthrough\n");
  const upstream = await startEchoUpstream();
  const toolmend = await startToolmend({ upstreamUrl: upstream.url, logLevel: "warn", configPath });
  const origin = toolmend.url.replace(/\/v1$/, "");
  console.log(`soak: ${minutes} min, ${concurrency} clients, ${shapes.length} request shapes (${shapes.map((shape) => shape.name).join(", ")})`);

  const endAt = Date.now() + minutes * 60_000;
  const statuses = new Map<string, number>();
  let sent = 0;
  let serial = 0;
  const client = async () => {
    while (Date.now() < endAt) {
      const shape = shapes[serial % shapes.length]!;
      const body = requestBody(shape, serial++);
      try {
        const response = await fetch(`${toolmend.url}/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body });
        await response.arrayBuffer();
        const key = `${shape.name}:${response.status}`;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
      } catch {
        statuses.set(`${shape.name}:error`, (statuses.get(`${shape.name}:error`) ?? 0) + 1);
      }
      sent++;
    }
  };

  const start = Date.now();
  const rssSamples: number[] = [];
  const sample = async () => {
    const text = await (await fetch(`${origin}/metrics`)).text();
    const rssMb = metric(text, "process_resident_memory_bytes") / 1048576;
    rssSamples.push(rssMb);
    const p99 = metric(text, "nodejs_eventloop_lag_p99_seconds") * 1000;
    const max = metric(text, "nodejs_eventloop_lag_max_seconds") * 1000;
    const sockets = metric(text, "nodejs_active_handles", '{type="Socket"}');
    const seconds = Math.round((Date.now() - start) / 1000);
    console.log(
      `soak t=${String(seconds).padStart(4)}s  requests ${String(sent).padStart(7)}  rss ${rssMb.toFixed(1).padStart(6)} MB  ` +
        `event loop p99 ${p99.toFixed(1).padStart(6)} ms  max ${max.toFixed(1).padStart(6)} ms  ` +
        `sockets toolmend ${sockets}  upstream ${await upstream.sockets()}`,
    );
  };
  const timer = setInterval(() => void sample(), everyMs);
  try {
    await Promise.all(Array.from({ length: concurrency }, client));
    clearInterval(timer);
    await sample();
    const third = Math.max(1, Math.floor(rssSamples.length / 3));
    const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
    console.log(
      `soak summary: ${sent} requests; RSS first third ${mean(rssSamples.slice(0, third)).toFixed(1)} MB, last third ` +
        `${mean(rssSamples.slice(-third)).toFixed(1)} MB; answers ${[...statuses].map(([key, count]) => `${key}=${count}`).join(" ")}`,
    );
  } finally {
    clearInterval(timer);
    await toolmend.stop();
    await upstream.close();
  }
}

await main();
