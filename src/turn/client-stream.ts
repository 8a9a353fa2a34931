import { once } from "node:events";
import { PassThrough } from "node:stream";
import type { FastifyReply } from "fastify";

/**
 * The response to a streamed request, opened lazily: until the first write
 * nothing has gone out, so the route can still answer with a real HTTP
 * status (an escalation, an upstream error) instead of a 200 stream.
 */
export class ClientStream {
  #out: PassThrough | undefined;
  readonly #reply: FastifyReply;
  readonly #headers: () => Record<string, string | string[]>;

  constructor(reply: FastifyReply, headers: () => Record<string, string | string[]>) {
    this.#reply = reply;
    this.#headers = headers;
  }

  get started(): boolean {
    return this.#out !== undefined;
  }

  /** Writes SSE text, opening the response on first use; waits when the client reads slowly. */
  async write(text: string): Promise<void> {
    if (this.#out === undefined) {
      this.#out = new PassThrough();
      this.#reply.code(200).headers(this.#headers()).send(this.#out);
    }
    if (!this.#out.write(text) && !this.#reply.raw.destroyed) await once(this.#out, "drain");
  }

  /** Ends the stream; the reply it belongs to when it never started. */
  end(): FastifyReply {
    this.#out?.end();
    return this.#reply;
  }
}
