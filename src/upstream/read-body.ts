import { pipeline, type Readable, type Transform } from "node:stream";
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

/**
 * The body decoded per its `content-encoding` (which `canDecode` accepted).
 * Joined with `pipeline`, not `pipe`: whoever stops reading destroys the
 * decoder, and that must destroy the upstream body (and free its socket) too.
 */
export function decodedBody(body: Readable, encoding: string | string[] | undefined): Readable {
  const decoder = typeof encoding === "string" ? decoders[encoding] : undefined;
  // Errors reach the reader through the decoder; the callback only keeps them from being unhandled.
  return decoder === undefined ? body : pipeline(body, decoder(), () => undefined);
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
  } catch (error) {
    throw readFailure(error);
  } finally {
    if (!body.destroyed) body.destroy();
    if (source !== body && !source.destroyed) source.destroy();
  }
  return Buffer.concat(chunks, size);
}

/**
 * Why reading stopped, as an error toolmend answers with: the request's
 * signal ends a body with its own reason (the total budget's TimeoutError,
 * or an AbortError when the client left); anything else is an answer that
 * broke off (shorter than its content-length, a reset, bad compression): 502.
 */
function readFailure(error: unknown): ToolmendError {
  if (error instanceof ToolmendError) return error;
  const { name, code } = error as { name?: unknown; code?: unknown };
  if (name === "TimeoutError" || code === "UND_ERR_BODY_TIMEOUT") {
    return new ToolmendError("upstream_timeout", "The upstream's answer did not arrive in time.", { cause: error });
  }
  if (name === "AbortError" || code === "UND_ERR_ABORTED") {
    return new ToolmendError("client_closed", "The client closed the request.", { cause: error });
  }
  const detail = typeof code === "string" ? code : (error as Error).message;
  return new ToolmendError("upstream_invalid_answer", `The upstream's answer broke off (${detail}).`, { cause: error });
}
