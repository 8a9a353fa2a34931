import type { Readable } from "node:stream";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SseParser } from "../protocol/sse.ts";
import { countTokens } from "../observability/metrics.ts";
import { tokenUsageInEvent } from "../observability/token-usage.ts";

export interface EventStreamDriver<Action, End> {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  /** The upstream's body, decoded. */
  readonly source: Readable;
  readonly parser: SseParser;
  /** The wire format's assembler: one SSE event in, actions out. */
  push(data: string, event: string | undefined): readonly Action[];
  /** The upstream ended: the assembler's last word (a truncated stream, say). */
  end(): readonly Action[];
  /** Carries one action out; a value ends the round. */
  act(action: Action): Promise<End | undefined>;
  /** An SSE comment (a keep-alive). */
  comment(text: string): Promise<void>;
  /** Ends the round in failure with this message. */
  fail(message: string): Promise<End>;
  /** What a round that simply ran out of events ends with. */
  readonly finished: End;
}

/**
 * Pumps an upstream event stream through its parser and assembler, one
 * action at a time: the loop both streamed routes share. A client that left
 * ends it quietly (the upstream request is aborted with it).
 */
export async function driveEventStream<Action, End>(driver: EventStreamDriver<Action, End>): Promise<End> {
  const { parser } = driver;
  const { metrics } = driver.request.server.toolmend;
  const run = async (actions: readonly Action[]): Promise<End | undefined> => {
    for (const action of actions) {
      const end = await driver.act(action);
      if (end !== undefined) return end;
    }
    return undefined;
  };
  try {
    for await (const chunk of driver.source as AsyncIterable<Buffer>) {
      for (const item of parser.push(chunk)) {
        if (item.kind === "comment") await driver.comment(item.text);
        else if (item.kind === "too_large") return await driver.fail("The upstream sent an event larger than toolmend accepts.");
        else {
          countTokens(metrics, driver.request.telemetry.model, tokenUsageInEvent(item.data));
          const end = await run(driver.push(item.data, item.event));
          if (end !== undefined) return end;
        }
      }
    }
    for (const item of parser.end()) {
      if (item.kind !== "event") continue;
      const end = await run(driver.push(item.data, item.event));
      if (end !== undefined) return end;
    }
    return (await run(driver.end())) ?? driver.finished;
  } catch (error) {
    if (driver.reply.raw.destroyed) return driver.finished;
    driver.request.log.warn({ err: error }, "upstream stream failed");
    return driver.fail("The upstream stream failed before it completed.");
  }
}
