// <|python_tag|>{"a":1}<|eom_id|> → {"a":1}; <|im_start|>assistant → (nothing); <|constrain|>json<|message|>{"a":1} → {"a":1}; {"a":1}</tool_call> → {"a":1}; {"a": "x"<|eot_id|> → {"a": "x"; {"a": "<tool_call>" → unchanged
import type { TextFixer } from "../types.ts";

/**
 * Chat-template markup seen glued to arguments: `<|…|>` tokens (Llama,
 * ChatML, Phi, Harmony, LFM), DeepSeek's fullwidth `<｜…｜>`, tool-call tags
 * (Hermes, Groq's `<function=…>`, GLM) and Mistral's `[TOOL_CALLS]`/`[ARGS]`.
 */
export const SPECIAL_TOKEN =
  /<\|[^|<>\n]{1,40}\|>|<｜[^｜\n]{1,40}｜>|<\/?(?:tool_call|tool_calls|function|function_call|functions|tool|arg_key|arg_value|s|eos|bos|end_of_turn|start_of_turn)(?:=[^>\n]{0,80})?>|\[\/?[A-Z_]{3,20}\]/g;

/** Tokens that open a template's turn, the role's word after them (`<|im_start|>assistant`, `<start_of_turn>model`). */
const TURN_OPENS = new Set(["<|im_start|>", "<|start|>", "<|start_header_id|>", "<start_of_turn>"]);
/** The role's word right after such a token: the template's, as the token is, never a value the arguments hold. */
const ROLE_AFTER_TURN_OPEN = /^[ \t]*(?:assistant|user|system|tool|model|ipython|developer|function)(?![\w-])/;

/** A Qwen3-Coder parameter element, which arguments sent in that form are made of. */
const PARAMETER_ELEMENT = /<parameter=[^>\n]+>/;

/**
 * Only the ends of the text are touched: the markup before the first brace
 * and after the last one. A token inside the JSON may be inside a string
 * value, which is data.
 */
export const stripSpecialTokens: TextFixer = {
  name: "strip-special-tokens",
  purpose: "Remove chat-template tokens (a turn's opening token with its role's word, `<|im_start|>assistant`) and tool-call tags glued before or after the arguments; a token inside a string value is data, also in a text whose closing brace never came.",
  class: "lossless",
  stage: "text",
  fix(text) {
    let start = 0;
    // Arguments are an object: `[` may open Mistral's `[TOOL_CALLS]`, never the arguments.
    const firstBrace = text.indexOf("{");
    // No object, but Qwen3-Coder parameter elements: the tags around them are theirs (see parse-parameter-tags).
    if (firstBrace === -1 && PARAMETER_ELEMENT.test(text)) return undefined;
    const head = firstBrace === -1 ? text : text.slice(0, firstBrace);
    for (const match of head.matchAll(SPECIAL_TOKEN)) {
      start = match.index + match[0].length;
      if (TURN_OPENS.has(match[0])) start += ROLE_AFTER_TURN_OPEN.exec(text.slice(start, start + 24))?.[0].length ?? 0;
    }
    // What follows the last token before the brace (Harmony's `json`) belongs to the markup.
    if (start > 0 && firstBrace !== -1) start = firstBrace;

    let end = text.length;
    const lastBrace = text.lastIndexOf("}");
    const tailAt = Math.max(start, lastBrace + 1);
    // With no `}` before it, a token may stand inside a string the cut or a dropped brace left last
    // (`{"text": "<tool_call>"`): one inside a string that a later quote closes is data, not the arguments' end.
    const unclosed = firstBrace !== -1 && lastBrace < firstBrace;
    const quotes = unclosed ? new StringScan(text, firstBrace) : undefined;
    for (const match of text.slice(tailAt).matchAll(SPECIAL_TOKEN)) {
      const at = tailAt + match.index;
      if (quotes?.insideAt(at) === true && text.includes('"', at + match[0].length)) continue;
      end = at;
      break;
    }

    if (start === 0 && end === text.length) return undefined;
    const stripped = text.slice(start, end).trim();
    return stripped === text ? undefined : stripped;
  },
};

/** Whether places of a JSON text, asked in increasing order, fall inside a double-quoted string: one pass in all. */
class StringScan {
  private readonly text: string;
  private at: number;
  private inString = false;

  constructor(text: string, from: number) {
    this.text = text;
    this.at = from;
  }

  insideAt(place: number): boolean {
    for (; this.at < place; this.at++) {
      const char = this.text[this.at];
      if (this.inString && char === "\\") this.at++;
      else if (char === '"') this.inString = !this.inString;
    }
    return this.inString;
  }
}
