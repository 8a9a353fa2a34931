import { Readable } from "node:stream";
import { ToolmendError } from "../errors.ts";

/**
 * The largest passthrough request body kept whole, so that a transport retry
 * can send it again. A larger one streams to the upstream and is sent once.
 */
export const REPLAYABLE_BODY_BYTES = 1024 * 1024;

/**
 * A client's request body on its way upstream: whole (a Buffer, which a retry
 * can replay) when it ends within `limit` bytes; else a stream of the bytes
 * read so far and then the rest, read only as fast as the upstream takes
 * them, so that a body of any size costs a bounded amount of memory.
 */
export async function replayableOrStreamed(source: Readable, limit: number = REPLAYABLE_BODY_BYTES): Promise<Buffer | Readable> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let size = 0;
  while (size <= limit) {
    const next = await nextChunk(iterator);
    if (next.done === true) return Buffer.concat(head, size);
    head.push(next.value);
    size += next.value.length;
  }
  return Readable.from(theRest(head, iterator), { objectMode: false });
}

async function* theRest(head: Buffer[], iterator: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  try {
    // Handed on one by one, so the head is freed as the upstream takes it.
    while (head.length > 0) yield head.shift()!;
    for (;;) {
      const next = await nextChunk(iterator);
      if (next.done === true) return;
      yield next.value;
    }
  } finally {
    // Stopped early (the upstream failed or the client left): stop reading the client too.
    await iterator.return?.();
  }
}

/** The client's next chunk; a client that broke off its body is a client that left. */
async function nextChunk(iterator: AsyncIterator<Buffer>): Promise<IteratorResult<Buffer>> {
  try {
    return await iterator.next();
  } catch (error) {
    throw new ToolmendError("client_closed", "The client stopped sending its request body.", { cause: error });
  }
}
