import type { Readable, Transform } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { ToolmendError } from "../errors.ts";

const decoders: Record<string, () => Transform> = {
  gzip: createGunzip,
  "x-gzip": createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** Whether toolmend can read a body sent with this `content-encoding`. */
export function canDecode(encoding: string | string[] | undefined): boolean {
  return encoding === undefined || encoding === "identity" || (typeof encoding === "string" && encoding in decoders);
}

/** The body decoded per its `content-encoding` (which `canDecode` accepted). */
export function decodedBody(body: Readable, encoding: string | string[] | undefined): Readable {
  const decoder = typeof encoding === "string" ? decoders[encoding] : undefined;
  return decoder === undefined ? body : body.pipe(decoder());
}

/**
 * Reads a whole upstream body, decoded, refusing more than `limit` bytes
 * after decoding (a compressed body must not become a memory bomb).
 */
export async function readBody(body: Readable, encoding: string | string[] | undefined, limit: number): Promise<Buffer> {
  const source = decodedBody(body, encoding);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) {
        throw new ToolmendError("upstream_response_too_large", `The upstream's answer exceeds ${limit} bytes.`);
      }
      chunks.push(chunk);
    }
  } finally {
    if (!body.destroyed) body.destroy();
    if (source !== body && !source.destroyed) source.destroy();
  }
  return Buffer.concat(chunks, size);
}
