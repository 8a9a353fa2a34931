// <|python_tag|>{"a":1}<|eom_id|> → {"a":1}; <|constrain|>json<|message|>{"a":1} → {"a":1}; {"a":1}</tool_call> → {"a":1}
import type { TextFixer } from "../types.ts";

/**
 * Chat-template markup seen glued to arguments: `<|…|>` tokens (Llama,
 * ChatML, Phi, Harmony, LFM), DeepSeek's fullwidth `<｜…｜>`, tool-call tags
 * (Hermes, Groq's `<function=…>`, GLM) and Mistral's `[TOOL_CALLS]`/`[ARGS]`.
 */
export const SPECIAL_TOKEN =
  /<\|[^|<>\n]{1,40}\|>|<｜[^｜\n]{1,40}｜>|<\/?(?:tool_call|tool_calls|function|function_call|functions|tool|arg_key|arg_value|s|eos|bos|end_of_turn|start_of_turn)(?:=[^>\n]{0,80})?>|\[\/?[A-Z_]{3,20}\]/g;

/** A Qwen3-Coder parameter element, which arguments sent in that form are made of. */
const PARAMETER_ELEMENT = /<parameter=[^>\n]+>/;

/**
 * Only the ends of the text are touched: the markup before the first brace
 * and after the last one. A token inside the JSON may be inside a string
 * value, which is data.
 */
export const stripSpecialTokens: TextFixer = {
  name: "strip-special-tokens",
  purpose: "Remove chat-template tokens and tool-call tags glued before or after the arguments.",
  class: "lossless",
  stage: "text",
  fix(text) {
    let start = 0;
    // Arguments are an object: `[` may open Mistral's `[TOOL_CALLS]`, never the arguments.
    const firstBrace = text.indexOf("{");
    // No object, but Qwen3-Coder parameter elements: the tags around them are theirs (see parse-parameter-tags).
    if (firstBrace === -1 && PARAMETER_ELEMENT.test(text)) return undefined;
    const head = firstBrace === -1 ? text : text.slice(0, firstBrace);
    for (const match of head.matchAll(SPECIAL_TOKEN)) start = match.index + match[0].length;
    // What follows the last token before the brace (Harmony's `json`) belongs to the markup.
    if (start > 0 && firstBrace !== -1) start = firstBrace;

    let end = text.length;
    const lastBrace = text.lastIndexOf("}");
    const tail = text.slice(Math.max(start, lastBrace + 1));
    const tailToken = tail.search(SPECIAL_TOKEN);
    if (tailToken !== -1) end = Math.max(start, lastBrace + 1) + tailToken;

    if (start === 0 && end === text.length) return undefined;
    const stripped = text.slice(start, end).trim();
    return stripped === text ? undefined : stripped;
  },
};
