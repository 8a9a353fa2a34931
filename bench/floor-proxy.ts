/**
 * The floor: the least a Node proxy can do per request, for calibration
 * (`npm run bench -- --floor`). A node:http server that buffers the body,
 * forwards it with an undici Pool and streams the answer back; no parsing,
 * no validation, no logging, no metrics. What toolmend costs above this row
 * is its own; what this row costs is the runtime's.
 *
 * `node bench/floor-proxy.ts UPSTREAM_BASE_URL [CONNECTIONS]`: listens on 127.0.0.1 on a
 * free port and reports it to its parent over IPC.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Pool } from "undici";

const upstream = new URL(process.argv[2] ?? "http://127.0.0.1:8421/v1");
const basePath = upstream.pathname.replace(/\/+$/, "");
const pool = new Pool(upstream.origin, { connections: Number(process.argv[3] ?? 128) });
const skipped = new Set(["host", "connection", "content-length", "keep-alive", "transfer-encoding"]);

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers)) if (!skipped.has(name) && typeof value === "string") headers[name] = value;
    pool
      .request({ method: "POST", path: basePath + (request.url ?? "").replace(/^\/v1/, ""), headers, body: Buffer.concat(chunks) })
      .then(async (answer) => {
        const contentType = answer.headers["content-type"];
        response.writeHead(answer.statusCode, typeof contentType === "string" ? { "content-type": contentType } : {});
        for await (const chunk of answer.body) response.write(chunk);
        response.end();
      })
      .catch(() => response.destroy());
  });
});

server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on("disconnect", () => process.exit(0));
