/**
 * The bench's scripted upstream, run in its own process: plain node:http,
 * canned answers chosen by the `x-bench-scenario` header, no parsing. Its
 * speed sets the ceiling the direct runs measure.
 *
 * A stream writes its events one per event-loop turn, so they leave as
 * separate chunks the way a model's tokens do; `x-bench-delta-ms` spaces
 * them out instead (the soak's slow streams).
 *
 * `node bench/upstream.ts [port]`: listens on 127.0.0.1 (port 0 picks one)
 * and reports the port to its parent over IPC, or on stdout.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { cannedAnswers, type CannedAnswer, type ScenarioName } from "./scenarios.ts";

const answers = cannedAnswers();
const jsonHeaders = { "content-type": "application/json", "x-request-id": "upstream" };
const streamHeaders = { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" };

function answer(request: IncomingMessage, response: ServerResponse): void {
  const scenario = request.headers["x-bench-scenario"];
  const canned: CannedAnswer | undefined = typeof scenario === "string" ? answers[scenario as ScenarioName] : undefined;
  if (canned === undefined) {
    response.writeHead(404, jsonHeaders).end('{"error":{"message":"unknown x-bench-scenario","type":"invalid_request_error"}}');
    return;
  }
  if (canned.kind === "json") {
    response.writeHead(200, { ...jsonHeaders, "content-length": canned.body.length }).end(canned.body);
    return;
  }
  const deltaMs = Number(request.headers["x-bench-delta-ms"] ?? 0);
  const events = canned.events;
  response.writeHead(200, streamHeaders);
  let next = 0;
  const writeNext = () => {
    if (response.destroyed) return;
    response.write(events[next]!);
    next++;
    if (next === events.length) response.end();
    else if (deltaMs > 0) setTimeout(writeNext, deltaMs);
    else setImmediate(writeNext);
  };
  writeNext();
}

const server = createServer({ keepAliveTimeout: 60_000 }, (request, response) => {
  // The body is read (an upstream must) but never parsed: the answer is canned.
  request.on("data", () => undefined);
  request.on("end", () => answer(request, response));
});
server.headersTimeout = 0;
server.requestTimeout = 0;

server.listen(Number(process.argv[2] ?? 0), "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  if (process.send !== undefined) process.send({ port });
  else console.log(`bench upstream on http://127.0.0.1:${port}/v1`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
process.on("disconnect", () => process.exit(0));
