/**
 * A chat template's head for the assistant's turn at the start of the text, as a server that printed the prompt's
 * last tokens leaves it (ChatML's `<|im_start|>assistant` line, Llama 3's `<|start_header_id|>assistant<|end_header_id|>`,
 * Llama 4's `<|header_start|>assistant<|header_end|>`, Gemma's `<start_of_turn>model` line, Phi's `<|assistant|>`,
 * DeepSeek's `<｜Assistant｜>`): the answer starts after it, as it starts after a closed reasoning block, so a fence or
 * an indented block right after it opens the text, and nothing of the head is a lead-in or a frame around a call.
 */

/** The heads, and whether the template ends the head with a line break (ChatML and Gemma write the role on the token's line). */
const HEADS: readonly (readonly [head: string, line: boolean])[] = [
  ["<|im_start|>assistant", true],
  ["<|start_header_id|>assistant<|end_header_id|>", false],
  ["<|header_start|>assistant<|header_end|>", false],
  ["<start_of_turn>model", true],
  ["<|assistant|>", false],
  ["<｜Assistant｜>", false],
];

/** Longer than any head with its line break. */
const MAX_HEAD_CHARS = 64;

/**
 * Where the answer starts after the assistant's head that `text` opens with (space before it aside): the index
 * after the head (and its line break, for a head on a line of its own); `"maybe"` while the text so far could still
 * become one; `undefined` when it opens with none.
 */
export function afterAssistantHead(text: string): number | "maybe" | undefined {
  let at = 0;
  while (at < text.length && at < MAX_HEAD_CHARS && " \t\r\n".includes(text[at]!)) at++;
  if (at === text.length) return at < MAX_HEAD_CHARS ? "maybe" : undefined;
  for (const [head, line] of HEADS) {
    const rest = text.slice(at, at + head.length);
    if (rest.length < head.length) {
      if (head.startsWith(rest)) return "maybe";
      continue;
    }
    if (rest !== head) continue;
    const end = at + head.length;
    if (!line) return end;
    if (text.startsWith("\n", end)) return end + 1;
    if (text.startsWith("\r\n", end)) return end + 2;
    return end === text.length || (end + 1 === text.length && text[end] === "\r") ? "maybe" : undefined;
  }
  return undefined;
}
