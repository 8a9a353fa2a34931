/**
 * Tool-call deltas of one choice, accumulated into whole calls despite the
 * ways real servers deviate from OpenAI's `{index, id?, type?, function:{name?, arguments}}`.
 */
import type { AssembledToolCall } from "./chat-chunk.ts";
import { isJsonObject, type JsonObject } from "../json.ts";

interface CallState {
  id: string | undefined;
  name: string;
  arguments: string;
  /** The arguments when they came as a JSON value rather than text. */
  sent: unknown;
  extra: JsonObject;
  functionExtra: JsonObject;
}

const CALL_FIELDS = new Set(["index", "id", "type", "function"]);
const FUNCTION_FIELDS = new Set(["name", "arguments"]);

/** Unknown fields copied as sent; a later null never erases an earlier value. */
function keepUnknown(source: JsonObject, known: Set<string>, target: JsonObject): void {
  for (const key in source) {
    if (known.has(key)) continue;
    const value = source[key];
    if (value !== null || !(key in target)) target[key] = value;
  }
}

export interface ToolCallAccumulator {
  /**
   * Add the `delta.tool_calls` array of one chunk. Returns the UTF-8 bytes of
   * arguments it added, for the stream-wide bound.
   */
  add(deltas: readonly unknown[]): number;
  readonly size: number;
  /** The calls so far, renumbered 0..n-1; missing ids synthesised now, once. */
  assemble(): AssembledToolCall[];
}

export function createToolCallAccumulator(createId: () => string): ToolCallAccumulator {
  const calls: CallState[] = [];
  // Upstream index → the call it currently designates (an index reused with a new id moves on).
  const byIndex = new Map<number, CallState>();

  function target(delta: JsonObject): CallState {
    const id = typeof delta.id === "string" && delta.id !== "" ? delta.id : undefined;
    const index = typeof delta.index === "number" ? delta.index : undefined;
    let call: CallState | undefined;
    if (index !== undefined) {
      call = byIndex.get(index);
      // Ollama reuses index 0 for parallel calls: a different id is a new call.
      if (call !== undefined && id !== undefined && call.id !== undefined && call.id !== id) call = undefined;
    } else {
      // Gemini and old Ollama send no index: a new id starts a call, anything else continues the last.
      const last = calls.at(-1);
      call = id !== undefined && last !== undefined && last.id !== undefined && last.id !== id ? undefined : last;
    }
    if (call === undefined) {
      call = { id, name: "", arguments: "", sent: undefined, extra: {}, functionExtra: {} };
      calls.push(call);
    } else if (call.id === undefined && id !== undefined) {
      call.id = id;
    }
    if (index !== undefined) byIndex.set(index, call);
    return call;
  }

  return {
    add(deltas) {
      let added = 0;
      for (const delta of deltas) {
        if (!isJsonObject(delta)) continue;
        const call = target(delta);
        keepUnknown(delta, CALL_FIELDS, call.extra);
        const fn = delta.function;
        if (!isJsonObject(fn)) continue;
        // Some servers repeat the whole name in every delta: equal means repeated, not split.
        if (typeof fn.name === "string" && fn.name !== "" && fn.name !== call.name) call.name += fn.name;
        const args = fn.arguments;
        if (typeof args === "string") {
          call.arguments += args;
          call.sent = undefined;
          added += Buffer.byteLength(args, "utf8");
        } else if (args !== null && args !== undefined) {
          // Ollama/LM Studio send the arguments as an object: that is the whole of them.
          const whole = JSON.stringify(args);
          added += Buffer.byteLength(whole, "utf8") - Buffer.byteLength(call.arguments, "utf8");
          call.arguments = whole;
          call.sent = args;
        }
        keepUnknown(fn, FUNCTION_FIELDS, call.functionExtra);
      }
      return added;
    },
    get size() {
      return calls.length;
    },
    assemble() {
      return calls.map((call, position) => {
        call.id ??= createId();
        return {
          index: position,
          id: call.id,
          type: "function",
          name: call.name,
          arguments: call.arguments,
          ...(call.sent === undefined ? {} : { sentArguments: call.sent }),
          extra: call.extra,
          functionExtra: call.functionExtra,
        };
      });
    },
  };
}
