/**
 * End-of-turn tokens a server left at the end of the text (a template's stop
 * token printed because special tokens were not skipped). They close the
 * turn, so a call left open before one (`{"name": …` cut, `[f(x=1)`) is read
 * as if the text ended there; the tokens themselves stay in the text.
 */
const END_OF_TURN_TOKENS = [
  "<|im_end|>",
  "<|eot_id|>",
  "<|eom_id|>",
  "<|end|>",
  "<|endoftext|>",
  "<|end_of_text|>",
  "<|return|>",
  "<|END_OF_TURN_TOKEN|>",
  "<｜end▁of▁sentence｜>",
  // MediaTek Breeze's, with fullwidth bars.
  "<｜im_end｜>",
  "</s>",
  "<eos>",
  "<end_of_turn>",
  // Functionary v2's end of a message.
  "<|stop|>",
  // GLM's stop tokens after a call: the tool's turn, or the user's, opened with nothing in it.
  "<|observation|>",
  "<|user|>",
];

/** Where the run of end-of-turn tokens (and space) that `text` ends with starts; `text.length` when there is none. */
function endOfTurnStart(text: string): number {
  let start = text.length;
  for (;;) {
    // Scanned back, not sliced: the reading is tried on many cuts of a long text.
    let end = start;
    while (end > 0 && /\s/.test(text[end - 1]!)) end--;
    const token = END_OF_TURN_TOKENS.find((candidate) => text.endsWith(candidate, end));
    if (token === undefined) return start === text.length ? start : end;
    start = end - token.length;
  }
}

/** `text` split before the run of end-of-turn tokens it ends with (`tokens` is empty when there is none). */
export function splitEndOfTurn(text: string): { body: string; tokens: string } {
  const at = endOfTurnStart(text);
  return { body: text.slice(0, at), tokens: text.slice(at) };
}

/**
 * Whether `rest`, what follows a call on its line, is only end-of-turn
 * tokens: "yes", "maybe" while it could still become some (a token cut by
 * the stream), "no".
 */
export function onlyEndOfTurn(rest: string): "yes" | "maybe" | "no" {
  let left = rest.trimStart();
  while (left !== "") {
    const token = END_OF_TURN_TOKENS.find((candidate) => left.startsWith(candidate));
    if (token === undefined) return END_OF_TURN_TOKENS.some((candidate) => candidate.startsWith(left)) ? "maybe" : "no";
    left = left.slice(token.length).trimStart();
  }
  return "yes";
}

/** `text` after the end-of-turn tokens (and space) it opens with. */
export function afterEndOfTurn(text: string): string {
  let left = text.trimStart();
  for (;;) {
    const token = END_OF_TURN_TOKENS.find((candidate) => left.startsWith(candidate));
    if (token === undefined) return left;
    left = left.slice(token.length).trimStart();
  }
}
