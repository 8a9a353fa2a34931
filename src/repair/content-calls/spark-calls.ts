/**
 * iFlytek Spark X2.5: GLM's key/value tags between pipe-tagged call tokens,
 * `<|tool_call|>\nadd<arg_key>a</arg_key><arg_value>2</arg_value>\n<|/tool_call|>`,
 * one block per call. Granite writes JSON after the same opening token: that
 * body is `marked-calls.ts`'s, and a block holding anything but GLM's body
 * leaves the text to it. Values are typed from the tool's schema as GLM's are.
 */
import type { Detection } from "./raw-call.ts";
import { detectBlocks } from "./raw-call.ts";
import { readGlmCall } from "./tagged-calls.ts";

export const SPARK_CALL: readonly [string, string] = ["<|tool_call|>", "<|/tool_call|>"];

/** Every Spark block; `undefined` when one is unclosed or holds anything but one GLM call. */
export function detectSpark(content: string): Detection | undefined {
  if (!content.includes(SPARK_CALL[1])) return undefined;
  return detectBlocks(content, SPARK_CALL, (body) => {
    const call = readGlmCall(body);
    return call === undefined ? undefined : [call];
  });
}
