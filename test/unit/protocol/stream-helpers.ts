import { readFileSync } from "node:fs";
import type { ChatStreamAction } from "../../../src/protocol/chat-chunk.ts";
import { createChatStreamAssembler, type ChatStreamAssemblerOptions } from "../../../src/protocol/chat-stream.ts";
import { createSseParser, type SseItem } from "../../../src/protocol/sse.ts";

export const fixtureNames = [
  "openai-text.sse",
  "openai-tool-call.sse",
  "openai-parallel.sse",
  "ollama-index-reused.sse",
  "ollama-no-index.sse",
  "vllm-index-reused.sse",
  "gemini-openai-compat.sse",
  "llamacpp-tool-call.sse",
  "openrouter-midstream-error.sse",
  "cut-mid-call.sse",
] as const;

export type FixtureName = (typeof fixtureNames)[number];

export const readFixture = (name: FixtureName): Buffer =>
  readFileSync(new URL(`../../fixtures/streams/${name}`, import.meta.url));

/** Deterministic ids for synthesised calls, so that runs compare equal. */
export function counterIds(): () => string {
  let next = 0;
  return () => `synth${String(next++).padStart(4, "0")}`;
}

/** Parse SSE items from `chunks` pushed in order, then end. */
export function parseChunks(chunks: readonly (Buffer | string)[]): SseItem[] {
  const parser = createSseParser();
  const items: SseItem[] = [];
  for (const chunk of chunks) items.push(...parser.push(chunk));
  items.push(...parser.end());
  return items;
}

export interface Run {
  /** Actions in order, with the SSE comments interleaved as they came. */
  readonly actions: ChatStreamAction[];
  /** For each pushed data payload, the actions that push returned. */
  readonly perPush: { data: string; actions: ChatStreamAction[] }[];
}

/** The route's loop without the HTTP: bytes → SSE parser → assembler. */
export function runStream(chunks: readonly (Buffer | string)[], options: ChatStreamAssemblerOptions = {}): Run {
  const parser = createSseParser();
  const assembler = createChatStreamAssembler({ createToolCallId: counterIds(), ...options });
  const actions: ChatStreamAction[] = [];
  const perPush: Run["perPush"] = [];
  const feed = (items: SseItem[]): void => {
    for (const item of items) {
      if (item.kind !== "event") continue;
      const result = assembler.push(item.data, item.event);
      perPush.push({ data: item.data, actions: result });
      actions.push(...result);
    }
  };
  for (const chunk of chunks) feed(parser.push(chunk));
  feed(parser.end());
  actions.push(...assembler.end());
  return { actions, perPush };
}

/** Split `bytes` at the given (sorted, deduplicated) offsets. */
export function splitAt(bytes: Buffer, offsets: readonly number[]): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (const offset of offsets) {
    if (offset <= start || offset >= bytes.length) continue;
    parts.push(bytes.subarray(start, offset));
    start = offset;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

export const oneByteAtATime = (bytes: Buffer): Buffer[] => Array.from({ length: bytes.length }, (_, i) => bytes.subarray(i, i + 1));

/** A compact chunk builder for table tests: one choice, index 0 unless told. */
export function chunk(delta: Record<string, unknown> | undefined, finishReason: string | null = null, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: "chatcmpl-test",
    object: "chat.completion.chunk",
    created: 1,
    model: "m",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...extra,
  });
}
