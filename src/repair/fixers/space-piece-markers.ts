// {"a":▁1,▁"b":▁"x"} → {"a": 1, "b": "x"}
import { readPieceSpaces } from "../piece-spaces.ts";
import type { TextFixer } from "../types.ts";

/**
 * A server that skipped the tokenizer's decoding leaves SentencePiece's `▁`
 * where the model wrote a space (see piece-spaces). Only markers between
 * tokens are read as spaces; with one inside a string too, which markers
 * were spaces is unsure and the text is left as it is.
 */
export const spacePieceMarkers: TextFixer = {
  name: "space-piece-markers",
  purpose: "Read SentencePiece's space marker (▁), left by a server that skipped the tokenizer's decoding, as the space it stands for.",
  class: "lossless",
  stage: "text",
  fix(text) {
    const read = readPieceSpaces(text);
    return typeof read === "object" ? read.text : undefined;
  },
};
