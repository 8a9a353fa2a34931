// <minimax:tool_call><invoke name="sum"><parameter name="a">3</parameter></invoke></minimax:tool_call> → {"a":3} for sum
import type { JsonObject } from "../../json.ts";
import { parseJsonObject } from "../../json.ts";
import type { JsonSchema, ParserFamily } from "../types.ts";
import { readLeadingCalls, type ContentToolCalls } from "../content-calls/read-leading-calls.ts";

/**
 * Lossless: a server that did not parse the model's call may pass the whole
 * of it on as the arguments text, in the markup the model writes calls in as
 * text (MiniMax's `<invoke>`, DeepSeek's DSML, GLM's `<arg_key>` pairs,
 * Qwen3-Coder's `<function=…>`). Read as that call would be read from the
 * answer's text, each value typed from its property's schema, when it is one
 * call naming the call's own tool and nothing else is there: naming another
 * tool, the arguments are that tool's.
 */
export const parseCallMarkup: ParserFamily = {
  name: "parse-call-markup",
  purpose: "Read the model's whole call in a text call format (MiniMax <invoke>, DSML, GLM <arg_key>, Qwen3-Coder <function=…>) sent as the arguments text, when it is one call of the call's own tool.",
  class: "lossless",
  stage: "parse",
};

/** The object the call markup of `text` holds for the tool `toolName` (schema `schema`), or `undefined`. */
export function readCallMarkup(text: string, schema: unknown, toolName: string | undefined): JsonObject | undefined {
  if (toolName === undefined) return undefined;
  const trimmed = text.trim();
  const tools = [{ name: toolName, parameters: schema as JsonSchema }];
  if (trimmed.startsWith("<")) return oneCallOf(readLeadingCalls(trimmed, tools), toolName);
  // GLM's call body without its `<tool_call>` tags (a server peeled them, or never wrote them): the tool's own name, then its first tag.
  if (!trimmed.startsWith(toolName) || !/^\s*<arg_key>/.test(trimmed.slice(toolName.length))) return undefined;
  // The closer put around it here is not the model's: a last value whose closer never came may have been cut.
  if (!trimmed.endsWith("</arg_value>")) return undefined;
  return oneCallOf(readLeadingCalls(`<tool_call>${trimmed}</tool_call>`, tools), toolName);
}

/** The arguments of the one call `found` holds when it names `toolName` and nothing else was read, else `undefined`. */
function oneCallOf(found: ContentToolCalls | undefined, toolName: string): JsonObject | undefined {
  if (found === undefined || found.calls.length !== 1 || found.text.trim() !== "" || found.calls[0]!.name !== toolName) return undefined;
  return parseJsonObject(found.calls[0]!.arguments);
}
